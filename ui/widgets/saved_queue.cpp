#include "saved_queue.h"

#include "job_json.h"

#include "services/app_data.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>

namespace cosystudio::ui {

namespace {

constexpr int kFormat = 1;

// The first file the job reads that is no longer there; empty when all are.
QString missingFile(const JobSpec& job) {
  const QStringList files{job.voiceFile.isEmpty() ? job.clip.path : job.voiceFile, job.sourceClipPath};
  const auto gone = std::find_if(files.begin(), files.end(),
                                 [](const QString& file) { return !file.isEmpty() && !QFileInfo::exists(file); });
  return gone == files.end() ? QString() : *gone;
}

}  // namespace

QString savedQueueFile() {
  return services::appDataFolder() + QStringLiteral("/queue.json");
}

bool isKeptAcrossSessions(const JobSpec& job) {
  // A book's chapters resume from its book.json when the book is opened again.
  return job.replacesSegment < 0 && !job.served && !job.isChapter();
}

bool saveQueue(const QString& path, const QList<JobSpec>& jobs, QString* error) {
  QJsonArray kept;
  for (const JobSpec& job : jobs)
    if (isKeptAcrossSessions(job)) kept << jobJson(job);
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
    std::optional<JobSpec> job = jobFromJson(value.toObject());
    if (!job) {
      saved.dropped << QCoreApplication::translate("SavedQueue", "A job that cannot be read back.");
      continue;
    }
    if (const QString gone = missingFile(*job); !gone.isEmpty()) {
      saved.dropped << QCoreApplication::translate("SavedQueue", "%1 · “%2”: %3 is gone.")
                           .arg(modeName(job->settings.mode), job->shownText(), QDir::toNativeSeparators(gone));
      continue;
    }
    // The clip is cut again now, so that a file changed since is named here
    // rather than when the job runs.
    QString problem;
    if (job->voiceFile.isEmpty() && !job->clip.path.isEmpty() && !loadPromptClip(job->clip, &problem))
      saved.dropped << QCoreApplication::translate("SavedQueue", "%1 · “%2”: %3")
                           .arg(modeName(job->settings.mode), job->shownText(), problem);
    else
      saved.jobs << *job;
  }
  return saved;
}

}  // namespace cosystudio::ui
