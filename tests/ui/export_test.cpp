#include "take_store.h"

#include "cosystudio/audio/clip.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace cosystudio;
using namespace cosystudio::ui;

namespace {

Take sineTake(double seconds) {
  Take take;
  take.jobId = 7;
  take.seed = 1234;
  take.sampleRate = 24000;
  take.created = QDateTime::currentDateTime();
  take.spec.text = QStringLiteral("你好，世界。");
  for (int i = 0; i < int(seconds * take.sampleRate); ++i)
    take.samples << float(0.5 * std::sin(2 * M_PI * 440.0 * i / take.sampleRate));
  return take;
}

}  // namespace

class ExportTest : public QObject {
  Q_OBJECT

 private slots:
  void writesAReadableWavAtTheChosenRate_data() {
    QTest::addColumn<int>("rate");
    QTest::addColumn<int>("encoding");
    QTest::newRow("24k pcm16") << 24000 << int(audio::WavEncoding::PCM16);
    QTest::newRow("44.1k pcm24") << 44100 << int(audio::WavEncoding::PCM24);
    QTest::newRow("48k float") << 48000 << int(audio::WavEncoding::Float32);
  }

  void writesAReadableWavAtTheChosenRate() {
    QFETCH(int, rate);
    QFETCH(int, encoding);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("take.wav"));
    exportTake(sineTake(1.0), path, ExportFormat{audio::WavEncoding(encoding), rate});
    const audio::Clip clip = audio::loadClip(path.toStdString());
    QCOMPARE(clip.sampleRate, rate);
    QVERIFY(std::abs(clip.frames() - rate) <= 2);
    float peak = 0;
    for (float v : clip.channels[0]) peak = std::max(peak, std::abs(v));
    QVERIFY(peak > 0.45f && peak < 0.55f);

    QFile sidecar(dir.filePath(QStringLiteral("take.json")));
    QVERIFY(sidecar.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(sidecar.readAll()).object();
    QCOMPARE(json.value(QStringLiteral("seed")).toString(), QStringLiteral("1234"));
    QCOMPARE(json.value(QStringLiteral("sample_rate")).toInt(), rate);
    QCOMPARE(json.value(QStringLiteral("text")).toString(), QStringLiteral("你好，世界。"));
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
  }

  void pausesGoBetweenSegmentsOfTheExport() {
    Take take = sineTake(0);
    for (const double seconds : {1.0, 0.5}) {
      TakeSegment segment;
      segment.text = QStringLiteral("你好。");
      segment.samples = sineTake(seconds).samples;
      take.segments << segment;
    }
    take.samples = joinSegments(take.segments, take.sampleRate);
    constexpr qint64 kFade = 240;  // 10 ms at 24 kHz, per seam
    QCOMPARE(take.samples.size(), 36000 - kFade);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("paused.wav"));
    exportTake(take, path, ExportFormat{audio::WavEncoding::Float32, 24000, 0.5});
    const audio::Clip written = audio::loadClip(path.toStdString());
    // Two seams now: segment → silence → segment.
    QCOMPARE(written.frames(), 36000 + 12000 - 2 * kFade);
    const std::vector<float>& s = written.channels[0];
    const auto silent = std::all_of(s.begin() + 24000, s.begin() + 24000 + 12000 - 2 * kFade,
                                    [](float v) { return v == 0.0f; });
    QVERIFY(silent);
    QFile sidecar(dir.filePath(QStringLiteral("paused.json")));
    QVERIFY(sidecar.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(sidecar.readAll()).object().value(QStringLiteral("pause_seconds")).toDouble(), 0.5);
  }

  void theStoreKeepsTakesUntilTheRetentionEnds() {
    QTemporaryDir dir;
    TakeStore store(dir.path());
    Take take = sineTake(0.2);
    const QString wav = store.save(take);
    QCOMPARE(take.wavPath, wav);
    QVERIFY(QFile::exists(wav));
    QCOMPARE(store.applyRetention(0), 0);
    QCOMPARE(store.applyRetention(30), 0);
    QFile file(wav);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addDays(-40), QFileDevice::FileModificationTime));
    file.close();
    QCOMPARE(store.applyRetention(30), 1);
    QVERIFY(!QFile::exists(wav));
  }
};

QTEST_MAIN(ExportTest)
#include "export_test.moc"
