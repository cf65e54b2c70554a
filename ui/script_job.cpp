#include "script_job.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace cosystudio::ui {

std::optional<SpeakerPrefix> speakerPrefix(const QString& line, const QStringList& names) {
  static const QRegularExpression prefix(QStringLiteral(R"(^\s*([^:：]*?)\s*[:：]\s*)"));
  const auto match = prefix.match(line);
  if (!match.hasMatch() || !names.contains(match.captured(1))) return std::nullopt;
  return SpeakerPrefix{match.captured(1), int(match.capturedLength())};
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
    line.instruction = job.instruction.toStdString();
    const QString speaker = QString::fromStdString(line.speaker);
    if (cast.contains(speaker)) continue;
    cast << speaker;
    script.cast.push_back({line.speaker, fileFor(speaker).toStdString(), {}});
  }
  script.lines = std::move(lines);
  job.script = std::move(script);
  job.voiceName = cast.join(QStringLiteral(", "));
  job.voiceFile.clear();
  job.clip = {};
  job.transcript.clear();
  job.settings.stream = false;  // the pauses between speakers exist only in the joined take
  return {};
}

}  // namespace cosystudio::ui
