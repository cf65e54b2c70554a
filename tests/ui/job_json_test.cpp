// A JobSpec as JSON (job_json.h): one spelling for the saved queue and the
// take's sidecar, every field back as it went out, and the files written
// before it read as they were.
#include "job_json.h"
#include "saved_queue.h"
#include "take_store.h"

#include "cosystudio/audio/clip.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace cosystudio;
using namespace cosystudio::ui;

namespace {

// Every field a file keeps, each away from its default.
JobSpec everyField() {
  JobSpec job;
  job.settings.mode = Mode::VoiceConversion;
  job.text = QStringLiteral("今天天气很好。\n\"Quoted\", said she.");
  job.instruction = QStringLiteral("用四川话说");
  job.clip.path = QStringLiteral("/clips/prompt a.wav");
  job.clip.inFrame = 12345;
  job.clip.outFrame = 6789012;
  job.clip.digest = QByteArray::fromHex("00ff10ab");
  job.transcript = QStringLiteral("希望你以后能够做的比我还好呦。");
  job.voiceName = QStringLiteral("prompt a");
  job.sourceClipPath = QStringLiteral("/clips/source.flac");
  job.settings.speed = 1.25;
  job.settings.seed = 18446744073709551615ull;  // more than a JSON number holds exactly
  job.settings.stream = true;
  job.settings.normalize = false;
  job.settings.readNumbers = true;  // kept as asked, though raw text reads no numbers
  job.settings.segmentTimeLimitSeconds = 45.5;
  job.partsFolder = QStringLiteral("/data/CosyStudio/parts/5f0c");
  return job;
}

void compareJobs(const JobSpec& back, const JobSpec& job) {
  QCOMPARE(back.settings.mode, job.settings.mode);
  QCOMPARE(back.text, job.text);
  QCOMPARE(back.instruction, job.instruction);
  QCOMPARE(back.clip.path, job.clip.path);
  QCOMPARE(back.clip.inFrame, job.clip.inFrame);
  QCOMPARE(back.clip.outFrame, job.clip.outFrame);
  QCOMPARE(back.clip.digest, job.clip.digest);
  QVERIFY(!back.clip.isLoaded());
  QCOMPARE(back.transcript, job.transcript);
  QCOMPARE(back.voiceFile, job.voiceFile);
  QCOMPARE(back.voiceName, job.voiceName);
  QCOMPARE(back.sourceClipPath, job.sourceClipPath);
  QCOMPARE(back.settings.speed, job.settings.speed);
  QCOMPARE(back.settings.seed, job.settings.seed);
  QCOMPARE(back.settings.stream, job.settings.stream);
  QCOMPARE(back.settings.normalize, job.settings.normalize);
  QCOMPARE(back.settings.readNumbers, job.settings.readNumbers);
  QCOMPARE(back.settings.segmentTimeLimitSeconds, job.settings.segmentTimeLimitSeconds);
  QCOMPARE(back.partsFolder, job.partsFolder);
}

QJsonObject parsed(const QByteArray& json) {
  QJsonParseError error{};
  const QJsonDocument document = QJsonDocument::fromJson(json, &error);
  if (error.error != QJsonParseError::NoError) qFatal("%s", qPrintable(error.errorString()));
  return document.object();
}

// A take's WAV of `frames` samples in `folder`, for a sidecar beside it.
void writeTakeWav(const QString& path, int frames) {
  audio::Clip clip;
  clip.sampleRate = 24000;
  clip.channels.assign(1, std::vector<float>(size_t(frames)));
  for (int i = 0; i < frames; ++i) clip.channels[0][size_t(i)] = 0.2f * std::sin(0.05f * float(i));
  audio::writeWav(path.toStdString(), clip);
}

}  // namespace

class JobJsonTest : public QObject {
  Q_OBJECT

 private slots:
  void everyFieldComesBack() {
    const JobSpec job = everyField();
    const QJsonObject json = jobJson(job);
    QCOMPARE(json.value(QStringLiteral("seed")).toString(), QStringLiteral("18446744073709551615"));
    QCOMPARE(json.value(QStringLiteral("mode")).toString(), QStringLiteral("voice_conversion"));
    // Through the text of a file, as the queue and the sidecar go.
    const std::optional<JobSpec> back = jobFromJson(parsed(QJsonDocument(json).toJson()));
    QVERIFY(back);
    compareJobs(*back, job);
    compareJobs(jobFromJsonLeniently(json), job);
  }

  void aSavedVoiceReplacesTheClip() {
    JobSpec job = everyField();
    job.settings.mode = Mode::Instruct;
    job.clip = {};
    job.voiceFile = QStringLiteral("/voices/Alice.voice");
    job.voiceName = QStringLiteral("Alice");
    job.settings.normalize = true;
    job.settings.readNumbers = false;
    const std::optional<JobSpec> back = jobFromJson(jobJson(job));
    QVERIFY(back);
    compareJobs(*back, job);
    QVERIFY(back->clip.isEmpty());
  }

  void eachModeComesBack() {
    for (const Mode mode : {Mode::ZeroShot, Mode::CrossLingual, Mode::Instruct, Mode::VoiceConversion}) {
      JobSpec job;
      job.settings.mode = mode;
      QCOMPARE(jobFromJson(jobJson(job)).value_or(JobSpec{}).settings.mode, mode);
    }
  }

  // The queue drops such a job; a sidecar never refused one for it.
  void anUnknownModeOrUnreadableSeed() {
    QJsonObject json = jobJson(everyField());
    json.insert(QStringLiteral("mode"), QStringLiteral("Zero-shot"));  // the first sidecars: the window's words
    QVERIFY(!jobFromJson(json));
    QCOMPARE(jobFromJsonLeniently(json).settings.mode, Mode::ZeroShot);
    QCOMPARE(jobFromJsonLeniently(json).settings.seed, everyField().settings.seed);
    json.insert(QStringLiteral("mode"), QStringLiteral("instruct"));
    for (const QJsonValue& seed : {QJsonValue(42), QJsonValue(QStringLiteral("-1")), QJsonValue(QStringLiteral("abc")),
                                   QJsonValue(QStringLiteral("18446744073709551616")), QJsonValue()}) {
      json.insert(QStringLiteral("seed"), seed);
      QVERIFY2(!jobFromJson(json), qPrintable(QJsonDocument(QJsonArray{seed}).toJson(QJsonDocument::Compact)));
      QCOMPARE(jobFromJsonLeniently(json).settings.seed, quint64(0));
      QCOMPARE(jobFromJsonLeniently(json).settings.mode, Mode::Instruct);
    }
    json.remove(QStringLiteral("seed"));
    QVERIFY(!jobFromJson(json));
  }

  // A job of queue.json as written before the shared mapping (format 1, the
  // fuzz corpus's seed): read field by field as before.
  void anOldQueueJobReadsAsBefore() {
    const QJsonObject old = parsed(R"({"mode": "instruct", "text": "Hello there.", "instruction": "用四川话说",
        "prompt_clip": "/clips/a.wav", "prompt_clip_in": 1000, "prompt_clip_out": 40000,
        "prompt_clip_sha256": "abcdef", "prompt_transcript": "", "voice_file": "", "voice": "a",
        "source_clip": "", "speed": 1.0, "seed": "18446744073709551615", "stream": true, "raw_text": false,
        "read_numbers": false, "segment_time_limit_seconds": 120})");
    const std::optional<JobSpec> job = jobFromJson(old);
    QVERIFY(job);
    QCOMPARE(job->settings.mode, Mode::Instruct);
    QCOMPARE(job->text, QStringLiteral("Hello there."));
    QCOMPARE(job->instruction, QStringLiteral("用四川话说"));
    QCOMPARE(job->clip.path, QStringLiteral("/clips/a.wav"));
    QCOMPARE(job->clip.inFrame, 1000);
    QCOMPARE(job->clip.outFrame, 40000);
    QCOMPARE(job->clip.digest, QByteArray::fromHex("abcdef"));
    QCOMPARE(job->voiceName, QStringLiteral("a"));
    QCOMPARE(job->settings.seed, 18446744073709551615ull);
    QVERIFY(job->settings.stream);
    QVERIFY(job->settings.normalize);
    QVERIFY(!job->settings.readNumbers);
    QCOMPARE(job->settings.segmentTimeLimitSeconds, 120.0);
    // Fields a later version drops or an earlier one lacked take the defaults.
    const std::optional<JobSpec> bare = jobFromJson(QJsonObject{{QStringLiteral("mode"), QStringLiteral("zero_shot")},
                                                                {QStringLiteral("seed"), QStringLiteral("7")}});
    QVERIFY(bare);
    compareJobs(*bare, [] {
      JobSpec defaults;
      defaults.settings.seed = 7;
      return defaults;
    }());
  }

  // The saved queue writes and reads through the mapping: the file holds its
  // fields under the same names.
  void theSavedQueueHoldsTheSameObject() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.json"));
    JobSpec job = everyField();
    job.clip = {};  // nothing to cut again
    job.sourceClipPath.clear();
    QString error;
    QVERIFY2(saveQueue(path, {job}, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject written = parsed(file.readAll());
    file.close();
    QCOMPARE(written.value(QStringLiteral("format")).toInt(), 1);
    QCOMPARE(written.value(QStringLiteral("jobs")).toArray().first().toObject(), jobJson(job));
    const SavedQueue saved = takeSavedQueue(path);
    QCOMPARE(saved.jobs.size(), 1);
    compareJobs(saved.jobs.first(), job);
  }

  // The sidecar is the job's object with the take's fields added; "seed" is
  // the one used and "read_numbers" what was done.
  void theSidecarIsTheJobAndTheTake() {
    Take take;
    take.jobId = 328;
    take.spec = everyField();
    take.spec.settings.seed = 5;  // asked; the take says which was used
    take.seed = 18446744073709551614ull;
    take.modelFolder = QStringLiteral("/models/Fun-CosyVoice3-0.5B-2512");
    take.llmCheckpoint = QStringLiteral("llm.rl.pt");
    take.created = QDateTime(QDate(2026, 12, 2), QTime(7, 48, 24));
    take.samples = QVector<float>(4800, 0.1f);
    take.segments = {TakeSegment{take.spec.text, take.samples}};
    const QJsonObject sidecar = parsed(sidecarJson(take, ExportFormat{}, audio::MasteringReport{}));
    QCOMPARE(sidecar.value(QStringLiteral("seed")).toString(), QStringLiteral("18446744073709551614"));
    QCOMPARE(sidecar.value(QStringLiteral("read_numbers")).toBool(), false);  // raw text
    QCOMPARE(sidecar.value(QStringLiteral("job_id")).toString(), QStringLiteral("328"));
    QCOMPARE(sidecar.value(QStringLiteral("checkpoint")).toString(), QStringLiteral("llm.rl.pt"));
    QCOMPARE(sidecar.value(QStringLiteral("segments")).toArray().size(), 1);
    QJsonObject job = jobJson(take.spec);
    job.insert(QStringLiteral("seed"), QStringLiteral("18446744073709551614"));
    job.insert(QStringLiteral("read_numbers"), false);
    for (auto field = job.begin(); field != job.end(); ++field)
      QVERIFY2(sidecar.value(field.key()) == field.value(), qPrintable(field.key()));
    JobSpec expected = take.spec;
    expected.settings.seed = take.seed;
    expected.settings.readNumbers = false;
    compareJobs(jobFromJson(sidecar).value_or(JobSpec{}), expected);

    // And the store reads it back with the clip's selection and the source clip.
    QTemporaryDir dir;
    writeTakeWav(dir.filePath(QStringLiteral("take-1.wav")), 4800);
    QFile file(dir.filePath(QStringLiteral("take-1.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(sidecar).toJson());
    file.close();
    QStringList problems;
    const QVector<Take> back = TakeStore(dir.path()).load(&problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(back.size(), 1);
    QCOMPARE(back.first().seed, take.seed);
    QCOMPARE(back.first().jobId, take.jobId);
    QCOMPARE(back.first().spec.id, take.jobId);
    compareJobs(back.first().spec, expected);
  }

  // Sidecars as earlier versions wrote them, read by the store as before:
  // with a saved voice, "prompt_clip" named the voice file and is not a clip;
  // without one, the selection came only when there was a clip; the first
  // ones named the mode in the window's words, read as zero-shot.
  void oldSidecarsReadAsBefore() {
    QTemporaryDir dir;
    const QJsonObject segment{{QStringLiteral("samples"), 4800}, {QStringLiteral("speech_tokens"), 5},
                              {QStringLiteral("text"), QStringLiteral("今天天气很好。")},
                              {QStringLiteral("warnings"), QJsonArray{}},
                              {QStringLiteral("regenerated_seed"), QJsonValue()}};
    const QJsonObject common{
        {QStringLiteral("app"), QStringLiteral("CosyStudio 0.1.0")},
        {QStringLiteral("checkpoint"), QStringLiteral("llm.pt")},
        {QStringLiteral("duration_seconds"), 0.2},
        {QStringLiteral("encoding"), QStringLiteral("pcm16")},
        {QStringLiteral("instruction"), QStringLiteral("用四川话说")},
        {QStringLiteral("model"), QStringLiteral("/models/Fun-CosyVoice3-0.5B-2512")},
        {QStringLiteral("prompt_transcript"), QString()},
        {QStringLiteral("raw_text"), false},
        {QStringLiteral("read_numbers"), true},
        {QStringLiteral("sample_rate"), 24000},
        {QStringLiteral("segments"), QJsonArray{segment}},
        {QStringLiteral("speech_tokens"), 5},
        {QStringLiteral("speed"), 1},
        {QStringLiteral("stream"), false},
        {QStringLiteral("text"), QStringLiteral("今天天气很好。")},
    };
    const auto write = [&](const QString& name, QJsonObject json, const QJsonObject& fields) {
      for (auto field = fields.begin(); field != fields.end(); ++field) json.insert(field.key(), field.value());
      writeTakeWav(dir.filePath(name + QStringLiteral(".wav")), 4800);
      QFile file(dir.filePath(name + QStringLiteral(".json")));
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(QJsonDocument(json).toJson());
    };
    write(QStringLiteral("take-1"), common,
          {{QStringLiteral("created"), QStringLiteral("2026-12-01T10:00:00")},
           {QStringLiteral("job_id"), QStringLiteral("1")},
           {QStringLiteral("mode"), QStringLiteral("instruct")},
           {QStringLiteral("seed"), QStringLiteral("18446744073709551615")},
           {QStringLiteral("voice"), QStringLiteral("Alice")},
           {QStringLiteral("voice_file"), QStringLiteral("/voices/Alice.voice")},
           {QStringLiteral("prompt_clip"), QStringLiteral("/voices/Alice.voice")}});
    write(QStringLiteral("take-2"), common,
          {{QStringLiteral("created"), QStringLiteral("2026-12-01T11:00:00")},
           {QStringLiteral("job_id"), QStringLiteral("2")},
           {QStringLiteral("mode"), QStringLiteral("cross_lingual")},
           {QStringLiteral("seed"), QStringLiteral("2")},
           {QStringLiteral("voice"), QStringLiteral("prompt")},
           {QStringLiteral("voice_file"), QString()},
           {QStringLiteral("prompt_clip"), QStringLiteral("/clips/prompt.wav")},
           {QStringLiteral("prompt_clip_in"), 1000},
           {QStringLiteral("prompt_clip_out"), 40000},
           {QStringLiteral("prompt_clip_sha256"), QStringLiteral("00ff")}});
    write(QStringLiteral("take-3"), common,
          {{QStringLiteral("created"), QStringLiteral("2026-12-01T12:00:00")},
           {QStringLiteral("mode"), QStringLiteral("Cross-lingual")},
           {QStringLiteral("seed"), QStringLiteral("3")},
           {QStringLiteral("prompt_clip"), QStringLiteral("/clips/whole.wav")}});
    QStringList problems;
    const QVector<Take> back = TakeStore(dir.path()).load(&problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(back.size(), 3);

    const JobSpec& voice = back[0].spec;
    QCOMPARE(back[0].seed, 18446744073709551615ull);
    QCOMPARE(voice.settings.seed, 18446744073709551615ull);
    QCOMPARE(voice.settings.mode, Mode::Instruct);
    QCOMPARE(voice.voiceFile, QStringLiteral("/voices/Alice.voice"));
    QCOMPARE(voice.voiceName, QStringLiteral("Alice"));
    QVERIFY(voice.clip.isEmpty());
    QCOMPARE(voice.instruction, QStringLiteral("用四川话说"));
    QVERIFY(voice.settings.readNumbers);
    QCOMPARE(voice.sourceClipPath, QString());
    QCOMPARE(voice.settings.segmentTimeLimitSeconds, 0.0);

    const JobSpec& clip = back[1].spec;
    QCOMPARE(clip.settings.mode, Mode::CrossLingual);
    QCOMPARE(clip.settings.seed, quint64(2));
    QCOMPARE(clip.clip.path, QStringLiteral("/clips/prompt.wav"));
    QCOMPARE(clip.clip.inFrame, 1000);
    QCOMPARE(clip.clip.outFrame, 40000);
    QCOMPARE(clip.clip.digest, QByteArray::fromHex("00ff"));
    QVERIFY(clip.voiceFile.isEmpty());

    const JobSpec& first = back[2].spec;
    QCOMPARE(first.settings.mode, Mode::ZeroShot);
    QCOMPARE(back[2].seed, quint64(3));
    QCOMPARE(first.clip.path, QStringLiteral("/clips/whole.wav"));
    QCOMPARE(first.clip.inFrame, 0);
    QCOMPARE(first.clip.outFrame, -1);
    QVERIFY(first.clip.digest.isEmpty());
  }
};

QTEST_GUILESS_MAIN(JobJsonTest)
#include "job_json_test.moc"
