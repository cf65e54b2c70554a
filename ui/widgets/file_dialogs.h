// File dialogs that open where the user last was for that kind of file (else
// Music, else home), never in the process's working folder.
#pragma once

#include <QString>

class QWidget;

namespace cosystudio::ui {

enum class FileKind { Audio, Export, Voice, Diagnostics, Script, Subtitles, Book };

// A clip to open: WAV, FLAC, OGG, Opus or MP3. Empty when cancelled.
QString chooseAudioFile(QWidget* parent, const QString& title);
QString chooseOpenPath(QWidget* parent, const QString& title, FileKind kind, const QString& filter);
// `suggestedName` is a file name; the dialog puts it in the remembered folder.
QString chooseSavePath(QWidget* parent, const QString& title, FileKind kind, const QString& suggestedName,
                       const QString& filter);
QString chooseFolder(QWidget* parent, const QString& title, FileKind kind);

}  // namespace cosystudio::ui
