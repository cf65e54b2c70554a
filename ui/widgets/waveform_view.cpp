#include "waveform_view.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cosystudio::ui {

namespace {
constexpr int kHandleGrabPixels = 6;
}

WaveformView::WaveformView(QWidget* parent) : QWidget(parent) {
  setMinimumHeight(80);
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setToolTip(tr("Drag the handles to trim the clip; the shaded parts are left out."));
  setAccessibleName(tr("Prompt clip waveform"));
}

void WaveformView::setSamples(const QVector<float>& samples, int sampleRate) {
  samples_ = samples;
  sampleRate_ = sampleRate;
  in_ = 0;
  out_ = samples_.size();
  playhead_ = -1;
  rebuildPeaks();
  update();
}

void WaveformView::clear() { setSamples({}, 0); }

void WaveformView::setSelection(qint64 in, qint64 out) {
  in = std::clamp<qint64>(in, 0, samples_.size());
  out = std::clamp<qint64>(out, in, samples_.size());
  if (in == in_ && out == out_) return;
  in_ = in;
  out_ = out;
  update();
  emit selectionChanged(in_, out_);
}

void WaveformView::setPlayhead(double seconds) {
  playhead_ = seconds;
  update();
}

void WaveformView::rebuildPeaks() {
  peaks_.clear();
  const int columns = std::max(1, width());
  if (samples_.isEmpty()) return;
  peaks_.resize(columns);
  const double perColumn = double(samples_.size()) / columns;
  for (int x = 0; x < columns; ++x) {
    const qint64 begin = qint64(x * perColumn);
    const qint64 end = std::max(begin + 1, qint64((x + 1) * perColumn));
    float lo = 0, hi = 0;
    for (qint64 i = begin; i < end && i < samples_.size(); ++i) {
      lo = std::min(lo, samples_[i]);
      hi = std::max(hi, samples_[i]);
    }
    peaks_[x] = {lo, hi};
  }
}

qint64 WaveformView::frameAt(int x) const {
  if (samples_.isEmpty()) return 0;
  return std::clamp<qint64>(qint64(double(x) / std::max(1, width()) * samples_.size()), 0,
                            samples_.size());
}

int WaveformView::xOf(qint64 frame) const {
  if (samples_.isEmpty()) return 0;
  return int(double(frame) / samples_.size() * width());
}

void WaveformView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  const QPalette& pal = palette();
  p.fillRect(rect(), pal.base());
  if (peaks_.isEmpty()) {
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(rect(), Qt::AlignCenter, tr("Drop an audio file here, open one, or record"));
    return;
  }
  const int mid = height() / 2;
  const double half = height() / 2.0 - 2;
  p.setPen(pal.color(QPalette::Highlight));
  for (int x = 0; x < peaks_.size(); ++x)
    p.drawLine(x, mid - int(peaks_[x].second * half), x, mid - int(peaks_[x].first * half));

  // Shade what the trim leaves out.
  QColor shade = pal.color(QPalette::Window);
  shade.setAlpha(170);
  p.fillRect(QRect(0, 0, xOf(in_), height()), shade);
  p.fillRect(QRect(xOf(out_), 0, width() - xOf(out_), height()), shade);

  p.setPen(QPen(pal.color(QPalette::Text), 2));
  p.drawLine(xOf(in_), 0, xOf(in_), height());
  p.drawLine(xOf(out_), 0, xOf(out_), height());

  if (playhead_ >= 0 && sampleRate_ > 0) {
    p.setPen(QPen(pal.color(QPalette::LinkVisited), 1));
    const int x = xOf(qint64(playhead_ * sampleRate_));
    p.drawLine(x, 0, x, height());
  }
  if (sampleRate_ > 0) {
    p.setPen(pal.color(QPalette::Text));
    p.drawText(rect().adjusted(4, 2, -4, -2), Qt::AlignTop | Qt::AlignRight,
               tr("%1 s of %2 s")
                   .arg(double(out_ - in_) / sampleRate_, 0, 'f', 2)
                   .arg(double(samples_.size()) / sampleRate_, 0, 'f', 2));
  }
}

void WaveformView::moveHandle(Handle handle, qint64 frame) {
  if (handle == Handle::In) setSelection(std::min(frame, out_), out_);
  if (handle == Handle::Out) setSelection(in_, std::max(frame, in_));
}

void WaveformView::mousePressEvent(QMouseEvent* event) {
  if (samples_.isEmpty() || event->button() != Qt::LeftButton) return;
  const int x = event->position().toPoint().x();
  const int toIn = std::abs(x - xOf(in_));
  const int toOut = std::abs(x - xOf(out_));
  dragging_ = toIn <= toOut ? Handle::In : Handle::Out;
  moveHandle(dragging_, frameAt(x));
}

void WaveformView::mouseMoveEvent(QMouseEvent* event) {
  const int x = event->position().toPoint().x();
  if (dragging_ != Handle::None) {
    moveHandle(dragging_, frameAt(x));
    return;
  }
  const bool nearHandle = !samples_.isEmpty() && (std::abs(x - xOf(in_)) <= kHandleGrabPixels ||
                                                  std::abs(x - xOf(out_)) <= kHandleGrabPixels);
  setCursor(nearHandle ? Qt::SizeHorCursor : Qt::ArrowCursor);
}

void WaveformView::mouseReleaseEvent(QMouseEvent*) { dragging_ = Handle::None; }

void WaveformView::resizeEvent(QResizeEvent*) { rebuildPeaks(); }

}  // namespace cosystudio::ui
