#include "window_drops.h"

#include "dubbing_job.h"

#include "services/book/book_import.h"

#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QWidget>

namespace cosystudio::ui {

namespace {

// The one local file a drag carries; empty for anything else.
QString droppedFile(const QMimeData* mime) {
  const QList<QUrl> urls = mime->urls();
  return urls.size() == 1 && urls.first().isLocalFile() ? urls.first().toLocalFile() : QString();
}

}  // namespace

WindowDrops::WindowDrops(QWidget* window) : QObject(window) {
  window->setAcceptDrops(true);
  window->installEventFilter(this);
}

bool WindowDrops::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::DragEnter) {
    auto* enter = static_cast<QDragEnterEvent*>(event);
    if (!droppedFile(enter->mimeData()).isEmpty()) enter->acceptProposedAction();
    return true;
  }
  if (event->type() != QEvent::Drop) return QObject::eventFilter(watched, event);
  auto* drop = static_cast<QDropEvent*>(event);
  const QString path = droppedFile(drop->mimeData());
  if (path.isEmpty()) return true;
  drop->acceptProposedAction();
  if (isSubtitleFile(path))
    emit subtitlesDropped(path);  // as File → Open subtitles…
  else if (services::isBookFile(path))
    emit bookDropped(path);  // as File → Open book…
  else
    emit clipDropped(path);
  return true;
}

}  // namespace cosystudio::ui

#include "moc_window_drops.cpp"
