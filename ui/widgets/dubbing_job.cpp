#include "dubbing_job.h"

#include "engine_messages.h"

#include "cosystudio/request_rules.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>
#include <stdexcept>

namespace cosystudio::ui {

namespace {

// Subtitles of a feature film are a few hundred kilobytes.
constexpr qint64 kMaxSubtitleBytes = 16 << 20;

// One sentence naming the file, then (under Show Details) its whole path and `details`.
QString withDetails(const QString& sentence, const QString& path, const QString& details = {}) {
  QString message = sentence + QStringLiteral("\n\n") + QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath());
  if (!details.isEmpty()) message += QLatin1Char('\n') + details;
  return message;
}

QString speedText(double speed) { return QString::number(speed, 'g', 3); }

}  // namespace

bool isSubtitleFile(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return suffix == QLatin1String("srt") || suffix == QLatin1String("vtt");
}

std::vector<text::SubtitleCue> readSubtitleFile(const QString& path, QString* error) {
  const QString name = QFileInfo(path).fileName();
  const auto fail = [&](const QString& message) {
    if (error) *error = message;
    return std::vector<text::SubtitleCue>{};
  };
  if (QFileInfo(path).isDir())
    return fail(
        withDetails(QCoreApplication::translate("DubbingJob", "%1 is a folder, not subtitles.").arg(name), path));
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return fail(withDetails(QCoreApplication::translate("DubbingJob", "The subtitles %1 cannot be opened.").arg(name),
                            path, file.errorString()));
  if (file.size() > kMaxSubtitleBytes)
    return fail(withDetails(QCoreApplication::translate("DubbingJob", "%1 is too large to be subtitles (%2 MB).")
                                .arg(name)
                                .arg(file.size() >> 20),
                            path));
  const QByteArray bytes = file.readAll();
  std::vector<text::SubtitleCue> cues;
  try {
    cues = text::parseSubtitles(std::string_view(bytes.constData(), std::size_t(bytes.size())));
  } catch (const text::SubtitleError& e) {
    return fail(withDetails(QCoreApplication::translate("DubbingJob", "%1 cannot be read as subtitles: line %2 is not "
                                                                      "what an SRT or WebVTT file holds there.")
                                .arg(name)
                                .arg(e.line()),
                            path, QString::fromUtf8(e.what())));
  } catch (const std::exception& e) {
    return fail(withDetails(QCoreApplication::translate("DubbingJob", "%1 cannot be read as subtitles.").arg(name),
                            path, errorText(e)));
  }
  if (cues.empty())
    return fail(withDetails(
        QCoreApplication::translate("DubbingJob", "%1 holds no subtitles: no cue was found in it.").arg(name), path));
  return cues;
}

QString makeDubbingJob(JobSpec& job, const QString& path, double maxSpeed) {
  QString error;
  std::vector<text::SubtitleCue> cues = readSubtitleFile(path, &error);
  if (cues.empty()) return error;
  JobSpec dubbing = job;
  dubbing.settings.stream = false;  // a cue too long for its time is made again faster, whole
  // The fastest speed is never below the speed every cue starts at.
  dubbing.asDubbing().maxSpeed = std::clamp(maxSpeed, dubbing.settings.speed, std::max(kMaxSpeed, dubbing.settings.speed));
  dubbing.asDubbing().file = QFileInfo(path).absoluteFilePath();
  dubbing.asDubbing().cues = std::move(cues);
  if (const auto problem = dubbingProblem(dubbing.dubbing().cues, dubbing.settings, dubbingOptions(dubbing)))
    return withDetails(QCoreApplication::translate("DubbingJob", "%1 cannot be dubbed: %2")
                           .arg(QFileInfo(path).fileName(), translated(*problem)),
                       path);
  // The text the queue and the take show: what the cues say.
  QStringList said;
  for (const text::SubtitleCue& cue : dubbing.dubbing().cues)
    said << QString::fromStdString(cue.text).replace(QLatin1Char('\n'), QLatin1Char(' '));
  dubbing.text = said.join(QLatin1Char('\n'));
  job = std::move(dubbing);
  return {};
}

DubbingOptions dubbingOptions(const JobSpec& job) {
  DubbingOptions options;
  options.maxSpeed = job.dubbing().maxSpeed;
  if (job.settings.mode == Mode::Instruct) options.instruction = job.instruction.toStdString();
  return options;
}

Take dubbedTake(const JobSpec& job, const DubbedTrack& track) {
  Take take;
  take.samples = QVector<float>(track.samples.begin(), track.samples.end());
  take.sampleRate = track.sampleRate;
  for (const DubbedCue& cue : track.cues) {
    if (cue.end <= cue.begin) continue;  // a cue of only punctuation (♪) is silence
    TakeSegment segment;
    segment.text = QString::fromStdString(cue.text);
    // Its subtitle: the cue's lines as the file has them.
    const auto source =
        std::find_if(job.dubbing().cues.begin(), job.dubbing().cues.end(),
                     [&](const text::SubtitleCue& c) { return c.index == cue.index && c.startMs == cue.startMs; });
    if (source != job.dubbing().cues.end()) segment.userText = QString::fromStdString(source->text);
    segment.samples = take.samples.mid(qsizetype(cue.begin), qsizetype(cue.end - cue.begin));
    segment.cue = cue.index;
    segment.placedAt = qint64(cue.begin);
    if (cue.fits && cue.speed > job.settings.speed)
      segment.warnings << QCoreApplication::translate("DubbingJob",
                                                      "cue %1 was made faster, at speed %2, to fit its time")
                              .arg(cue.index)
                              .arg(speedText(cue.speed));
    for (const UserMessage& warning : cue.warnings) segment.warnings << translated(warning);
    if (cue.seed != job.settings.seed) segment.regeneratedSeed = cue.seed;
    take.segments << segment;
  }
  take.seed = job.settings.seed;
  take.totalSeconds = track.totalSeconds;
  take.realTimeFactor = track.realTimeFactor();
  return take;
}

QJsonObject dubbingJson(const JobSpec::Dubbing& dubbing) {
  QJsonArray cues;
  for (const text::SubtitleCue& cue : dubbing.cues)
    cues << QJsonObject{{QStringLiteral("index"), cue.index},
                        {QStringLiteral("start_ms"), qint64(cue.startMs)},
                        {QStringLiteral("end_ms"), qint64(cue.endMs)},
                        {QStringLiteral("text"), QString::fromStdString(cue.text)}};
  return {{QStringLiteral("subtitles"), dubbing.file},
          {QStringLiteral("max_speed"), dubbing.maxSpeed},
          {QStringLiteral("cues"), cues}};
}

JobSpec::Dubbing dubbingFromJson(const QJsonObject& json) {
  const auto refuse = [](const char* why) { return std::runtime_error(std::string("dubbing: ") + why); };
  JobSpec::Dubbing dubbing;
  dubbing.file = json.value(QStringLiteral("subtitles")).toString();
  const QJsonValue maxSpeed = json.value(QStringLiteral("max_speed"));
  if (!maxSpeed.isDouble() || !(maxSpeed.toDouble() >= kMinSpeed && maxSpeed.toDouble() <= kMaxSpeed))
    throw refuse("\"max_speed\" must be a speed from 0.5 to 2.0");
  dubbing.maxSpeed = maxSpeed.toDouble();
  const QJsonValue cues = json.value(QStringLiteral("cues"));
  if (!cues.isArray() || cues.toArray().isEmpty()) throw refuse("\"cues\" must be a list of cues");
  for (const QJsonValue& value : cues.toArray()) {
    const QJsonObject cue = value.toObject();
    const QJsonValue start = cue.value(QStringLiteral("start_ms")), end = cue.value(QStringLiteral("end_ms"));
    const QJsonValue text = cue.value(QStringLiteral("text"));
    if (!start.isDouble() || !end.isDouble() || !text.isString() || start.toDouble() < 0 ||
        end.toDouble() < start.toDouble() || end.toDouble() > 1e12)
      throw refuse("a cue needs \"start_ms\" and \"end_ms\" (from 0, the end not before the start) and \"text\"");
    dubbing.cues.push_back({cue.value(QStringLiteral("index")).toInt(int(dubbing.cues.size()) + 1),
                            start.toInteger(), end.toInteger(), text.toString().toStdString()});
  }
  return dubbing;
}

bool isPlaced(const QVector<TakeSegment>& segments) {
  return std::any_of(segments.begin(), segments.end(), [](const TakeSegment& s) { return s.placedAt >= 0; });
}

QVector<float> placeSegments(QVector<float> track, const QVector<TakeSegment>& segments,
                             std::vector<audio::SampleSpan>* spans) {
  if (spans) spans->clear();
  for (const TakeSegment& segment : segments) {
    const qsizetype at = qsizetype(std::max<qint64>(0, segment.placedAt));
    if (track.size() < at + segment.samples.size()) track.resize(at + segment.samples.size(), 0.0f);
    std::copy(segment.samples.begin(), segment.samples.end(), track.begin() + at);
    if (spans) spans->push_back({std::size_t(at), std::size_t(at + segment.samples.size())});
  }
  return track;
}

}  // namespace cosystudio::ui
