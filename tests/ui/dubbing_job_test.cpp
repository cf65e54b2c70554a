// Subtitles dubbed in the window, without a model (dubbing_job.h): a file that
// cannot be dubbed is refused naming it (and the line), the job's cues go
// through the queue's and the sidecar's JSON, and a dubbed take is stored,
// read back and exported time-aligned, its subtitles where its speech lies.
#include "dubbing_job.h"
#include "job_json.h"
#include "take_store.h"

#include "cosystudio/audio/clip.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace cosystudio;
using namespace cosystudio::ui;

namespace {

QString written(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) qFatal("cannot write %s", qPrintable(path));
  return path;
}

// A job the panels could make: cross-lingual from a clip.
JobSpec panelJob() {
  JobSpec job;
  job.settings.mode = Mode::CrossLingual;
  job.clip.path = QStringLiteral("/clips/prompt.wav");
  job.clip.digest = QByteArray::fromHex("00ff");
  job.voiceName = QStringLiteral("prompt");
  job.text = QStringLiteral("what the editor holds");
  job.settings.seed = 7;
  return job;
}

const QByteArray kTwoCues = "1\n00:00:00,500 --> 00:00:01,000\nHello there.\n\n"
                            "2\n00:00:01,200 --> 00:00:02,000\n<i>Second</i>\nline.\n";

// A dubbed take of 3 s: two segments of a tone placed at 0.5 s and 1.2 s.
Take dubbedTakeOfTones() {
  Take take;
  take.jobId = 41;
  take.spec = panelJob();
  take.spec.asDubbing().cues = text::parseSubtitles(kTwoCues.toStdString());
  take.spec.asDubbing().file = QStringLiteral("/subs/two.srt");
  take.created = QDateTime(QDate(2026, 12, 3), QTime(21, 0));
  take.samples = QVector<float>(72000, 0.0f);
  const qint64 at[] = {12000, 28800};
  const qsizetype length[] = {9000, 14000};
  for (int i = 0; i < 2; ++i) {
    TakeSegment segment;
    segment.text = QString::fromStdString(take.spec.dubbing().cues[std::size_t(i)].text);
    segment.cue = i + 1;
    segment.placedAt = at[i];
    segment.samples.resize(length[i]);
    for (qsizetype s = 0; s < length[i]; ++s) segment.samples[s] = 0.3f * std::sin(0.03f * float(s) * float(i + 1));
    std::copy(segment.samples.begin(), segment.samples.end(), take.samples.begin() + at[i]);
    if (i == 1) segment.warnings << QStringLiteral("cue 2 is 100 ms too long even at speed 1.5: it runs on past its end");
    take.segments << segment;
  }
  return take;
}

}  // namespace

class DubbingJobTest : public QObject {
  Q_OBJECT

 private slots:
  void subtitlesAreToldApartBySuffix() {
    QVERIFY(isSubtitleFile(QStringLiteral("/films/Scene 1.SRT")));
    QVERIFY(isSubtitleFile(QStringLiteral("scene.vtt")));
    QVERIFY(!isSubtitleFile(QStringLiteral("prompt.wav")));
    QVERIFY(!isSubtitleFile(QStringLiteral("srt")));
  }

  void theCuesOfAFileAreRead() {
    QTemporaryDir dir;
    QString error;
    const auto cues = readSubtitleFile(written(dir, QStringLiteral("two.srt"), kTwoCues), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(cues.size(), std::size_t(2));
    QCOMPARE(cues[1].startMs, 1200);
    QCOMPARE(cues[1].text, std::string("Second\nline."));
  }

  // One sentence naming the file (and the line), the whole path under the details.
  void aFileThatCannotBeDubbedIsNamed_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("cues.srt holds no subtitles: no cue was found in it.");
    QTest::newRow("blank") << QByteArray("\r\n\r\n") << QStringLiteral("cues.srt holds no subtitles: no cue was found in it.");
    QTest::newRow("bad time") << QByteArray("1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\n00:00:03 -> soon\nbad\n")
                              << QStringLiteral("cues.srt cannot be read as subtitles: line 6 is not what an SRT or "
                                                "WebVTT file holds there.");
    QTest::newRow("not subtitles") << QByteArray("Dear diary,\ntoday\n")
                                   << QStringLiteral("cues.srt cannot be read as subtitles: line 1 is not what an SRT "
                                                     "or WebVTT file holds there.");
    // A track to 99 hours would be 34 GB of silence; hours of nine digits overflowed its arithmetic.
    QTest::newRow("a cue 99 hours in") << QByteArray("1\n00:00:01,000 --> 00:00:02,000\nfine\n\n"
                                                     "2\n99:00:00,000 --> 99:00:01,000\nlate\n")
                                       << QStringLiteral("cues.srt cannot be dubbed: cue 2 runs to 99:00:01,000, past "
                                                         "the 24 hours a dubbing may last");
    QTest::newRow("hours past any track")
        << QByteArray("1\n999999999:00:00,000 --> 999999999:00:00,000\nnever\n")
        << QStringLiteral("cues.srt cannot be dubbed: cue 1 runs to 999999999:00:00,000, past the 24 hours a "
                          "dubbing may last");
  }
  void aFileThatCannotBeDubbedIsNamed() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, sentence);
    QTemporaryDir dir;
    const QString path = written(dir, QStringLiteral("cues.srt"), bytes);
    JobSpec job = panelJob();
    const QString problem = makeDubbingJob(job, path, 1.5);
    QCOMPARE(problem.section(QStringLiteral("\n\n"), 0, 0), sentence);
    QVERIFY2(problem.contains(QDir::toNativeSeparators(path)), qPrintable(problem));
    QVERIFY(!job.isDubbing());  // nothing changed: the job is the panels' still
    QCOMPARE(job.text, panelJob().text);
  }

  void aMissingFileOrAFolderIsNamed() {
    QTemporaryDir dir;
    QString error;
    QVERIFY(readSubtitleFile(dir.filePath(QStringLiteral("gone.srt")), &error).empty());
    QVERIFY2(error.startsWith(QStringLiteral("The subtitles gone.srt cannot be opened.")), qPrintable(error));
    QVERIFY(readSubtitleFile(dir.path(), &error).empty());
    QVERIFY2(error.contains(QStringLiteral("is a folder")), qPrintable(error));
  }

  // The engine's rule (dubbingProblem), worded for the window and naming the file.
  void whatTheEngineCannotDubIsSaid() {
    QTemporaryDir dir;
    const QString path = written(dir, QStringLiteral("two.srt"), kTwoCues);
    JobSpec job = panelJob();
    job.settings.mode = Mode::VoiceConversion;
    const QString problem = makeDubbingJob(job, path, 1.5);
    QVERIFY2(problem.startsWith(QStringLiteral("two.srt cannot be dubbed: dubbing speaks the subtitles' text")),
             qPrintable(problem));
    QVERIFY(!job.isDubbing());
  }

  void aJobDubsTheCuesInThePanelsVoice() {
    QTemporaryDir dir;
    const QString path = written(dir, QStringLiteral("two.srt"), kTwoCues);
    JobSpec job = panelJob();
    job.settings.stream = true;
    job.settings.speed = 1.8;  // faster than the setting: the setting cannot slow it down
    QCOMPARE(makeDubbingJob(job, path, 1.5), QString());
    QVERIFY(job.isDubbing());
    QCOMPARE(job.dubbing().cues.size(), std::size_t(2));
    QCOMPARE(job.dubbing().file, QFileInfo(path).absoluteFilePath());
    QCOMPARE(job.dubbing().maxSpeed, 1.8);
    QVERIFY(!job.settings.stream);  // each cue is made whole, to be made again faster
    QCOMPARE(job.text, QStringLiteral("Hello there.\nSecond line."));
    QCOMPARE(job.clip.path, panelJob().clip.path);
    QCOMPARE(dubbingOptions(job).maxSpeed, 1.8);
  }

  // The queue and the sidecar keep the cues; a malformed "dubbing" is refused
  // by the queue and left out by the sidecar's lenient reading.
  void theCuesGoThroughJson() {
    JobSpec job = panelJob();
    job.asDubbing().file = QStringLiteral("/subs/two.srt");
    job.asDubbing().cues = text::parseSubtitles(kTwoCues.toStdString());
    job.asDubbing().maxSpeed = 1.75;
    const QJsonObject json = QJsonDocument::fromJson(QJsonDocument(jobJson(job)).toJson()).object();
    for (const JobSpec& back : {jobFromJson(json).value_or(JobSpec{}), jobFromJsonLeniently(json)}) {
      QVERIFY(back.isDubbing());
      QCOMPARE(back.dubbing().file, job.dubbing().file);
      QCOMPARE(back.dubbing().maxSpeed, 1.75);
      QCOMPARE(back.dubbing().cues.size(), job.dubbing().cues.size());
      for (std::size_t i = 0; i < job.dubbing().cues.size(); ++i) {
        QCOMPARE(back.dubbing().cues[i].index, job.dubbing().cues[i].index);
        QCOMPARE(back.dubbing().cues[i].startMs, job.dubbing().cues[i].startMs);
        QCOMPARE(back.dubbing().cues[i].endMs, job.dubbing().cues[i].endMs);
        QCOMPARE(back.dubbing().cues[i].text, job.dubbing().cues[i].text);
      }
    }
    QVERIFY(!jobJson(panelJob()).contains(QStringLiteral("dubbing")));
    QJsonObject bad = json;
    QJsonObject dubbing = bad.value(QStringLiteral("dubbing")).toObject();
    dubbing.insert(QStringLiteral("cues"), QJsonArray{QJsonObject{{QStringLiteral("start_ms"), 900},
                                                                  {QStringLiteral("end_ms"), 100},
                                                                  {QStringLiteral("text"), QStringLiteral("x")}}});
    bad.insert(QStringLiteral("dubbing"), dubbing);
    QVERIFY(!jobFromJson(bad));
    QVERIFY(!jobFromJsonLeniently(bad).isDubbing());
    QCOMPARE(jobFromJsonLeniently(bad).text, job.text);
  }

  // Written by the store and read back: each segment cut where it lies, with its cue.
  void aDubbedTakeIsStoredAndReadBackWhereItsSegmentsLie() {
    const Take take = dubbedTakeOfTones();
    QCOMPARE(placeSegments(take.samples, take.segments), take.samples);
    QTemporaryDir dir;
    {
      TakeStore store(dir.path());
      store.save(take);
    }  // waits for the write
    QStringList problems;
    const QVector<Take> back = TakeStore(dir.path()).load(&problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(back.size(), 1);
    const Take& stored = back.first();
    QVERIFY(stored.spec.isDubbing());
    QCOMPARE(stored.spec.dubbing().cues.size(), std::size_t(2));
    QCOMPARE(stored.samples.size(), take.samples.size());
    QCOMPARE(stored.segments.size(), 2);
    for (int i = 0; i < 2; ++i) {
      QCOMPARE(stored.segments[i].placedAt, take.segments[i].placedAt);
      QCOMPARE(stored.segments[i].cue, take.segments[i].cue);
      QCOMPARE(stored.segments[i].samples.size(), take.segments[i].samples.size());
      QCOMPARE(stored.segments[i].warnings, take.segments[i].warnings);
      // PCM16: the same audio within a step.
      for (qsizetype s = 0; s < take.segments[i].samples.size(); s += 997)
        QVERIFY(std::abs(stored.segments[i].samples[s] - take.segments[i].samples[s]) < 1e-4f);
    }
    QCOMPARE(stored.warnings(), take.warnings());
  }

  // The export is the track as it lies on the timeline: a pause between
  // segments would move the cues, so none is added; levelling keeps every
  // segment where it is; the subtitles beside it are where the speech is.
  void aDubbedTakeExportsTimeAligned() {
    const Take take = dubbedTakeOfTones();
    QTemporaryDir dir;
    ExportFormat format;
    format.pauseSeconds = 0.5;
    format.levelSegments = true;
    format.sampleRate = 48000;
    format.subtitles = text::SubtitleFormat::Srt;
    const QString path = dir.filePath(QStringLiteral("dub.wav"));
    exportTake(take, path, format);
    const audio::Clip clip = audio::loadClip(path.toStdString(), audio::ClipLimits::none());
    QCOMPARE(clip.sampleRate, 48000);
    QCOMPARE(clip.frames(), qint64(take.samples.size()) * 2);
    // The first loud sample of each segment, where its cue begins.
    for (const TakeSegment& segment : take.segments) {
      const qint64 at = segment.placedAt * 2;
      QVERIFY(std::abs(clip.channels[0][std::size_t(at - 200)]) < 1e-3f);  // silence before it
      float peak = 0;
      for (qint64 s = at; s < at + 2000; ++s) peak = std::max(peak, std::abs(clip.channels[0][std::size_t(s)]));
      QVERIFY(peak > 0.05f);
    }
    QFile srt(dir.filePath(QStringLiteral("dub.srt")));
    QVERIFY(srt.open(QIODevice::ReadOnly));
    const auto cues = text::parseSubtitles(srt.readAll().toStdString());
    QCOMPARE(cues.size(), std::size_t(2));
    QCOMPARE(cues[0].startMs, 500);
    QCOMPARE(cues[0].endMs, 875);  // 9000 samples at 24 kHz
    QCOMPARE(cues[1].startMs, 1200);
    QCOMPARE(cues[1].text, std::string("Second\nline."));
  }
};

QTEST_MAIN(DubbingJobTest)
#include "dubbing_job_test.moc"
