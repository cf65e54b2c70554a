// Files dropped on the window: one local file at a time, handed to whatever
// opens it, as the File menu would (subtitles are dubbed, a book is opened,
// anything else is the prompt clip).
#pragma once

#include <QObject>

class QWidget;

namespace cosystudio::ui {

class WindowDrops : public QObject {
  Q_OBJECT

 public:
  // Takes drops on `window` (an event filter on it, its child).
  explicit WindowDrops(QWidget* window);

 signals:
  void clipDropped(const QString& path);
  void subtitlesDropped(const QString& path);
  void bookDropped(const QString& path);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace cosystudio::ui
