#include "saved_queue.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace cosystudio::ui {

namespace {

constexpr int kFormat = 1;

// The same names as a take's sidecar JSON where they mean the same.
QJsonObject toJson(const JobSpec& job) {
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
      {QStringLiteral("seed"), QString::number(job.seed)},  // 64 bits do not fit a JSON number
      {QStringLiteral("stream"), job.stream},
      {QStringLiteral("raw_text"), !job.normalize},
      {QStringLiteral("read_numbers"), job.readNumbers},
      {QStringLiteral("segment_time_limit_seconds"), job.segmentTimeLimitSeconds},
  };
}

std::optional<JobSpec> fromJson(const QJsonObject& json) {
  const std::optional<Mode> mode = modeFromId(json.value(QStringLiteral("mode")).toString());
  bool seedOk = false;
  JobSpec job;
  job.seed = json.value(QStringLiteral("seed")).toString().toULongLong(&seedOk);
  if (!mode || !seedOk) return std::nullopt;
  job.mode = *mode;
  job.text = json.value(QStringLiteral("text")).toString();
  job.instruction = json.value(QStringLiteral("instruction")).toString();
  job.clip.path = json.value(QStringLiteral("prompt_clip")).toString();
  job.clip.inFrame = json.value(QStringLiteral("prompt_clip_in")).toInteger(0);
  job.clip.outFrame = json.value(QStringLiteral("prompt_clip_out")).toInteger(-1);
  job.clip.digest = QByteArray::fromHex(json.value(QStringLiteral("prompt_clip_sha256")).toString().toLatin1());
  job.transcript = json.value(QStringLiteral("prompt_transcript")).toString();
  job.voiceFile = json.value(QStringLiteral("voice_file")).toString();
  job.voiceName = json.value(QStringLiteral("voice")).toString();
  job.sourceClipPath = json.value(QStringLiteral("source_clip")).toString();
  job.speed = json.value(QStringLiteral("speed")).toDouble(1.0);
  job.stream = json.value(QStringLiteral("stream")).toBool();
  job.normalize = !json.value(QStringLiteral("raw_text")).toBool();
  job.readNumbers = json.value(QStringLiteral("read_numbers")).toBool(true);
  job.segmentTimeLimitSeconds = json.value(QStringLiteral("segment_time_limit_seconds")).toDouble();
  return job;
}

// The first file the job reads that is no longer there; empty when all are.
QString missingFile(const JobSpec& job) {
  const QStringList files{job.voiceFile.isEmpty() ? job.clip.path : job.voiceFile, job.sourceClipPath};
  const auto gone = std::find_if(files.begin(), files.end(),
                                 [](const QString& file) { return !file.isEmpty() && !QFileInfo::exists(file); });
  return gone == files.end() ? QString() : *gone;
}

}  // namespace

QString savedQueueFile() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/queue.json");
}

bool isKeptAcrossSessions(const JobSpec& job) { return job.replacesSegment < 0; }

bool saveQueue(const QString& path, const QList<JobSpec>& jobs, QString* error) {
  QJsonArray kept;
  for (const JobSpec& job : jobs)
    if (isKeptAcrossSessions(job)) kept << toJson(job);
  if (kept.isEmpty()) return !QFileInfo::exists(path) || QFile::remove(path);
  QDir().mkpath(QFileInfo(path).absolutePath());
  QSaveFile file(path);
  const QByteArray json =
      QJsonDocument(QJsonObject{{QStringLiteral("format"), kFormat}, {QStringLiteral("jobs"), kept}}).toJson();
  if (file.open(QIODevice::WriteOnly) && file.write(json) == json.size() && file.commit()) return true;
  if (error)
    *error = QCoreApplication::translate("SavedQueue", "%1 cannot be written: %2")
                 .arg(QDir::toNativeSeparators(path), file.errorString());
  return false;
}

SavedQueue takeSavedQueue(const QString& path) {
  SavedQueue saved;
  QFile file(path);
  if (!file.exists()) return saved;
  QJsonParseError parse{};
  const QJsonDocument document =
      QJsonDocument::fromJson(file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray(), &parse);
  file.close();
  file.remove();
  if (parse.error != QJsonParseError::NoError ||
      document.object().value(QStringLiteral("format")).toInt() != kFormat) {
    saved.error =
        QCoreApplication::translate("SavedQueue", "%1 cannot be read back.").arg(QDir::toNativeSeparators(path));
    return saved;
  }
  for (const QJsonValue& value : document.object().value(QStringLiteral("jobs")).toArray()) {
    std::optional<JobSpec> job = fromJson(value.toObject());
    if (!job) {
      saved.dropped << QCoreApplication::translate("SavedQueue", "A job that cannot be read back.");
      continue;
    }
    if (const QString gone = missingFile(*job); !gone.isEmpty()) {
      saved.dropped << QCoreApplication::translate("SavedQueue", "%1 · “%2”: %3 is gone.")
                           .arg(modeName(job->mode), job->shownText(), QDir::toNativeSeparators(gone));
      continue;
    }
    // The clip is cut again now, so that a file changed since is named here
    // rather than when the job runs.
    QString problem;
    if (job->voiceFile.isEmpty() && !job->clip.path.isEmpty() && !loadPromptClip(job->clip, &problem))
      saved.dropped << QCoreApplication::translate("SavedQueue", "%1 · “%2”: %3")
                           .arg(modeName(job->mode), job->shownText(), problem);
    else
      saved.jobs << *job;
  }
  return saved;
}

}  // namespace cosystudio::ui
