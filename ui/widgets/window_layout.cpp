#include "window_layout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScreen>
#include <QTimer>

#include <algorithm>

namespace cosystudio::ui {

namespace {

void keepOnScreen(QMainWindow* window) {
  const QRect available = window->screen()->availableGeometry();
  // Before the window is shown there is no frame yet: leave room for a title bar.
  const QSize frame = window->isVisible() ? window->frameGeometry().size() - window->size() : QSize(0, 40);
  QRect wanted = window->geometry();
  wanted.setSize(wanted.size().boundedTo(available.size() - frame));
  wanted.moveLeft(std::clamp(wanted.left(), available.left(), available.right() - frame.width() - wanted.width() + 1));
  wanted.moveTop(std::clamp(wanted.top(), available.top() + frame.height(), available.bottom() - wanted.height() + 1));
  if (wanted != window->geometry()) window->setGeometry(wanted);
}

}  // namespace

void restoreWindowLayout(QMainWindow* window, const QByteArray& geometry, const QByteArray& state) {
  if (!window->restoreGeometry(geometry)) {
    const QRect available = window->screen()->availableGeometry();
    window->resize(window->size().expandedTo(available.size() * 0.8).boundedTo(available.size()));
    window->move(available.center() - window->rect().center());
  }
  keepOnScreen(window);
  restoreDockLayout(window, state);
}

void restoreDockLayout(QMainWindow* window, const QByteArray& state) {
  // The docks' sizes once the window has its own: restored into a window not
  // yet laid out, the left dock took the room the text was given (+118 px a start).
  QTimer::singleShot(0, window, [window, state] {
    if (window->restoreState(state)) return;
    // The text gets the room, the side panels what they need.
    window->resizeDocks({window->findChild<QDockWidget*>(QStringLiteral("clipDock")),
                         window->findChild<QDockWidget*>(QStringLiteral("generateDock"))},
                        {380, 330}, Qt::Horizontal);
  });
}

}  // namespace cosystudio::ui
