#include "file_dialogs.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace cosystudio::ui {

namespace {

QString settingsKey(FileKind kind) {
  switch (kind) {
    case FileKind::Audio: return QStringLiteral("folders/audio");
    case FileKind::Export: return QStringLiteral("folders/export");
    case FileKind::Voice: return QStringLiteral("folders/voice");
    case FileKind::Diagnostics: return QStringLiteral("folders/diagnostics");
    case FileKind::Script: return QStringLiteral("folders/script");
    case FileKind::Subtitles: return QStringLiteral("folders/subtitles");
    case FileKind::Book: return QStringLiteral("folders/book");
  }
  return {};
}

QString startFolder(FileKind kind) {
  const QString last = QSettings().value(settingsKey(kind)).toString();
  if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
  const QString music = QStandardPaths::writableLocation(QStandardPaths::MusicLocation);
  return !music.isEmpty() && QFileInfo(music).isDir() ? music : QDir::homePath();
}

// Returns `chosen` after remembering its folder (a chosen file's, or the chosen folder).
QString remember(FileKind kind, const QString& chosen, bool isFolder) {
  if (!chosen.isEmpty())
    QSettings().setValue(settingsKey(kind), isFolder ? chosen : QFileInfo(chosen).absolutePath());
  return chosen;
}

}  // namespace

QString chooseAudioFile(QWidget* parent, const QString& title) {
  return chooseOpenPath(
      parent, title, FileKind::Audio,
      QCoreApplication::translate("cosystudio::ui::FileDialogs",
                                  "Audio files (*.wav *.flac *.ogg *.oga *.opus *.mp3);;All files (*)"));
}

QString chooseOpenPath(QWidget* parent, const QString& title, FileKind kind, const QString& filter) {
  return remember(kind, QFileDialog::getOpenFileName(parent, title, startFolder(kind), filter), false);
}

QString chooseSavePath(QWidget* parent, const QString& title, FileKind kind, const QString& suggestedName,
                       const QString& filter) {
  const QString start = QDir(startFolder(kind)).filePath(suggestedName);
  return remember(kind, QFileDialog::getSaveFileName(parent, title, start, filter), false);
}

QString chooseFolder(QWidget* parent, const QString& title, FileKind kind) {
  return remember(kind, QFileDialog::getExistingDirectory(parent, title, startFolder(kind)), true);
}

}  // namespace cosystudio::ui
