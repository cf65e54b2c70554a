#include "elided_label.h"

#include <QResizeEvent>

#include <algorithm>

namespace cosystudio::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {}

void ElidedLabel::setText(const QString& text) {
  fullText_ = text;
  elide();
  updateGeometry();
}

QSize ElidedLabel::sizeHint() const {
  // The whole text when it is short, else as much as a typical line holds.
  const int whole = fontMetrics().horizontalAdvance(fullText_) + 2 * margin() + 2;
  return {std::min(whole, fontMetrics().averageCharWidth() * 48), QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const {
  // Room for a few characters and the ellipsis: never the whole text.
  return {fontMetrics().averageCharWidth() * 8, QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  elide();
}

void ElidedLabel::elide() {
  const QString shown = fontMetrics().elidedText(fullText_, Qt::ElideMiddle, contentsRect().width());
  setToolTip(shown == fullText_ ? QString() : fullText_);
  QLabel::setText(shown);
}

}  // namespace cosystudio::ui
