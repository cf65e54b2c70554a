// Script project files (script.h) from the window: the text panel's script
// saved with its cast's voices, so that a chapter can be finished over several
// days, and opened again — a voice that moved is found in the voice library by
// its fingerprint, one that is gone is asked for (re-linked), and every
// speaker's voice is put in the library under their name.
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace cosystudio::ui {

class VoiceLibrary;

// Writes the script of `text` (lines given to saved voices, script_job.h),
// with that pause between speakers, to `path`. Throws with the reason (no line
// names a saved voice, a file that cannot be written).
void saveScriptFile(const QString& path, const QString& text, const VoiceLibrary& voices, double speakerPauseSeconds);

struct OpenedScript {
  QString text;          // "Name: …" lines for the text panel
  QStringList warnings;  // a voice found elsewhere or changed; lines' own styles not shown
};

// Reads the script at `path`. A speaker whose voice file is gone and not in
// the library is asked for with `askForVoice(name, file)` (empty: not found,
// and the script is refused naming it). Throws with the reason.
OpenedScript openScriptFile(const QString& path, VoiceLibrary& voices,
                            const std::function<QString(const QString& name, const QString& file)>& askForVoice);

}  // namespace cosystudio::ui
