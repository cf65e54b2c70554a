#include "job_parts.h"

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

}  // namespace

JobParts::JobParts(const JobSpec& job, const LoadOptions& engine)
    : job_(job),
      key_(services::textHash(QString::fromUtf8(QJsonDocument(keyFields(job, engine)).toJson(QJsonDocument::Compact)))),
      precision_(engine.precision) {}

bool JobParts::keepsParts(const JobSpec& job) {
  return !job.served && job.replacesSegment < 0 && !job.isChapter() && !job.isDubbing();
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

std::optional<Take> JobParts::keptTake(const QString& partsFolder) {
  QFile file(jobFile(partsFolder));
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QJsonObject record = QJsonDocument::fromJson(file.readAll()).object();
  std::optional<JobSpec> job = jobFromJson(record.value(QStringLiteral("job")).toObject());
  const int planned = record.value(QStringLiteral("parts")).toInt();
  if (!job || planned <= 0) return std::nullopt;
  job->partsFolder = partsFolder;

  Take take;
  take.spec = *job;
  take.seed = job->settings.seed;
  take.plannedParts = planned;
  // Whatever key each part was kept under: the folder is this job's alone.
  for (int part = 0; part < planned; ++part) {
    const std::optional<SynthesisResult> kept = services::readKeptResult(partStem(partsFolder, part), {});
    if (!kept || kept->segments.empty()) break;
    if (job->isScript())
      appendLine(take, job->script(), part, *kept);
    else
      take.segments << takeSegment(kept->segments.front());
    take.sampleRate = kept->sampleRate;
    take.madeParts = part + 1;
  }
  if (take.madeParts == 0) return std::nullopt;
  if (take.madeParts == planned) take.plannedParts = take.madeParts = 0;  // whole, but its take was never written
  take.samples = joinSegments(take.segments, take.sampleRate);
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
