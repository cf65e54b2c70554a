#include "job_json.h"

#include <QJsonValue>

namespace cosystudio::ui {

namespace {

// Everything but the mode and the seed, which the callers read each their way.
JobSpec jobFields(const QJsonObject& json) {
  JobSpec job;
  job.text = json.value(QStringLiteral("text")).toString();
  job.instruction = json.value(QStringLiteral("instruction")).toString();
  job.voiceFile = json.value(QStringLiteral("voice_file")).toString();
  job.voiceName = json.value(QStringLiteral("voice")).toString();
  if (job.voiceFile.isEmpty()) {
    job.clip.path = json.value(QStringLiteral("prompt_clip")).toString();
    job.clip.inFrame = json.value(QStringLiteral("prompt_clip_in")).toInteger(0);
    job.clip.outFrame = json.value(QStringLiteral("prompt_clip_out")).toInteger(-1);
    job.clip.digest = QByteArray::fromHex(json.value(QStringLiteral("prompt_clip_sha256")).toString().toLatin1());
  }
  job.transcript = json.value(QStringLiteral("prompt_transcript")).toString();
  job.sourceClipPath = json.value(QStringLiteral("source_clip")).toString();
  job.speed = json.value(QStringLiteral("speed")).toDouble(1.0);
  job.stream = json.value(QStringLiteral("stream")).toBool();
  job.normalize = !json.value(QStringLiteral("raw_text")).toBool();
  job.readNumbers = json.value(QStringLiteral("read_numbers")).toBool(true);
  job.segmentTimeLimitSeconds = json.value(QStringLiteral("segment_time_limit_seconds")).toDouble();
  return job;
}

std::optional<Mode> modeOf(const QJsonObject& json) {
  return modeFromId(json.value(QStringLiteral("mode")).toString());
}

std::optional<quint64> seedOf(const QJsonObject& json) {
  bool ok = false;
  const quint64 seed = json.value(QStringLiteral("seed")).toString().toULongLong(&ok);
  return ok ? std::optional<quint64>(seed) : std::nullopt;
}

}  // namespace

QJsonObject jobJson(const JobSpec& job) {
  return QJsonObject{
      {QStringLiteral("mode"), modeId(job.mode)},
      {QStringLiteral("text"), job.text},
      {QStringLiteral("instruction"), job.instruction},
      {QStringLiteral("prompt_clip"), job.clip.path},
      {QStringLiteral("prompt_clip_in"), job.clip.inFrame},
      {QStringLiteral("prompt_clip_out"), job.clip.outFrame},
      {QStringLiteral("prompt_clip_sha256"), QString::fromLatin1(job.clip.digest.toHex())},
      {QStringLiteral("prompt_transcript"), job.transcript},
      {QStringLiteral("voice_file"), job.voiceFile},
      {QStringLiteral("voice"), job.voiceName},
      {QStringLiteral("source_clip"), job.sourceClipPath},
      {QStringLiteral("speed"), job.speed},
      {QStringLiteral("seed"), QString::number(job.seed)},
      {QStringLiteral("stream"), job.stream},
      {QStringLiteral("raw_text"), !job.normalize},
      {QStringLiteral("read_numbers"), job.readNumbers},
      {QStringLiteral("segment_time_limit_seconds"), job.segmentTimeLimitSeconds},
  };
}

std::optional<JobSpec> jobFromJson(const QJsonObject& json) {
  const std::optional<Mode> mode = modeOf(json);
  const std::optional<quint64> seed = seedOf(json);
  if (!mode || !seed) return std::nullopt;
  JobSpec job = jobFields(json);
  job.mode = *mode;
  job.seed = *seed;
  return job;
}

JobSpec jobFromJsonLeniently(const QJsonObject& json) {
  JobSpec job = jobFields(json);
  job.mode = modeOf(json).value_or(Mode::ZeroShot);
  job.seed = seedOf(json).value_or(0);
  return job;
}

}  // namespace cosystudio::ui
