#include "take_sidecar.h"

#include "job_json.h"
#include "memory_meter.h"
#include "segment_check.h"
#include "take_store.h"

#include "cosystudio/audio/crossfade.h"
#include "cosystudio/version.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <stdexcept>

namespace cosystudio::ui {

namespace {

QString encodingName(audio::WavEncoding encoding) {
  switch (encoding) {
    case audio::WavEncoding::PCM16: return QStringLiteral("pcm16");
    case audio::WavEncoding::PCM24: return QStringLiteral("pcm24");
    case audio::WavEncoding::Float32: return QStringLiteral("float32");
  }
  return {};
}

// The segments of a stored take, cut from its joined audio: segment i+1 starts
// one crossfade before segment i ends, so the seams are shared and joining the
// pieces again gives the same audio.
QVector<TakeSegment> cutIntoSegments(const QVector<float>& joined, int sampleRate, const QJsonArray& stored) {
  const qsizetype overlap = qsizetype(audio::crossfadeSamples(sampleRate));
  QVector<TakeSegment> segments;
  qsizetype start = 0;
  for (const QJsonValue& value : stored) {
    const QJsonObject json = value.toObject();
    TakeSegment segment;
    segment.text = json.value(QStringLiteral("text")).toString();
    segment.userText = json.value(QStringLiteral("user_text")).toString();  // older sidecars: none, the text stands
    segment.speechTokens = json.value(QStringLiteral("speech_tokens")).toInt();
    for (const QJsonValue& warning : json.value(QStringLiteral("warnings")).toArray())
      segment.warnings << warning.toString();
    if (const QString seed = json.value(QStringLiteral("regenerated_seed")).toString(); !seed.isEmpty())
      segment.regeneratedSeed = seed.toULongLong();
    segment.speaker = json.value(QStringLiteral("speaker")).toString();
    segment.line = json.value(QStringLiteral("line")).toInt(-1);
    segment.pauseBefore = std::min(10.0, std::max(0.0, json.value(QStringLiteral("pause_before_seconds")).toDouble()));
    segment.cue = json.value(QStringLiteral("cue")).toInt();
    segment.check = checkFromJson(json.value(QStringLiteral("check")));  // every try listened to
    if (const QJsonValue at = json.value(QStringLiteral("at_sample")); at.isDouble()) {
      // A dubbing's segment: where it lies on the subtitles' timeline, not after the one before.
      segment.placedAt = at.toInteger(-1);
      const qsizetype length = json.value(QStringLiteral("samples")).toInteger(-1);
      if (segment.placedAt < 0 || length < 0 || segment.placedAt + length > joined.size()) return {};
      segment.samples = joined.mid(segment.placedAt, length);
      segments << segment;
      continue;
    }
    // The pause was joined in as a piece of its own, seams and all (joinSegments).
    if (!segments.isEmpty() && segment.pauseBefore > 0) {
      const qsizetype pause = qsizetype(segment.pauseBefore * sampleRate);
      start += pause - std::min(overlap, pause);
    }
    // A sidecar without lengths (older versions): the whole take is one piece.
    const qsizetype length = stored.size() == 1 ? joined.size() : json.value(QStringLiteral("samples")).toInteger(-1);
    if (length < 0 || start + length > joined.size()) return {};
    segment.samples = joined.mid(start, length);
    start += length - std::min(overlap, length);
    segments << segment;
  }
  return segments;
}

}  // namespace

QByteArray sidecarJson(const Take& take, const ExportFormat& format, const audio::MasteringReport& mastering) {
  const JobSpec& spec = take.spec;
  QJsonArray segments;
  for (const TakeSegment& segment : take.segments) {
    QJsonObject stored{
        {QStringLiteral("text"), segment.text},
        {QStringLiteral("user_text"), segment.wordsAsWritten()},
        // Lengths before the join: the store's WAV is cut back into segments with them.
        {QStringLiteral("samples"), qint64(segment.samples.size())},
        {QStringLiteral("speech_tokens"), segment.speechTokens},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(segment.warnings)},
        // Made again after the take, its text as a job of its own with this seed.
        {QStringLiteral("regenerated_seed"),
         segment.regeneratedSeed ? QJsonValue(QString::number(*segment.regeneratedSeed)) : QJsonValue()},
    };
    if (!segment.speaker.isEmpty()) {
      // A script's segment: who speaks it, its line, and the pause before it (the WAV holds it).
      stored.insert(QStringLiteral("speaker"), segment.speaker);
      stored.insert(QStringLiteral("line"), segment.line);
      stored.insert(QStringLiteral("pause_before_seconds"), segment.pauseBefore);
    }
    if (segment.placedAt >= 0) {
      // A dubbing's segment: its cue, and where its speech starts in the WAV.
      stored.insert(QStringLiteral("cue"), segment.cue);
      stored.insert(QStringLiteral("at_sample"), segment.placedAt);
    }
    // What listening back heard of every try, and the one kept.
    if (segment.check) stored.insert(QStringLiteral("check"), checkJson(*segment.check));
    segments << stored;
  }
  // The job as the queue keeps it, and the take's own fields.
  QJsonObject json = jobJson(spec);
  const QJsonObject taken{
      {QStringLiteral("app"), QStringLiteral("CosyStudio %1").arg(QString::fromLatin1(kVersion))},
      {QStringLiteral("created"), take.created.toString(Qt::ISODate)},
      {QStringLiteral("job_id"), QString::number(take.jobId)},
      {QStringLiteral("label"), take.label},
      {QStringLiteral("model"), take.modelFolder},
      {QStringLiteral("checkpoint"), take.llmCheckpoint},
      {QStringLiteral("segments"), segments},
      // A job that stopped before its end (job_parts.h): the parts it made of those it has.
      {QStringLiteral("incomplete"), take.isIncomplete() ? QJsonValue(QJsonObject{{QStringLiteral("made"), take.madeParts},
                                                                                  {QStringLiteral("of"), take.plannedParts}})
                                                         : QJsonValue()},
      // The bounds its segments were checked against, and how many retakes each could have.
      {QStringLiteral("listening"), spec.listening.check ? QJsonValue(listeningJson(spec.listening)) : QJsonValue()},
      // What the take was made with rather than what was asked: the seed
      // actually used, and numbers read as words only where the text was normalised.
      {QStringLiteral("seed"), QString::number(take.seed)},
      {QStringLiteral("read_numbers"), spec.settings.normalize && spec.settings.readNumbers},
      {QStringLiteral("speech_tokens"), take.speechTokens()},
      {QStringLiteral("duration_seconds"), take.durationSeconds()},
      {QStringLiteral("real_time_factor"), take.realTimeFactor},
      {QStringLiteral("first_audio_seconds"), take.firstAudioSeconds},
      {QStringLiteral("memory_before"), memoryJson(take.memoryBefore)},
      {QStringLiteral("memory_after"), memoryJson(take.memoryAfter)},
      {QStringLiteral("sample_rate"), format.sampleRate},
      {QStringLiteral("file_format"), QString::fromLatin1(audio::fileSuffix(format.file) + 1)},
      // Lossy files have no sample encoding of their own: their codec is the file format.
      {QStringLiteral("encoding"), format.file == audio::FileFormat::Wav || format.file == audio::FileFormat::Flac
                                       ? QJsonValue(encodingName(format.encoding))
                                       : QJsonValue()},
      {QStringLiteral("pause_seconds"), format.pauseSeconds},
      {QStringLiteral("mastering"),
       QJsonObject{
           {QStringLiteral("loudness_target_lufs"),
            format.loudnessLufs ? QJsonValue(*format.loudnessLufs) : QJsonValue()},
           {QStringLiteral("loudness_before_lufs"),
            mastering.loudnessBefore ? QJsonValue(*mastering.loudnessBefore) : QJsonValue()},
           {QStringLiteral("loudness_after_lufs"),
            mastering.loudnessAfter ? QJsonValue(*mastering.loudnessAfter) : QJsonValue()},
           {QStringLiteral("gain_db"), mastering.gainDb},
           {QStringLiteral("limited_db"), mastering.limitedDb},
           {QStringLiteral("peak_limited"), mastering.peakLimited},
           {QStringLiteral("held_back_db"), mastering.heldBackDb},
           {QStringLiteral("true_peak_dbfs"), mastering.truePeakAfterDbfs},
           {QStringLiteral("level_segments"), format.levelSegments},
           {QStringLiteral("trim_silence"), format.trimSilence},
       }},
  };
  for (auto field = taken.begin(); field != taken.end(); ++field) json.insert(field.key(), field.value());
  return QJsonDocument(json).toJson();
}

Take takeFromFiles(const QString& wavPath, const QJsonObject& json) {
  Take take;
  const audio::Clip clip = audio::loadClip(wavPath.toStdString(), audio::ClipLimits::none());
  take.sampleRate = clip.sampleRate;
  take.samples = QVector<float>(clip.channels.front().begin(), clip.channels.front().end());
  take.wavPath = wavPath;
  take.jobId = json.value(QStringLiteral("job_id")).toString().toULongLong();
  take.created = QDateTime::fromString(json.value(QStringLiteral("created")).toString(), Qt::ISODate);
  take.modelFolder = json.value(QStringLiteral("model")).toString();
  take.llmCheckpoint = json.value(QStringLiteral("checkpoint")).toString();
  take.realTimeFactor = json.value(QStringLiteral("real_time_factor")).toDouble();
  take.firstAudioSeconds = json.value(QStringLiteral("first_audio_seconds")).toDouble();
  take.label = json.value(QStringLiteral("label")).toString();
  const QJsonObject incomplete = json.value(QStringLiteral("incomplete")).toObject();
  take.plannedParts = std::max(0, incomplete.value(QStringLiteral("of")).toInt());
  take.madeParts = std::clamp(incomplete.value(QStringLiteral("made")).toInt(), 0, take.plannedParts);
  // The clip is cut again from the spec's only if a segment is made again.
  take.spec = jobFromJsonLeniently(json);
  take.spec.id = take.jobId;
  take.spec.listening = listeningFromJson(json.value(QStringLiteral("listening")).toObject());
  take.seed = take.spec.settings.seed;  // the sidecar's "seed" is the one used
  take.segments = cutIntoSegments(take.samples, take.sampleRate, json.value(QStringLiteral("segments")).toArray());
  if (take.segments.isEmpty())
    throw std::runtime_error(QCoreApplication::translate("TakeStore", "its segments do not match its audio")
                                 .toStdString());
  return take;
}

}  // namespace cosystudio::ui
