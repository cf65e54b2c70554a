#include "script_files.h"

#include "script_job.h"
#include "voice_library.h"

#include "cosystudio/script.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace cosystudio::ui {

namespace {

// The context of this file's messages, for lupdate and translate() alike.
struct ScriptFiles {
  Q_DECLARE_TR_FUNCTIONS(ScriptFiles)
};

QString fromUtf8(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

void saveScriptFile(const QString& path, const QString& text, const VoiceLibrary& voices, double speakerPauseSeconds) {
  JobSpec job;
  job.text = text;
  const auto fileOf = [&voices](const QString& name) { return voices.fileFor(name); };
  const QString problem = makeScriptJob(job, voices.names(), voices.activeVoiceName(), fileOf, speakerPauseSeconds);
  if (!problem.isEmpty()) throw std::runtime_error(problem.toStdString());
  if (!job.isScript())
    throw std::runtime_error(
        ScriptFiles::tr("No line names a saved voice: give lines to speakers (right-click → Spoken by) first.").toStdString());
  for (CastMember& member : job.asScript().cast) member.voiceFingerprint = Voice::load(member.voiceFile).fingerprint();
  saveScript(job.script(), path.toStdString());
}

OpenedScript openScriptFile(const QString& path, VoiceLibrary& voices,
                            const std::function<QString(const QString& name, const QString& file)>& askForVoice) {
  Script script = loadScript(path.toStdString());
  OpenedScript opened;
  std::vector<std::string> notes;
  std::map<std::string, Voice> cast;
  const std::vector<std::filesystem::path> folders{voices.folder().toStdString(),
                                                   QFileInfo(path).absolutePath().toStdString()};
  try {
    cast = loadCast(script, folders, &notes);
  } catch (const EngineError&) {
    // Gone from where it was and from the library: the user says where it is now.
    for (CastMember& member : script.cast)
      if (!std::filesystem::exists(member.voiceFile)) {
        const QString chosen = askForVoice(fromUtf8(member.name), fromUtf8(member.voiceFile.string()));
        if (chosen.isEmpty()) throw;
        member.voiceFile = chosen.toStdString();
      }
    notes.clear();
    cast = loadCast(script, folders, &notes);
  }
  for (const std::string& note : notes) opened.warnings << fromUtf8(note);

  // The window speaks a line by its speaker's name in the library.
  bool libraryChanged = false;
  for (const CastMember& member : script.cast) {
    const QString name = fromUtf8(member.name);
    const QString inLibrary = voices.fileFor(name);
    if (!QFileInfo::exists(inLibrary)) {
      QDir().mkpath(voices.folder());
      if (!QFile::copy(fromUtf8(member.voiceFile.string()), inLibrary))
        throw std::runtime_error(ScriptFiles::tr("Cannot put the voice of “%1” in the voice library (%2).")
                                     .arg(name, QDir::toNativeSeparators(inLibrary))
                                     .toStdString());
      libraryChanged = true;
    } else if (Voice::load(inLibrary.toStdString()).fingerprint() != member.voiceFingerprint) {
      opened.warnings << ScriptFiles::tr("The library's voice “%1” is not the one the script was saved with; the library's speaks.")
                             .arg(name);
    }
  }
  if (libraryChanged) voices.refresh();

  // A line with a style of its own says it after its speaker: "Bob (请用四川话表达。, 1.1x): …".
  QStringList lines;
  for (const ScriptLine& line : script.lines) {
    const std::string style = lineStyleText(line);
    lines << fromUtf8(line.speaker) + (style.empty() ? QString() : QStringLiteral(" (") + fromUtf8(style) + u')') +
                 QStringLiteral(": ") + fromUtf8(line.text);
  }
  opened.text = lines.join(QLatin1Char('\n'));
  return opened;
}

}  // namespace cosystudio::ui
