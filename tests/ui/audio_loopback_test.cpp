// Plays through PcmPlayer and records back through ClipRecorder on a private
// PulseAudio server whose microphone is the monitor of its null sink. Checks
// the measured pitfalls: the recorder's silent first second is not counted as
// lost audio, and playback does not cut the tail when the sink reports Idle.
#include "audio_streams.h"
#include "clip_recorder.h"
#include "pcm_player.h"

#include <QMediaDevices>
#include <QtTest>

#include <cmath>

using namespace cosystudio::ui;

namespace {

// Seconds of 10 ms frames louder than -20 dBFS.
double loudSeconds(const QVector<float>& samples, int rate) {
  const int frame = rate / 100;
  int loud = 0;
  for (qsizetype start = 0; start + frame <= samples.size(); start += frame) {
    double sum = 0;
    for (int i = 0; i < frame; ++i) sum += double(samples[start + i]) * samples[start + i];
    if (std::sqrt(sum / frame) > 0.1) ++loud;
  }
  return loud / 100.0;
}

}  // namespace

class AudioLoopbackTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    if (qEnvironmentVariableIsEmpty("PULSE_SERVER"))
      QSKIP("needs the private PulseAudio server of scripts/pulse-test-server.sh");
    QVERIFY(!QMediaDevices::defaultAudioInput().isNull());
    QVERIFY(!QMediaDevices::defaultAudioOutput().isNull());
  }

  void playsEveryToneSampleAndRecordsItBack() {
    ClipRecorder recorder;
    QSignalSpy levels(&recorder, &ClipRecorder::level);
    QSignalSpy recorded(&recorder, &ClipRecorder::finished);
    QVERIFY(recorder.start(QMediaDevices::defaultAudioInput()));
    QVERIFY(levels.wait(5000));  // armed: the source now delivers

    const int rate = 24000;
    QVector<float> tone;
    for (int i = 0; i < rate; ++i) tone << float(0.5 * std::sin(2 * M_PI * 440.0 * i / rate));
    PcmPlayer player;
    QSignalSpy done(&player, &PcmPlayer::finished);
    player.play(tone, rate);
    QVERIFY(done.wait(10000));
    QTest::qWait(300);
    recorder.stop();
    QCOMPARE(recorded.count(), 1);
    const QVector<float> samples = recorded.first().at(0).value<QVector<float>>();
    const int recordedRate = recorded.first().at(1).toInt();
    const double heard = loudSeconds(samples, recordedRate);
    QVERIFY2(heard >= 0.95 && heard <= 1.05, qPrintable(QStringLiteral("heard %1 s of a 1 s tone").arg(heard)));
  }

  // Exiting right after the recorder stops is the crash audio_streams.h prevents.
  void cleanupTestCase() { waitForAudioServerAnswer(); }
};

QTEST_MAIN(AudioLoopbackTest)
#include "audio_loopback_test.moc"
