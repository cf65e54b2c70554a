#include "script_job.h"

#include <QCoreApplication>

#include <algorithm>

namespace cosystudio::ui {

std::optional<SpeakerPrefix> speakerPrefix(const QString& line, const QStringList& names) {
  std::vector<std::string> cast;
  for (const QString& name : names) cast.push_back(name.toStdString());
  const std::string text = line.toStdString();
  const auto prefix = scriptLinePrefix(text, cast);
  if (!prefix) return std::nullopt;
  return SpeakerPrefix{QString::fromStdString(prefix->name), int(QString::fromStdString(text.substr(0, prefix->length)).size())};
}

QString makeScriptJob(JobSpec& job, const QStringList& voiceNames, const QString& narrator,
                      const std::function<QString(const QString&)>& fileFor, double speakerPauseSeconds) {
  std::vector<std::string> names;
  for (const QString& name : voiceNames) names.push_back(name.toStdString());
  std::vector<ScriptLine> lines = parseScriptText(job.text.toStdString(), names, narrator.toStdString());
  const bool named = std::any_of(lines.begin(), lines.end(), [&](const ScriptLine& line) {
    return !line.speaker.empty() && line.speaker != narrator.toStdString();
  });
  if (!named) return {};
  if (job.settings.mode == Mode::VoiceConversion)
    return QCoreApplication::translate("ScriptJob", "A script speaks text: choose another mode than voice conversion.");
  if (lines.front().speaker.empty())
    return QCoreApplication::translate(
        "ScriptJob", "The lines before the first “Name:” have no voice: begin with a speaker's name, or choose a "
                     "saved voice to narrate them.");

  Script script;
  script.speakerPauseSeconds = speakerPauseSeconds;
  QStringList cast;
  for (ScriptLine& line : lines) {
    if (line.instruction.empty() && (!line.mode || *line.mode == Mode::Instruct))
      line.instruction = job.instruction.toStdString();  // the style panel's, unless the line has its own
    const QString speaker = QString::fromStdString(line.speaker);
    if (cast.contains(speaker)) continue;
    cast << speaker;
    script.cast.push_back({line.speaker, fileFor(speaker).toStdString(), {}});
  }
  script.lines = std::move(lines);
  job.kind = std::move(script);
  job.voiceName = cast.join(QStringLiteral(", "));
  job.voiceFile.clear();
  job.clip = {};
  job.transcript.clear();
  job.settings.stream = false;  // the pauses between speakers exist only in the joined take
  return {};
}

}  // namespace cosystudio::ui
