// Shared helpers of the UI tests.
#pragma once

#include "job.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QDropEvent>
#include <QMimeData>
#include <QTest>
#include <QString>
#include <QUrl>
#include <QWidget>

namespace cosystudio::ui::test {

inline QString fixtures() { return QString::fromLocal8Bit(qgetenv("COSYSTUDIO_FIXTURES_DIR")); }
inline QString promptA() { return fixtures() + QStringLiteral("/e2e/prompts/prompt-a.wav"); }
inline QString tinyModelA() { return fixtures() + QStringLiteral("/e2e/tiny-model-a"); }

// The fixture prompt as the window hands it to a job: all of it, in memory.
inline PromptClip promptClipA() {
  PromptClip clip;
  clip.path = promptA();
  QString error;
  if (!loadPromptClip(clip, &error)) qFatal("%s", qPrintable(error));
  return clip;
}

// Shows `widget`'s window and gives `widget` the keyboard focus, for key clicks
// that reach a shortcut (shortcuts follow the focus window, not the widget a
// click is sent to): whether it holds. On a bare X server, an earlier window's
// late focus-out can take the activation back after it was given, so the
// focus is asked for again until it holds.
inline bool focusForKeys(QWidget* widget) {
  QWidget* window = widget->window();
  window->show();
  return QTest::qWaitFor([&] {
    if (QApplication::focusWidget() != widget) {
      window->activateWindow();
      widget->setFocus();
    }
    return window->isActiveWindow() && QApplication::focusWidget() == widget;
  });
}

// What a file manager delivers when a file is dropped on `window`: whether the drop was taken.
inline bool dropFile(QWidget* window, const QString& path) {
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(path)});
  const QPoint at = window->rect().center();
  QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(window, &enter);
  if (!enter.isAccepted()) return false;
  QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(window, &drop);
  return drop.isAccepted();
}

// Copies a folder tree (files become writable copies).
inline bool copyTree(const QString& from, const QString& to) {
  QDir source(from);
  if (!QDir().mkpath(to)) return false;
  for (const QFileInfo& entry : source.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
    const QString target = to + QLatin1Char('/') + entry.fileName();
    if (entry.isDir() ? !copyTree(entry.absoluteFilePath(), target)
                      : !QFile::copy(entry.absoluteFilePath(), target))
      return false;
    if (entry.isFile()) QFile(target).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
  }
  return true;
}

}  // namespace cosystudio::ui::test
