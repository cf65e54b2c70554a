// A waveform with in/out trim handles and a playhead. Drag a handle to trim;
// click elsewhere to move the nearer handle there.
#pragma once

#include <QVector>
#include <QWidget>

namespace cosystudio::ui {

class WaveformView : public QWidget {
  Q_OBJECT

 public:
  explicit WaveformView(QWidget* parent = nullptr);

  void setSamples(const QVector<float>& samples, int sampleRate);
  void clear();
  // Selection in frames, [in, out).
  qint64 inFrame() const { return in_; }
  qint64 outFrame() const { return out_; }
  void setSelection(qint64 in, qint64 out);
  void setPlayhead(double seconds);  // < 0 hides it
  QSize sizeHint() const override { return {480, 110}; }

 signals:
  void selectionChanged(qint64 in, qint64 out);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  enum class Handle { None, In, Out };
  qint64 frameAt(int x) const;
  int xOf(qint64 frame) const;
  void rebuildPeaks();
  void moveHandle(Handle handle, qint64 frame);

  QVector<float> samples_;
  int sampleRate_ = 0;
  QVector<QPair<float, float>> peaks_;  // min/max per pixel column
  qint64 in_ = 0;
  qint64 out_ = 0;
  double playhead_ = -1;
  Handle dragging_ = Handle::None;
};

}  // namespace cosystudio::ui
