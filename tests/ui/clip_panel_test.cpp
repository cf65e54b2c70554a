#include "clip_panel.h"
#include "pcm_player.h"
#include "test_support.h"

#include "language.h"

#include "cosystudio/audio/clip.h"

#include <QLabel>
#include <QMediaDevices>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QPushButton>
#include <QtTest>

using namespace cosystudio;
using namespace cosystudio::ui;

class ClipPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("CosyStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("clip_panel_test"));
  }
  void cleanupTestCase() { QSettings().remove(QLatin1String(i18n::kLanguageSettingsKey)); }

  void loadsTheFixturePrompt() {
    PcmPlayer player;
    ClipPanel panel(&player);
    QSignalSpy changed(&panel, &ClipPanel::clipChanged);
    QString error;
    QVERIFY2(panel.loadFile(test::promptA(), &error), qPrintable(error));
    QVERIFY(panel.hasClip());
    QCOMPARE(changed.count(), 1);
    const audio::ClipInfo info = audio::probeClip(test::promptA().toStdString());
    QVERIFY(qAbs(panel.selectionSeconds() - info.durationSeconds()) < 1e-6);
    // Used whole: every sample of the file, and the file it came from.
    const PromptClip clip = panel.clipForEngine(&error);
    QCOMPARE(clip.path, QFileInfo(test::promptA()).absoluteFilePath());
    QCOMPARE(clip.inFrame, 0);
    QCOMPARE(clip.outFrame, info.frames);
    QCOMPARE(clip.sampleRate, info.sampleRate);
    QCOMPARE(clip.samples.size(), info.frames);
  }

  // ui tests run without an audio server: Play says why it cannot play, and
  // playing anyway is refused once, without a box.
  void withoutAnOutputPlayIsDisabledWithTheReason() {
    PcmPlayer player;
    ClipPanel panel(&player);
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    auto* play = panel.findChild<QPushButton*>(QStringLiteral("playSelection"));
    QVERIFY(play);
    QVERIFY(!play->isEnabled());
    QCOMPARE(play->toolTip(), player.unavailableReason());
    QVERIFY(!player.unavailableReason().isEmpty());
    QSignalSpy said(&player, &PcmPlayer::error);
    QVERIFY(!player.play(QVector<float>(2400, 0.1f), 24000));
    QVERIFY(!player.play(QVector<float>(2400, 0.1f), 24000));
    QCOMPARE(said.count(), 1);
    QVERIFY(!player.isPlaying());
  }

  void aBadFileChangesNothing() {
    PcmPlayer player;
    ClipPanel panel(&player);
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    panel.setTranscript(QStringLiteral("希望你以后能够做的比我还好呦。"));
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("broken.wav"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("RIFF\x10\0\0\0WAVEnot really audio");
    file.close();
    QSignalSpy changed(&panel, &ClipPanel::clipChanged);
    QVERIFY(!panel.loadFile(bad, &error));
    // One sentence naming the file once, then the details: the whole path and the library's own words.
    QCOMPARE(error.section(QStringLiteral("\n\n"), 0, 0),
             QStringLiteral("“broken.wav” is not an audio file CosyStudio can read."));
    QVERIFY2(error.section(QStringLiteral("\n\n"), 1).startsWith(QStringLiteral("'%1': ").arg(bad)), qPrintable(error));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(panel.sourcePath(), QFileInfo(test::promptA()).absoluteFilePath());
    QCOMPARE(panel.transcript(), QStringLiteral("希望你以后能够做的比我还好呦。"));
  }

  // A damaged MP3 is named as one: libsndfile's words for it ("File does not
  // exist or is not a regular file") are kept for the details alone.
  void aDamagedMp3SaysWhatItIs() {
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("damaged.mp3"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("ID3") + QByteArray(2000, '\0'));
    file.close();
    PcmPlayer player;
    ClipPanel panel(&player);
    QString error;
    QVERIFY(!panel.loadFile(bad, &error));
    const QStringList parts = error.split(QStringLiteral("\n\n"));
    QCOMPARE(parts.size(), 2);
    QCOMPARE(parts[0], QStringLiteral("“damaged.mp3” is not an audio file CosyStudio can read."));
    QVERIFY2(parts[1].contains(bad), qPrintable(error));
  }

  // Ticking "Use the selected voice" leaves the clip in place, plainly not in use.
  void aSavedVoiceSpeaksInsteadOfTheClip() {
    PcmPlayer player;
    ClipPanel panel(&player);
    panel.show();
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    auto* banner = panel.findChild<QLabel*>(QStringLiteral("speakingVoice"));
    auto* transcript = panel.findChild<QWidget*>(QStringLiteral("transcript"));
    QVERIFY(banner && transcript);
    QVERIFY(!banner->isVisible());
    QVERIFY(transcript->isEnabled());
    panel.setSpeakingVoice(QStringLiteral("Narrator"));
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->text(), QStringLiteral("The saved voice “Narrator” speaks; this clip is not used."));
    QVERIFY(!transcript->isEnabled());
    QVERIFY(!panel.findChild<QWidget*>(QStringLiteral("playSelection"))->isEnabled());
    panel.setSpeakingVoice(QString());
    QVERIFY(!banner->isVisible());
    QVERIFY(transcript->isEnabled());
    QVERIFY(panel.hasClip());
  }

  // The ui tests run without an audio server, so without a microphone: no
  // empty meter that looks like a text field, and Record says why it is off.
  void withoutAMicrophoneTheLevelMeterIsHidden() {
    PcmPlayer player;
    ClipPanel panel(&player);
    panel.show();
    QVERIFY(QMediaDevices::audioInputs().isEmpty());
    QVERIFY(!panel.findChild<QWidget*>(QStringLiteral("levelMeter"))->isVisible());
    const auto* record = panel.findChild<QPushButton*>(QStringLiteral("recordButton"));
    QVERIFY(!record->isEnabled());
    QCOMPARE(record->toolTip(), QStringLiteral("No microphone found: connect one to record a clip"));
  }

  // A muted microphone: 5 s of near-silence is refused before generation.
  void aSilentSelectionIsRefused() {
    audio::Clip clip;
    clip.sampleRate = 24000;
    clip.channels.assign(1, std::vector<float>(size_t(5 * clip.sampleRate), 1e-5f));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("muted.wav"));
    audio::writeWav(path.toStdString(), clip, audio::WavEncoding::Float32);
    PcmPlayer player;
    ClipPanel panel(&player);
    QString error;
    QVERIFY2(panel.loadFile(path, &error), qPrintable(error));
    QVERIFY(panel.clipForEngine(&error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("silent")), qPrintable(error));
    QVERIFY(panel.loadFile(test::promptA(), &error));
    QVERIFY(!panel.clipForEngine(&error).isEmpty());
  }

  // The transcript typed for one clip is flagged when another replaces it, and
  // kept: it may be the script the user is about to read.
  void aNewClipFlagsTheOldTranscript() {
    PcmPlayer player;
    ClipPanel panel(&player);
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    panel.setTranscript(QStringLiteral("希望你以后能够做的比我还好呦。"));
    const auto* warning = panel.findChild<QLabel*>(QStringLiteral("transcriptWarning"));
    QVERIFY(!warning->text().contains(QStringLiteral("before this clip")));
    QVERIFY(panel.loadFile(test::promptA(), &error));
    QVERIFY2(warning->text().contains(QStringLiteral("before this clip")), qPrintable(warning->text()));
    QCOMPARE(panel.transcript(), QStringLiteral("希望你以后能够做的比我还好呦。"));
    panel.setTranscript(QStringLiteral("希望你以后能够做的比我还好呦"));  // edited: the doubt is gone
    QVERIFY(!warning->text().contains(QStringLiteral("before this clip")));
  }

  void adviceSpeaksTheUsersLanguage() {
    // 2 s of silence, then 4 s of a tone: the engine advises trimming the start.
    audio::Clip clip;
    clip.sampleRate = 24000;
    clip.channels.assign(1, std::vector<float>(size_t(6 * clip.sampleRate), 0.0f));
    for (size_t i = size_t(2 * clip.sampleRate); i < clip.channels[0].size(); ++i)
      clip.channels[0][i] = 0.3f * float(std::sin(2 * M_PI * 220 * double(i) / clip.sampleRate));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("late-start.wav"));
    audio::writeWav(path.toStdString(), clip, audio::WavEncoding::PCM16);

    PcmPlayer player;
    ClipPanel panel(&player);
    QString error;
    QVERIFY2(panel.loadFile(path, &error), qPrintable(error));
    const auto* advice = panel.findChild<QLabel*>(QStringLiteral("clipAdvice"));
    QVERIFY2(advice->text().contains(QStringLiteral("2.0 s of silence at the start")), qPrintable(advice->text()));

    QSettings().setValue(QLatin1String(i18n::kLanguageSettingsKey), QStringLiteral("zh_CN"));
    QCOMPARE(i18n::installTranslators(), QStringLiteral("zh_CN"));
    QVERIFY(panel.loadFile(path, &error));
    QVERIFY2(advice->text().contains(QStringLiteral("开头有 2.0 秒静音")), qPrintable(advice->text()));
  }

  // The engine is handed the selected samples themselves: no file is written
  // anywhere, and the job can cut the same samples again from the file later.
  void aTrimmedSelectionIsHandedOverSampleExactWithoutAFile() {
    const QString cache = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    QDir(cache).removeRecursively();
    PcmPlayer player;
    ClipPanel panel(&player);
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    const audio::Clip original = audio::downmixToMono(audio::loadClip(test::promptA().toStdString()));
    const qint64 in = original.sampleRate / 2;
    const qint64 out = original.frames() - original.sampleRate / 4;
    panel.setSelection(in, out);
    const PromptClip clip = panel.clipForEngine(&error);
    QVERIFY2(!clip.isEmpty(), qPrintable(error));
    QCOMPARE(clip.path, panel.sourcePath());
    QCOMPARE(clip.inFrame, in);
    QCOMPARE(clip.outFrame, out);
    QCOMPARE(clip.sampleRate, original.sampleRate);
    QCOMPARE(clip.samples.size(), out - in);
    QVERIFY(std::equal(clip.samples.begin(), clip.samples.end(), original.channels[0].begin() + in));
    QCOMPARE(clip.digest, promptClipDigest(clip.samples, clip.sampleRate));
    QVERIFY(!QFileInfo::exists(cache));
    // Asked again for the same selection, the same buffer is shared.
    QVERIFY(panel.clipForEngine(&error).samples.constData() == clip.samples.constData());

    // Cut again from the file (a job read back from disk): the same samples.
    PromptClip again = clip;
    again.samples.clear();
    QVERIFY2(loadPromptClip(again, &error), qPrintable(error));
    QCOMPARE(again.samples, clip.samples);
  }

  // A job read back whose file went away, shrank or changed says so.
  void aClipThatCannotBeCutAgainIsNamed() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("prompt.wav"));
    QVERIFY(QFile::copy(test::promptA(), path));
    PromptClip clip;
    clip.path = path;
    clip.inFrame = 100;
    clip.outFrame = 20000;
    QString error;
    QVERIFY2(loadPromptClip(clip, &error), qPrintable(error));
    QCOMPARE(clip.samples.size(), 19900);

    PromptClip beyond = clip;
    beyond.samples.clear();
    beyond.outFrame = 10'000'000;
    QVERIFY(!loadPromptClip(beyond, &error));
    // (In the language an earlier test function chose.)
    QCOMPARE(error, QCoreApplication::translate(
                        "PromptClip", "%1 is shorter than it was: the part selected as the prompt clip is gone.")
                        .arg(QDir::toNativeSeparators(path)));

    audio::Clip changed = audio::loadClip(path.toStdString());
    for (float& sample : changed.channels[0]) sample *= 0.5f;
    audio::writeWav(path.toStdString(), changed, audio::WavEncoding::Float32);
    PromptClip edited = clip;
    edited.samples.clear();
    QVERIFY(!loadPromptClip(edited, &error));
    QCOMPARE(error, QCoreApplication::translate("PromptClip",
                                                "%1 has changed: the part selected as the prompt clip is no longer "
                                                "the one the job was made with.")
                        .arg(QDir::toNativeSeparators(path)));

    QVERIFY(QFile::remove(path));
    PromptClip gone = clip;
    gone.samples.clear();
    QVERIFY(!loadPromptClip(gone, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(gone.samples.isEmpty());
  }

  void warnsAboutAnImplausibleTranscript() {
    QVERIFY(transcriptPlausibility(QStringLiteral("八百标兵奔北坡，北坡炮兵并排跑。"), 3.5).isEmpty());
    QVERIFY(!transcriptPlausibility(QStringLiteral("你好"), 8.0).isEmpty());
    QVERIFY(!transcriptPlausibility(QString(100, QChar(0x4e00)), 3.0).isEmpty());
    QVERIFY(transcriptPlausibility(QStringLiteral("I hope you will do even better than me."), 3.0).isEmpty());
  }
};

QTEST_MAIN(ClipPanelTest)
#include "clip_panel_test.moc"
