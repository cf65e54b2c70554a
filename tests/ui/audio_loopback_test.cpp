// Plays through PcmPlayer and records back through ClipRecorder on a private
// PulseAudio server whose microphone is the monitor of its null sink. Checks
// the measured pitfalls: the recorder's silent first second is not counted as
// lost audio, and playback does not cut the tail when the sink reports Idle.
#include "audio_streams.h"
#include "clip_panel.h"
#include "clip_recorder.h"
#include "history_panel.h"
#include "pcm_player.h"
#include "test_support.h"

#include <QMediaDevices>
#include <QPushButton>
#include <QSlider>
#include <QTreeWidget>
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

  // The transport shows the selected take, Space plays it, and the Play
  // buttons say Stop exactly while they play.
  void transportAndPlayButtonsTellTheTruth() {
    PcmPlayer player;
    HistoryPanel history(&player);
    for (const int seconds : {1, 2}) {
      Take take;
      take.jobId = quint64(seconds);
      take.spec.text = QStringLiteral("take %1").arg(seconds);
      take.samples = QVector<float>(seconds * 24000, 0.1f);
      take.segments = {TakeSegment{take.spec.text, take.samples}};
      history.addTake(take);
    }
    history.show();
    QVERIFY(QTest::qWaitForWindowExposed(&history));
    auto* list = history.findChild<QTreeWidget*>(QStringLiteral("takes"));
    auto* seek = history.findChild<QSlider*>(QStringLiteral("seek"));
    auto* play = history.findChild<QPushButton*>(QStringLiteral("playTake"));
    QCOMPARE(seek->maximum(), 2000);  // the newest take is selected
    list->setCurrentItem(list->topLevelItem(0));
    QCOMPARE(seek->maximum(), 1000);
    QCOMPARE(seek->value(), 0);
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Space);
    QVERIFY(player.isPlaying());
    QCOMPARE(play->text(), QStringLiteral("Stop"));
    QSignalSpy done(&player, &PcmPlayer::finished);
    QVERIFY(done.wait(5000));
    QCOMPARE(play->text(), QStringLiteral("Play"));

    ClipPanel clip(&player);
    QString error;
    QVERIFY2(clip.loadFile(test::promptA(), &error), qPrintable(error));
    auto* playSelection = clip.findChild<QPushButton*>(QStringLiteral("playSelection"));
    QVERIFY(playSelection->isEnabled());
    playSelection->click();
    QVERIFY(player.isPlaying());
    QCOMPARE(playSelection->text(), QStringLiteral("&Stop"));
    playSelection->click();
    QVERIFY(!player.isPlaying());
    QCOMPARE(playSelection->text(), QStringLiteral("&Play selection"));
  }

  // Exiting right after the recorder stops is the crash audio_streams.h prevents.
  void cleanupTestCase() { waitForAudioServerAnswer(); }
};

QTEST_MAIN(AudioLoopbackTest)
#include "audio_loopback_test.moc"
