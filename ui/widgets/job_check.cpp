#include "job_check.h"

#include "engine_messages.h"

#include "cosystudio/request_rules.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace cosystudio::ui {

namespace {

RequestOutline outlineOf(const JobSpec& job) {
  RequestOutline outline;
  outline.mode = job.settings.mode;
  // A script's cast are saved voices.
  outline.voice = job.isScript() || !job.voiceFile.isEmpty() || !job.clip.isEmpty();
  outline.text = !job.text.trimmed().isEmpty();
  // A saved voice carries its transcript, or not: the engine tells when it runs.
  outline.transcript = job.isScript() || !job.voiceFile.isEmpty() || !job.transcript.trimmed().isEmpty();
  outline.instruction = !job.instruction.trimmed().isEmpty();
  outline.sourceClip = !job.sourceClipPath.isEmpty();
  outline.speed = job.settings.speed;
  outline.stream = job.settings.stream;
  return outline;
}

}  // namespace

QString jobProblem(const JobSpec& job) {
  switch (requestProblem(outlineOf(job))) {
    case RequestProblem::None: return {};
    case RequestProblem::NoVoice:
      return QCoreApplication::translate("JobCheck", "Open or record a prompt clip, or choose a saved voice, first.");
    case RequestProblem::NoText: return QCoreApplication::translate("JobCheck", "Type the text to speak first.");
    case RequestProblem::NoTranscript:
      return QCoreApplication::translate(
          "JobCheck", "Zero-shot needs the transcript of the prompt clip. Type it, or use cross-lingual mode.");
    case RequestProblem::NoInstruction:
      return QCoreApplication::translate("JobCheck", "Choose a preset or type an instruction for instruct mode.");
    case RequestProblem::NoSourceClip:
      return QCoreApplication::translate(
          "JobCheck", "Voice conversion needs a source clip: File → Open source clip for voice conversion…");
    case RequestProblem::SpeedOutOfRange:
      return QCoreApplication::translate("JobCheck", "The speed must be from %1× to %2×.")
          .arg(kMinSpeed, 0, 'f', 1)
          .arg(kMaxSpeed, 0, 'f', 1);
    case RequestProblem::SpeedWhileStreaming:
      return QCoreApplication::translate("JobCheck",
                                         "A speed other than 1.0× needs the whole segment: turn streaming off.");
  }
  return {};
}

QString sourceClipProblem(const QString& path) {
  try {
    if (const auto violation = audio::limitViolation(audio::probeClip(path.toStdString()), audio::ClipLimits{}))
      return QCoreApplication::translate("JobCheck", "“%1” cannot be used as the source clip: %2")
          .arg(QFileInfo(path).fileName(), translated(*violation));
  } catch (const audio::AudioError& e) {
    return errorText(e);
  }
  return {};
}

}  // namespace cosystudio::ui
