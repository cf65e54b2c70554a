#include "job_parts.h"

#include "dubbing_job.h"
#include "job_json.h"

#include "services/app_data.h"
#include "services/book/text_hash.h"
#include "services/kept_results.h"

#include "cosystudio/atomic_file.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QUuid>

#include <fstream>

namespace cosystudio::ui {

namespace fs = std::filesystem;

namespace {

QString partsRoot() { return services::appDataFolder() + QStringLiteral("/parts"); }

fs::path toPath(const QString& path) { return fs::path(path.toStdString()); }

fs::path partStem(const QString& folder, int part) {
  return toPath(folder) / QStringLiteral("%1").arg(part + 1, 4, 10, QLatin1Char('0')).toStdString();
}

QString jobFile(const QString& folder) { return folder + QStringLiteral("/job.json"); }

// What a part's audio depends on: the job without what only ties it to this
// session, and the model that makes it.
QJsonObject keyFields(const JobSpec& job, const LoadOptions& engine) {
  QJsonObject json = jobJson(job);
  json.remove(QStringLiteral("parts_folder"));
  json.insert(QStringLiteral("model"), QString::fromStdString(engine.modelFolder.string()));
  json.insert(QStringLiteral("checkpoint"), QString::fromStdString(engine.llmCheckpoint));
  json.insert(QStringLiteral("precision"), QString::fromStdString(precisionName(engine.precision)));
  return json;
}

// A script's take of the lines kept, each line's segments spoken by its speaker.
void appendLine(Take& take, const Script& script, int line, const SynthesisResult& result) {
  const QString speaker = QString::fromStdString(script.lines[std::size_t(line)].speaker);
  const bool newSpeaker = !take.segments.isEmpty() && take.segments.constLast().speaker != speaker;
  for (const SegmentResult& made : result.segments) {
    TakeSegment segment = takeSegment(made);
    segment.line = line;
    if (!script.cast.empty()) segment.speaker = speaker;
    if (newSpeaker && &made == &result.segments.front()) segment.pauseBefore = script.speakerPauseSeconds;
    take.segments << segment;
  }
}

// The take of a text's segments or a script's lines kept in the job's folder,
// from the first up to the first not kept.
Take keptSegmentsOrLines(const JobSpec& job, int planned) {
  Take take;
  for (int part = 0; part < planned; ++part) {
    const std::optional<SynthesisResult> kept = services::readKeptResult(partStem(job.partsFolder, part), {});
    if (!kept || kept->segments.empty()) break;
    if (job.isScript())
      appendLine(take, job.script(), part, *kept);
    else
      take.segments << takeSegment(kept->segments.front());
    take.sampleRate = kept->sampleRate;
    take.madeParts = part + 1;
  }
  take.samples = joinSegments(take.segments, take.sampleRate);
  return take;
}

// The take of a dubbing's cues kept in the job's folder, on their timeline.
Take keptCues(const JobSpec& job) {
  DubbingCueStore store;
  store.made = [&job](int position, const text::SubtitleCue&) {
    return services::readKeptCue(partStem(job.partsFolder, position), {});
  };
  const DubbedTrack track = keptDubbing(job.dubbing().cues, job.settings, store);
  Take take = dubbedTake(job, track);
  take.madeParts = int(track.cues.size());
  return take;
}

}  // namespace

JobParts::JobParts(const JobSpec& job, const LoadOptions& engine)
    : job_(job),
      key_(services::textHash(QString::fromUtf8(QJsonDocument(keyFields(job, engine)).toJson(QJsonDocument::Compact)))),
      precision_(engine.precision) {}

bool JobParts::keepsParts(const JobSpec& job) {
  return !job.served && job.replacesSegment < 0 && !job.isChapter();
}

QString JobParts::newFolder() {
  return partsRoot() + QLatin1Char('/') + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

std::string JobParts::partKey(int part, const std::string& text) const {
  return services::textHash(QString::fromStdString(key_ + '\n' + std::to_string(part) + '\n' + text));
}

void JobParts::writeJobOnce(int parts) const {
  if (QFile::exists(jobFile(job_.partsFolder))) return;
  const QJsonObject record{{QStringLiteral("job"), jobJson(job_)}, {QStringLiteral("parts"), parts}};
  const QByteArray json = QJsonDocument(record).toJson();
  QDir().mkpath(job_.partsFolder);
  writeAtomically(toPath(jobFile(job_.partsFolder)), [&](const fs::path& temporary) {
    std::ofstream out(temporary, std::ios::binary);
    out.write(json.constData(), json.size());
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  });
}

// A part that cannot be kept (a full disk) costs the job only its resume:
// the job goes on, and its take is made from what it holds in memory.
void JobParts::keepQuietly(int parts, const std::function<void()>& keep) const {
  try {
    writeJobOnce(parts);
    keep();
  } catch (const std::exception&) {
  }
}

void JobParts::keepSegments(SynthesisCallbacks& callbacks) const {
  callbacks.store.made = [parts = *this](int segment, const std::string& text) -> std::optional<SegmentResult> {
    const std::optional<SynthesisResult> kept =
        services::readKeptResult(partStem(parts.job_.partsFolder, segment), parts.partKey(segment, text));
    if (!kept || kept->segments.size() != 1) return std::nullopt;
    return kept->segments.front();
  };
  callbacks.store.keep = [parts = *this](int segment, int segmentCount, const SegmentResult& made) {
    SynthesisResult result;
    result.seed = parts.job_.settings.seed;
    result.segments = {made};
    parts.keepQuietly(segmentCount, [&] {
      services::keepResult(partStem(parts.job_.partsFolder, segment), parts.partKey(segment, made.text), result);
    });
  };
}

ScriptLineStore JobParts::lineStore() const {
  const services::KeptLines lines(toPath(job_.partsFolder), key_, precision_);
  ScriptLineStore store = lines.store();
  store.keep = [parts = *this, keep = store.keep](int index, const ScriptLine& line, const SynthesisResult& result) {
    parts.keepQuietly(int(parts.job_.script().lines.size()), [&] { keep(index, line, result); });
  };
  return store;
}

DubbingCueStore JobParts::cueStore() const {
  DubbingCueStore store;
  store.made = [parts = *this](int position, const text::SubtitleCue& cue) {
    return services::readKeptCue(partStem(parts.job_.partsFolder, position), parts.partKey(position, cue.text));
  };
  store.keep = [parts = *this](int position, const text::SubtitleCue& cue, const CueSpeech& speech) {
    parts.keepQuietly(int(parts.job_.dubbing().cues.size()), [&] {
      services::keepCue(partStem(parts.job_.partsFolder, position), parts.partKey(position, cue.text), speech);
    });
  };
  return store;
}

std::optional<Take> JobParts::keptTake(const QString& partsFolder) {
  QFile file(jobFile(partsFolder));
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QJsonObject record = QJsonDocument::fromJson(file.readAll()).object();
  std::optional<JobSpec> job = jobFromJson(record.value(QStringLiteral("job")).toObject());
  const int planned = record.value(QStringLiteral("parts")).toInt();
  if (!job || planned <= 0) return std::nullopt;
  job->partsFolder = partsFolder;

  // Whatever key each part was kept under: the folder is this job's alone.
  Take take = job->isDubbing() ? keptCues(*job) : keptSegmentsOrLines(*job, planned);
  if (take.segments.isEmpty()) return std::nullopt;
  take.spec = *job;
  take.seed = job->settings.seed;
  take.plannedParts = planned;
  if (take.madeParts == planned) take.plannedParts = take.madeParts = 0;  // whole, but its take was never written
  return take;
}

void JobParts::noteTake(const QString& partsFolder, const QString& wavPath) {
  QFile note(partsFolder + QStringLiteral("/take"));
  if (note.open(QIODevice::WriteOnly | QIODevice::Truncate)) note.write(wavPath.toUtf8());
}

QStringList JobParts::unclaimed(const QSet<QString>& waiting) {
  QStringList left;
  const QDir root(partsRoot());
  for (const QString& name : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
    const QString folder = root.filePath(name);
    if (waiting.contains(folder)) continue;
    QFile note(folder + QStringLiteral("/take"));
    if (!note.open(QIODevice::ReadOnly)) {
      left << folder;
    } else if (!QFile::exists(QString::fromUtf8(note.readAll()))) {
      drop(folder);
    }
  }
  return left;
}

void JobParts::drop(const QString& partsFolder) {
  if (!partsFolder.isEmpty()) QDir(partsFolder).removeRecursively();
}

}  // namespace cosystudio::ui
