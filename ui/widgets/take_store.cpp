#include "take_store.h"

#include "dubbing_job.h"
#include "engine_messages.h"
#include "take_sidecar.h"

#include "services/app_data.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/audio/analysis.h"
#include "cosystudio/audio/crossfade.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cosystudio::ui {

namespace {

void writeAtomically(const QString& path, const QByteArray& bytes) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
    throw std::runtime_error(
        QCoreApplication::translate("TakeStore", "Cannot write %1: %2").arg(path, file.errorString()).toStdString());
}

// libsndfile writes to a path, so the audio goes to a temporary file that is
// renamed into place: readers never see half a file.
void writeAudioAtomically(const QString& path, const audio::Clip& clip, audio::FileFormat file,
                          audio::WavEncoding encoding) {
  const auto cannotWrite = [&](const QString& why) {
    return std::runtime_error(
        QCoreApplication::translate("TakeStore", "Cannot write %1: %2").arg(path, why).toStdString());
  };
  try {
    cosystudio::writeAtomically(path.toStdString(), [&](const std::filesystem::path& temporary) {
      const QString partial = QString::fromStdString(temporary.string());
      // Opened once here for the reason in the user's terms (read-only, no
      // permission), not libsndfile's words about the temporary name.
      if (QFile probe(partial); !probe.open(QIODevice::WriteOnly)) throw cannotWrite(probe.errorString());
      try {
        audio::writeAudio(temporary, clip, file, encoding);
      } catch (const std::exception& e) {
        const qint64 needed = qint64(clip.frames()) * clip.channelCount() * 4;  // float32, the largest encoding
        if (QStorageInfo(QFileInfo(path).absolutePath()).bytesAvailable() < needed)
          throw cannotWrite(QCoreApplication::translate("TakeStore", "the disk is full"));
        // A quota or a file-size limit: one more byte through Qt gets the
        // system's reason in the user's terms.
        QFile probe(partial);
        const bool grows = probe.open(QIODevice::Append | QIODevice::Unbuffered) && probe.write("", 1) == 1;
        throw cannotWrite(grows ? errorText(e) : probe.errorString());
      }
    });
  } catch (const std::filesystem::filesystem_error&) {
    throw std::runtime_error(
        QCoreApplication::translate("TakeStore", "Cannot move %1 into place").arg(path).toStdString());
  }
}

// The segments, each brought to their median loudness (segments too short
// to measure are left as they are).
QVector<TakeSegment> leveled(QVector<TakeSegment> segments, int sampleRate) {
  std::vector<double> loudness;
  std::vector<std::optional<double>> each;
  for (const TakeSegment& segment : segments) {
    each.push_back(audio::integratedLoudness({segment.samples.begin(), segment.samples.end()}, sampleRate));
    if (each.back()) loudness.push_back(*each.back());
  }
  if (loudness.empty()) return segments;
  std::nth_element(loudness.begin(), loudness.begin() + std::ptrdiff_t(loudness.size() / 2), loudness.end());
  const double median = loudness[loudness.size() / 2];
  for (qsizetype i = 0; i < segments.size(); ++i)
    if (each[size_t(i)]) {
      const float gain = float(std::pow(10.0, (median - *each[size_t(i)]) / 20.0));
      for (float& s : segments[i].samples) s *= gain;
    }
  return segments;
}

// Removes leading and trailing silence beyond kTrimMarginSeconds from a mono
// clip; returns how many samples went from its start.
size_t trimSilence(audio::Clip& clip) {
  const audio::ClipAnalysis a = audio::analyseClip(clip);
  const auto cut = [&](double seconds) {
    return size_t(std::max(0.0, seconds - kTrimMarginSeconds) * clip.sampleRate);
  };
  std::vector<float>& samples = clip.channels[0];
  const size_t head = cut(a.leadingSilenceSeconds), tail = cut(a.trailingSilenceSeconds);
  if (head + tail >= samples.size()) return 0;  // all silence: nothing sensible to keep
  samples.erase(samples.end() - std::ptrdiff_t(tail), samples.end());
  samples.erase(samples.begin(), samples.begin() + std::ptrdiff_t(head));
  return head;
}

// The audio as exported, and where each segment lies in it.
struct ExportedAudio {
  audio::Clip clip;
  std::vector<audio::SampleSpan> segments;
  audio::MasteringReport mastering;
};

// The segments (levelled, with pauses) joined, trimmed, at the export rate,
// mastered; each segment's span follows the audio through every step.
ExportedAudio exportedAudio(const Take& take, const ExportFormat& format) {
  const bool rejoin = take.segments.size() > 1 && (format.pauseSeconds > 0 || format.levelSegments);
  ExportedAudio out;
  QVector<float> joined = take.samples;
  if (isPlaced(take.segments)) {
    // A dubbing's: time-aligned, each segment where it lies (no pauses added), levelled in place.
    joined = placeSegments(take.samples, format.levelSegments ? leveled(take.segments, take.sampleRate) : take.segments,
                           &out.segments);
  } else if (rejoin) {
    joined = joinSegments(format.levelSegments ? leveled(take.segments, take.sampleRate) : take.segments,
                          take.sampleRate, format.pauseSeconds, &out.segments);
  } else {
    // The take's own audio is its segments joined as the engine joins them,
    // a script's pauses between speakers as pieces of their own (a take
    // without segments is one piece).
    std::vector<size_t> sizes;
    std::vector<bool> isPause;
    for (const TakeSegment& segment : take.segments) {
      if (!sizes.empty() && segment.pauseBefore > 0) {
        sizes.push_back(size_t(segment.pauseBefore * take.sampleRate));
        isPause.push_back(true);
      }
      sizes.push_back(size_t(segment.samples.size()));
      isPause.push_back(false);
    }
    if (sizes.empty()) {
      sizes.push_back(size_t(take.samples.size()));
      isPause.push_back(false);
    }
    const std::vector<audio::SampleSpan> pieces = audio::crossfadeSpans(sizes, take.sampleRate);
    for (size_t i = 0; i < pieces.size(); ++i)
      if (!isPause[i]) out.segments.push_back(pieces[i]);
  }
  audio::Clip& clip = out.clip;
  clip.sampleRate = take.sampleRate;
  clip.channels.emplace_back(joined.begin(), joined.end());
  // A dubbing's silence is its timeline: nothing is trimmed from it.
  const size_t head = format.trimSilence && !isPlaced(take.segments) ? trimSilence(clip) : 0;
  if (format.sampleRate != take.sampleRate) clip = audio::resampleForUser(clip, format.sampleRate);
  for (audio::SampleSpan& span : out.segments)
    for (size_t* offset : {&span.begin, &span.end})
      *offset = audio::resampledOffset(*offset - std::min(*offset, head), take.sampleRate, clip.sampleRate,
                                       clip.frames());
  out.mastering = audio::master(clip.channels[0], clip.sampleRate, format.loudnessLufs,
                                audio::exportCeilingDbfs(format.loudnessLufs));
  return out;
}

// What each cue says: the user's words of each segment (of a take without
// segments, its text).
std::vector<std::string> subtitleTexts(const Take& take) {
  std::vector<std::string> texts;
  for (const TakeSegment& segment : take.segments) texts.push_back(segment.wordsAsWritten().toStdString());
  if (texts.empty()) texts.push_back(take.spec.text.toStdString());
  return texts;
}

// What a queued save wrote, or why it could not.
struct Written {
  QString wavPath;
  QString error;
};

// The name the store gives `take`'s files, without the suffix.
QString takeStem(const Take& take) {
  return QStringLiteral("take-%1-%2-seed%3")
      .arg(take.created.toString(QStringLiteral("yyyyMMdd-HHmmss")))
      .arg(take.jobId)
      .arg(take.seed);
}

// Writes `take` into `folder` as the store names it; returns the WAV's path.
QString writeTake(const QString& folder, const Take& take) {
  const QString path = QDir(folder).filePath(takeStem(take) + QStringLiteral(".wav"));
  if (!QDir().mkpath(folder))
    throw std::runtime_error(QCoreApplication::translate("TakeStore", "Cannot write %1: %2")
                                 .arg(path, QCoreApplication::translate("TakeStore", "its folder cannot be created"))
                                 .toStdString());
  exportTake(take, path, ExportFormat{audio::WavEncoding::PCM16, take.sampleRate});
  return path;
}

}  // namespace

TakeStore::TakeStore(const QString& folder, QObject* parent) : QObject(parent) {
  setFolder(folder);
  queue_.setMaxThreadCount(1);
}

TakeStore::~TakeStore() = default;  // queue_'s destructor waits for what is queued

void TakeStore::setFolder(const QString& folder) { folder_ = folder.isEmpty() ? defaultFolder() : folder; }

QString TakeStore::defaultFolder() {
  return services::appDataFolder() + QStringLiteral("/outputs");
}

void TakeStore::save(const Take& take) {
  auto* writing = new QFutureWatcher<Written>(this);
  connect(writing, &QFutureWatcher<Written>::finished, this, [this, writing, jobId = take.jobId] {
    const Written written = writing->result();
    writing->deleteLater();
    if (written.error.isEmpty())
      emit saved(jobId, written.wavPath);
    else
      emit saveFailed(jobId, written.error);
  });
  writing->setFuture(QtConcurrent::run(&queue_, [folder = folder_, take]() -> Written {
    try {
      return {writeTake(folder, take), {}};
    } catch (const std::exception& e) {
      return {{}, errorText(e)};
    }
  }));
}

QVector<Take> TakeStore::load(QStringList* problems) {
  queue_.waitForDone();
  QVector<Take> takes;
  const QDir dir(folder_);
  for (const QFileInfo& sidecar : dir.entryInfoList({QStringLiteral("take-*.json")}, QDir::Files, QDir::Name)) {
    const QString wav = dir.filePath(sidecar.completeBaseName() + QStringLiteral(".wav"));
    try {
      QFile file(sidecar.absoluteFilePath());
      if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error(file.errorString().toStdString());
      QJsonParseError error;
      const QJsonDocument json = QJsonDocument::fromJson(file.readAll(), &error);
      if (!json.isObject()) throw std::runtime_error(error.errorString().toStdString());
      takes << takeFromFiles(wav, json.object());
    } catch (const std::exception& e) {
      if (problems)
        *problems << QCoreApplication::translate("TakeStore", "%1 cannot be read back: %2")
                         .arg(sidecar.fileName(), errorText(e));
    }
  }
  std::stable_sort(takes.begin(), takes.end(), [](const Take& a, const Take& b) { return a.created < b.created; });
  return takes;
}

namespace {

// The file beside `audioPath` with its name and `suffix` (".json", ".srt").
QString besideAudio(const QString& audioPath, const QString& suffix) {
  const QFileInfo audio(audioPath);
  return audio.dir().filePath(audio.completeBaseName() + suffix);
}

QString sidecarOf(const QString& wavPath) { return besideAudio(wavPath, QStringLiteral(".json")); }

// A WAV's sidecar is NAME.json, as the takes' own; any other format's is named
// after the whole file ("take.mp3.json"), so that exports of one take in
// several formats each keep their own.
QString exportSidecarOf(const QString& path, audio::FileFormat format) {
  return format == audio::FileFormat::Wav ? sidecarOf(path) : path + QStringLiteral(".json");
}

}  // namespace

void TakeStore::saveLabel(const Take& take) {
  if (take.wavPath.isEmpty()) return;  // written with its label once saved
  queue_.start([this, take] {
    const QString path = sidecarOf(take.wavPath);
    QFile file(path);
    QJsonObject json;
    if (file.open(QIODevice::ReadOnly)) json = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    if (json.isEmpty()) {
      QMetaObject::invokeMethod(this, [this, path] {
        emit failed(tr("The name could not be kept: %1 cannot be read.").arg(QDir::toNativeSeparators(path)));
      });
      return;
    }
    json.insert(QStringLiteral("label"), take.label);
    try {
      writeAtomically(path, QJsonDocument(json).toJson());
    } catch (const std::exception& e) {
      QMetaObject::invokeMethod(this, [this, message = errorText(e)] { emit failed(message); });
    }
  });
}

bool TakeStore::renumber(Take* take, quint64 jobId, QString* error) {
  queue_.waitForDone();
  const QString sidecar = sidecarOf(take->wavPath);
  Take renamed = *take;
  renamed.jobId = renamed.spec.id = jobId;
  const QString wav = QFileInfo(take->wavPath).dir().filePath(takeStem(renamed) + QStringLiteral(".wav"));
  try {
    // The sidecar's number first: it is the one load() reads.
    QFile file(sidecar);
    if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error(file.errorString().toStdString());
    QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    json.insert(QStringLiteral("job_id"), QString::number(jobId));
    writeAtomically(sidecar, QJsonDocument(json).toJson());
    if (QFileInfo::exists(wav) || !QFile::rename(take->wavPath, wav) || !QFile::rename(sidecar, sidecarOf(wav)))
      throw std::runtime_error(tr("it cannot be renamed to %1").arg(QDir::toNativeSeparators(wav)).toStdString());
  } catch (const std::exception& e) {
    *error = tr("Take #%1 keeps its old file name %2: %3")
                 .arg(jobId)
                 .arg(QFileInfo(take->wavPath).fileName(), errorText(e));
    take->jobId = take->spec.id = jobId;
    return false;
  }
  renamed.wavPath = wav;
  *take = renamed;
  return true;
}

bool TakeStore::moveToTrash(const Take& take, TrashedTake* trashed, QString* error) {
  queue_.waitForDone();  // not while its file is still being written
  trashed->originals = {take.wavPath, sidecarOf(take.wavPath)};
  // An incomplete take's parts go with it, so that Undo can still resume it.
  if (take.isIncomplete() && QFileInfo(take.spec.partsFolder).isDir()) trashed->originals << take.spec.partsFolder;
  trashed->inTrash.clear();
  // Qt 6.8 makes the trash inside the data folder (~/.local/share/Trash) but
  // no longer the data folder itself, which a new account may not have yet.
  QDir().mkpath(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation));
  for (const QString& original : trashed->originals) {
    QString inTrash;
    if (!QFile::moveToTrash(original, &inTrash)) {
      *error = tr("%1 could not be moved to the trash.").arg(QDir::toNativeSeparators(original));
      restoreFromTrash(*trashed, nullptr);  // what went already comes back
      return false;
    }
    trashed->inTrash << inTrash;
  }
  return true;
}

bool TakeStore::restoreFromTrash(const TrashedTake& trashed, QString* error) {
  bool restored = true;
  for (qsizetype i = 0; i < trashed.inTrash.size(); ++i)
    if (!QFile::rename(trashed.inTrash[i], trashed.originals[i])) {
      restored = false;
      if (error)
        *error = tr("%1 could not be brought back from the trash; it is in %2.")
                     .arg(QDir::toNativeSeparators(trashed.originals[i]), QDir::toNativeSeparators(trashed.inTrash[i]));
    }
  return restored;
}

QFuture<int> TakeStore::applyRetention(int days) {
  return QtConcurrent::run(&queue_, [folder = folder_, days] {
    if (days <= 0) return 0;
    const QDateTime limit = QDateTime::currentDateTime().addDays(-days);
    int removed = 0;
    const QDir dir(folder);
    for (const QFileInfo& wav : dir.entryInfoList({QStringLiteral("take-*.wav")}, QDir::Files)) {
      if (wav.lastModified() >= limit) continue;
      QFile::remove(dir.filePath(wav.completeBaseName() + QStringLiteral(".json")));
      if (QFile::remove(wav.absoluteFilePath())) ++removed;
    }
    return removed;
  });
}

audio::MasteringReport exportTake(const Take& take, const QString& path, const ExportFormat& format) {
  if (take.samples.isEmpty())
    throw std::runtime_error(QCoreApplication::translate("TakeStore", "The take has no audio.").toStdString());
  ExportFormat written = format;
  written.file = audio::formatForSuffix(path.toStdString()).value_or(format.file);
  const ExportedAudio exported = exportedAudio(take, format);
  writeAudioAtomically(path, exported.clip, written.file, format.encoding);
  writeAtomically(exportSidecarOf(path, written.file), sidecarJson(take, written, exported.mastering));
  if (format.subtitles) {
    const auto cues = text::segmentCues(exported.segments, exported.clip.sampleRate, subtitleTexts(take));
    writeAtomically(besideAudio(path, QString::fromLatin1(text::subtitleSuffix(*format.subtitles))),
                    QByteArray::fromStdString(text::writeSubtitles(cues, *format.subtitles)));
  }
  return exported.mastering;
}

}  // namespace cosystudio::ui
