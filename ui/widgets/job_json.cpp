#include "job_json.h"

#include "dubbing_job.h"

#include "services/app_data.h"

#include "cosystudio/settings_json.h"

#include <QJsonDocument>
#include <QJsonValue>

namespace cosystudio::ui {

namespace {

// The settings' fields (settings_json.h spells them) in the job's object.
void insertSettings(QJsonObject& json, const SynthesisSettings& settings) {
  const QJsonObject fields =
      QJsonDocument::fromJson(QByteArray::fromStdString(settingsJson(settings))).object();
  for (auto field = fields.begin(); field != fields.end(); ++field) json.insert(field.key(), field.value());
}

SynthesisSettings settingsIn(const QJsonObject& json, SettingsReading reading) {
  return settingsFromJson(QJsonDocument(json).toJson(QJsonDocument::Compact).toStdString(), reading);
}

// A path as stored, or where the data folder's move took it (app_data.h).
QString storedPath(const QJsonObject& json, const QString& key) {
  return services::movedAppDataPath(json.value(key).toString());
}

// Everything but the settings.
JobSpec jobFields(const QJsonObject& json) {
  JobSpec job;
  job.text = json.value(QStringLiteral("text")).toString();
  job.instruction = json.value(QStringLiteral("instruction")).toString();
  job.voiceFile = storedPath(json, QStringLiteral("voice_file"));
  job.voiceName = json.value(QStringLiteral("voice")).toString();
  if (job.voiceFile.isEmpty()) {
    job.clip.path = storedPath(json, QStringLiteral("prompt_clip"));
    job.clip.inFrame = json.value(QStringLiteral("prompt_clip_in")).toInteger(0);
    job.clip.outFrame = json.value(QStringLiteral("prompt_clip_out")).toInteger(-1);
    job.clip.digest = QByteArray::fromHex(json.value(QStringLiteral("prompt_clip_sha256")).toString().toLatin1());
  }
  job.transcript = json.value(QStringLiteral("prompt_transcript")).toString();
  job.sourceClipPath = storedPath(json, QStringLiteral("source_clip"));
  job.served = json.value(QStringLiteral("served")).toBool();
  job.partsFolder = json.value(QStringLiteral("parts_folder")).toString();
  return job;
}

// The script of a job, as its project file spells it (voice files absolute),
// or its dubbing; the job left a text when it has neither. Throws what
// scriptFromJson and dubbingFromJson throw.
void kindIn(const QJsonObject& json, JobSpec& job) {
  if (const QJsonValue script = json.value(QStringLiteral("script")); script.isObject())
    job.kind = scriptFromJson(QJsonDocument(script.toObject()).toJson(QJsonDocument::Compact).toStdString(), {});
  else if (json.contains(QStringLiteral("dubbing")))
    job.kind = dubbingFromJson(json.value(QStringLiteral("dubbing")).toObject());
}

}  // namespace

QJsonObject jobJson(const JobSpec& job) {
  QJsonObject json{
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
  };
  insertSettings(json, job.settings);
  if (job.served) json.insert(QStringLiteral("served"), true);
  if (!job.partsFolder.isEmpty()) json.insert(QStringLiteral("parts_folder"), job.partsFolder);
  if (job.isScript())
    json.insert(QStringLiteral("script"),
                QJsonDocument::fromJson(QByteArray::fromStdString(scriptJson(job.script(), {}))).object());
  if (job.isDubbing()) json.insert(QStringLiteral("dubbing"), dubbingJson(job.dubbing()));
  return json;
}

std::optional<JobSpec> jobFromJson(const QJsonObject& json) {
  JobSpec job = jobFields(json);
  try {
    job.settings = settingsIn(json, SettingsReading::Strict);
    kindIn(json, job);
  } catch (const std::runtime_error&) {
    return std::nullopt;
  }
  return job;
}

JobSpec jobFromJsonLeniently(const QJsonObject& json) {
  JobSpec job = jobFields(json);
  job.settings = settingsIn(json, SettingsReading::Lenient);
  try {
    kindIn(json, job);
  } catch (const std::runtime_error&) {
    // A sidecar's script or subtitles that cannot be read: the take stays, as
    // a plain one that keeps its audio and segments.
  }
  return job;
}

}  // namespace cosystudio::ui
