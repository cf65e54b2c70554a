// A one-line label whose text may be longer than the room it gets (a file name,
// a model folder): it shows "…" instead of widening the window, and the whole
// text in its tooltip.
#pragma once

#include <QLabel>

namespace cosystudio::ui {

class ElidedLabel : public QLabel {
  Q_OBJECT

 public:
  explicit ElidedLabel(QWidget* parent = nullptr);

  // Replaces QLabel::setText (not virtual): keeps the full text, shows what fits.
  void setText(const QString& text);
  QString fullText() const { return fullText_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void elide();

  QString fullText_;
};

}  // namespace cosystudio::ui
