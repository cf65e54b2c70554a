// Plays through PcmPlayer and records back through ClipRecorder on a private
// PulseAudio server whose microphone is the monitor of its null sink. Checks
// the measured pitfalls: the recorder's silent first second is not counted as
// lost audio, and playback does not cut the tail when the sink reports Idle.
// Also what the takes panel's transport shows while a job streams, and its
// choice of output.
#include "app_settings.h"
#include "audio_streams.h"
#include "clip_panel.h"
#include "clip_recorder.h"
#include "engine_session.h"
#include "history_panel.h"
#include "main_window.h"
#include "model_dialogs.h"
#include "pcm_player.h"
#include "take_list_model.h"
#include "take_store.h"
#include "test_support.h"

#include <QComboBox>
#include <QLabel>
#include <QMediaDevices>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QSlider>
#include <QTemporaryDir>
#include <QTreeView>
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

constexpr int kRate = 24000;

// Job `jobId`'s take of `seconds` of a quiet constant, one segment.
Take takeOf(quint64 jobId, double seconds) {
  Take take;
  take.jobId = jobId;
  take.spec.text = QStringLiteral("take %1").arg(jobId);
  take.samples = QVector<float>(int(seconds * kRate), 0.1f);
  take.segments = {TakeSegment{take.spec.text, take.samples}};
  return take;
}

// The transport of a takes panel.
struct Transport {
  explicit Transport(const HistoryPanel& history)
      : play(history.findChild<QPushButton*>(QStringLiteral("playTake"))),
        seek(history.findChild<QSlider*>(QStringLiteral("seek"))),
        time(history.findChild<QLabel*>(QStringLiteral("playbackTime"))),
        output(history.findChild<QComboBox*>(QStringLiteral("playbackOutput"))) {}
  QPushButton* play;
  QSlider* seek;
  QLabel* time;
  QComboBox* output;
};

}  // namespace

class AudioLoopbackTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    if (qEnvironmentVariableIsEmpty("PULSE_SERVER"))
      QSKIP("needs the private PulseAudio server of scripts/pulse-test-server.sh");
    QVERIFY(!QMediaDevices::defaultAudioInput().isNull());
    QVERIFY(!QMediaDevices::defaultAudioOutput().isNull());
    QStandardPaths::setTestModeEnabled(true);  // the output choice is saved
    AppSettings::saveAudioOutput({});
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
    QTemporaryDir outputs;
    TakeStore store(outputs.path());
    HistoryPanel history(&player, &store);
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
    auto* list = history.findChild<QTreeView*>(QStringLiteral("takes"));
    auto* seek = history.findChild<QSlider*>(QStringLiteral("seek"));
    auto* play = history.findChild<QPushButton*>(QStringLiteral("playTake"));
    QCOMPARE(seek->maximum(), 2000);  // the newest take is selected
    list->setCurrentIndex(history.model()->indexOf(0));
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

  // A job's audio plays in the transport as it arrives: Stop, a position that
  // moves, a length that grows (marked "…" until the take is made), then the
  // take's own length; the stream plays out as the new take.
  void aStreamedJobShowsInTheTransport() {
    PcmPlayer player;
    QTemporaryDir outputs;
    TakeStore store(outputs.path());
    HistoryPanel history(&player, &store);
    history.addTake(takeOf(1, 1.0));
    const Transport transport(history);
    const QVector<float> chunk(kRate / 2, 0.1f);
    history.streamAudio(7, chunk, kRate);
    QVERIFY(player.isPlaying());
    QCOMPARE(transport.play->text(), QStringLiteral("Stop"));
    QCOMPARE(transport.seek->maximum(), 500);
    QVERIFY2(transport.time->text().endsWith(QStringLiteral(" s of 0.5 s…")), qPrintable(transport.time->text()));
    history.streamAudio(7, chunk, kRate);
    QCOMPARE(transport.seek->maximum(), 1000);
    QVERIFY2(transport.time->text().endsWith(QStringLiteral(" s of 1.0 s…")), qPrintable(transport.time->text()));
    QTRY_VERIFY(transport.seek->value() > 0);
    QTRY_VERIFY(transport.time->text().startsWith(QStringLiteral("0.")) &&
                !transport.time->text().startsWith(QStringLiteral("0.0 ")));

    history.addFinishedTake(takeOf(7, 1.0));
    QCOMPARE(history.currentIndex(), 1);
    QVERIFY2(transport.time->text().endsWith(QStringLiteral(" s of 1.0 s")), qPrintable(transport.time->text()));
    QCOMPARE(transport.play->text(), QStringLiteral("Stop"));
    QSignalSpy done(&player, &PcmPlayer::finished);
    QVERIFY(done.wait(5000));
    QCOMPARE(transport.play->text(), QStringLiteral("Play"));
    QCOMPARE(transport.seek->maximum(), 1000);  // the played take's, where it ended

    // Another take selected: the transport shows it from its start.
    history.addTake(takeOf(2, 2.0));
    QCOMPARE(transport.seek->maximum(), 2000);
    QCOMPARE(transport.seek->value(), 0);
    QCOMPARE(transport.time->text(), QStringLiteral("0.0 s of 2.0 s"));
  }

  // Stop ends a stream for good (the job's later audio stays silent), and so
  // does a cancel or a failure; the transport shows the selected take again.
  void stopOrCancelEndsAStream() {
    PcmPlayer player;
    QTemporaryDir outputs;
    TakeStore store(outputs.path());
    HistoryPanel history(&player, &store);
    history.addTake(takeOf(1, 1.0));
    const Transport transport(history);
    const QVector<float> chunk(2 * kRate, 0.1f);
    history.streamAudio(8, chunk, kRate);
    QCOMPARE(transport.play->text(), QStringLiteral("Stop"));
    transport.play->click();
    QVERIFY(!player.isPlaying());
    QCOMPARE(transport.play->text(), QStringLiteral("Play"));
    QCOMPARE(transport.seek->maximum(), 1000);
    QCOMPARE(transport.time->text(), QStringLiteral("0.0 s of 1.0 s"));
    history.streamAudio(8, chunk, kRate);
    QVERIFY(!player.isPlaying());
    QCOMPARE(transport.time->text(), QStringLiteral("0.0 s of 1.0 s"));

    history.streamAudio(9, chunk, kRate);
    QVERIFY(player.isPlaying());
    QCOMPARE(transport.seek->maximum(), 2000);
    history.stopStream(9);
    QVERIFY(!player.isPlaying());
    QCOMPARE(transport.play->text(), QStringLiteral("Play"));
    QCOMPARE(transport.seek->maximum(), 1000);
    QCOMPARE(transport.time->text(), QStringLiteral("0.0 s of 1.0 s"));
  }

  // The window hands the session's streams to the takes panel.
  void theWindowStreamsJobsThroughTheTransport() {
    MainWindow window;
    const Transport transport(*window.historyPanel());
    emit window.session()->jobAudio(5, cosystudio::AudioChunk{0, std::vector<float>(2 * kRate, 0.1f), kRate});
    QCOMPARE(transport.play->text(), QStringLiteral("Stop"));
    QVERIFY(transport.time->text().endsWith(QStringLiteral(" s of 2.0 s…")));
    emit window.session()->jobFailed(5, QString(), true);
    QCOMPARE(transport.play->text(), QStringLiteral("Play"));
    QVERIFY(!transport.time->text().endsWith(QStringLiteral("…")));
  }

  // The transport's output list holds the devices there are, follows them as
  // they come and go, and shares its choice with Settings.
  void theOutputChoiceListsDevicesAndIsSaved() {
    PcmPlayer player;
    QTemporaryDir outputs;
    TakeStore store(outputs.path());
    HistoryPanel history(&player, &store);
    const Transport transport(history);
    QVERIFY(transport.output->isEnabled());
    QCOMPARE(transport.output->itemText(0), QStringLiteral("System default"));
    QCOMPARE(transport.output->count(), 1 + QMediaDevices::audioOutputs().size());
    const int sink = transport.output->findText(QStringLiteral("TestSink"));
    QVERIFY(sink > 0);
    const QByteArray id = transport.output->itemData(sink).toByteArray();

    history.show();
    QVERIFY(QTest::qWaitForWindowExposed(&history));
    transport.output->setFocus();
    for (int i = 0; i < sink; ++i) QTest::keyClick(transport.output, Qt::Key_Down);
    QCOMPARE(transport.output->currentIndex(), sink);
    QCOMPARE(player.outputId(), id);
    QCOMPARE(AppSettings::load().audioOutput, id);
    // Settings shows it, even from settings read before it was chosen.
    const SettingsDialog dialog{AppSettings{}};
    QCOMPARE(dialog.findChild<QComboBox*>(QStringLiteral("audioOutput"))->currentData().toByteArray(), id);
    // What Settings chose (the window hands it to the player) shows here.
    player.setOutputId({});
    QCOMPARE(transport.output->currentIndex(), 0);

    QProcess pactl;
    pactl.start(QStringLiteral("pactl"), {QStringLiteral("load-module"), QStringLiteral("module-null-sink"),
                                          QStringLiteral("sink_name=second_sink"),
                                          QStringLiteral("sink_properties=device.description=SecondSink")});
    QVERIFY(pactl.waitForFinished(10000));
    const QString module = QString::fromLatin1(pactl.readAllStandardOutput()).trimmed();
    QVERIFY2(pactl.exitCode() == 0 && !module.isEmpty(), pactl.readAllStandardError().constData());
    auto unload = qScopeGuard([&] { QProcess::execute(QStringLiteral("pactl"), {QStringLiteral("unload-module"), module}); });
    QTRY_VERIFY_WITH_TIMEOUT(transport.output->findText(QStringLiteral("SecondSink")) > 0, 10000);
    unload.dismiss();
    QCOMPARE(QProcess::execute(QStringLiteral("pactl"), {QStringLiteral("unload-module"), module}), 0);
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    // Qt 6.8's PulseAudio backend keeps a sink PulseAudio removed in
    // QMediaDevices::audioOutputs() until another sink comes or changes (seen
    // with 6.8.2 on Debian 13, in a program of a few lines as here): the list
    // can only follow Qt's. Should Qt drop it, this passes and fails the test,
    // which is then to lose this line.
    QEXPECT_FAIL("", "Qt 6.8 lists a removed PulseAudio sink until another sink changes", Continue);
#endif
    QTRY_COMPARE_WITH_TIMEOUT(transport.output->findText(QStringLiteral("SecondSink")), -1, 10000);
    AppSettings::saveAudioOutput({});
  }

  // Exiting right after the recorder stops is the crash audio_streams.h prevents.
  void cleanupTestCase() { waitForAudioServerAnswer(); }
};

QTEST_MAIN(AudioLoopbackTest)
#include "audio_loopback_test.moc"
