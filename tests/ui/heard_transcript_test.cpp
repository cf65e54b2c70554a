// The recogniser in the clip panel, with the tiny SenseVoice folder of the
// fixtures: its text is random-looking but deterministic, so each test asks
// the recogniser itself what it hears in the same samples.
#include "clip_panel.h"
#include "heard_transcript.h"
#include "language.h"
#include "model_download_dialog.h"
#include "pcm_player.h"
#include "test_support.h"
#include "transcriber.h"

#include "cosystudio/listen_check.h"
#include "cosystudio/recognizer.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace cosystudio;
using namespace cosystudio::ui;

namespace {

QString tinyRecognizer() { return test::fixtures() + QStringLiteral("/sensevoice/model"); }
// A second clip, to open while the first is still being heard.
QString otherClip() { return test::fixtures() + QStringLiteral("/sensevoice/public_22k/input.wav"); }

// What the recogniser hears in `clip`, as the window asks it (punctuation written out).
Transcript heardBy(const PromptClip& clip) {
  static const std::unique_ptr<Recognizer> recognizer = Recognizer::load(tinyRecognizer().toStdString());
  return recognizer->transcribe(engineClip(clip), "auto", true);
}
QString heardIn(const PromptClip& clip) { return QString::fromStdString(heardBy(clip).text).trimmed(); }

PromptClip wholeClip(const QString& path) {
  PromptClip clip;
  clip.path = path;
  QString error;
  if (!loadPromptClip(clip, &error)) qFatal("%s", qPrintable(error));
  return clip;
}

HeardTranscript* heardOf(ClipPanel& panel) { return panel.findChild<HeardTranscript*>(); }
QLabel* noteOf(ClipPanel& panel) { return panel.findChild<QLabel*>(QStringLiteral("heardNote")); }

using State = HeardTranscript::State;

}  // namespace

class HeardTranscriptTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("CosyStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("heard_transcript_test"));
    QVERIFY2(recognizerInstalled(tinyRecognizer()), qPrintable(tinyRecognizer()));
  }
  void cleanupTestCase() { QSettings().remove(QLatin1String(i18n::kLanguageSettingsKey)); }

  // Opened with an empty transcript: filled with exactly what the recogniser
  // hears, marked as heard until the user edits it.
  void anEmptyTranscriptIsFilledWithWhatTheClipSays() {
    PcmPlayer player;
    Transcriber transcriber(tinyRecognizer());
    ClipPanel panel(&player, &transcriber);
    panel.show();
    QString error;
    QVERIFY2(panel.loadFile(test::promptA(), &error), qPrintable(error));
    QCOMPARE(heardOf(panel)->state(), State::Listening);
    QVERIFY(noteOf(panel)->isVisible());
    const QString expected = heardIn(test::promptClipA());
    QVERIFY(!expected.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Heard, 60000);
    QCOMPARE(panel.transcript(), expected);
    QCOMPARE(noteOf(panel)->text(), QStringLiteral("Heard by the recogniser — check it"));
    QVERIFY(noteOf(panel)->isVisible());
    QVERIFY(heardOf(panel)->holdsHeardText());
    // Not taken for a transcript typed for another clip.
    QVERIFY(!panel.findChild<QLabel*>(QStringLiteral("transcriptWarning"))->text().contains(QStringLiteral("typed")));

    auto* edit = panel.findChild<QPlainTextEdit*>(QStringLiteral("transcript"));
    edit->moveCursor(QTextCursor::End);
    QTest::keyClicks(edit, QStringLiteral(" x"));
    QVERIFY(!heardOf(panel)->holdsHeardText());
    QVERIFY(heardOf(panel)->state() != State::Heard);
    QVERIFY(!noteOf(panel)->text().contains(QStringLiteral("Heard by the recogniser")));
    QCOMPARE(panel.transcript(), expected + QStringLiteral(" x"));
  }

  // A transcript the user typed stays; what the clip seems to say instead is
  // shown under it, with the differences, and can be taken with one click.
  void aTypedTranscriptIsComparedNotOverwritten() {
    PcmPlayer player;
    Transcriber transcriber(tinyRecognizer());
    ClipPanel panel(&player, &transcriber);
    panel.show();
    const QString typed = QStringLiteral("希望你以后能够做的比我还好呦。");
    panel.setTranscript(typed);
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Differs, 60000);
    QCOMPARE(panel.transcript(), typed);
    const QString heard = heardIn(test::promptClipA());
    const HeardScore score = scoreHeard(typed.toStdString(), heard.toStdString(), heardBy(test::promptClipA()).language);
    QVERIFY(score.errorRate > HeardTranscript::kDiffersAbove);
    const QString note = noteOf(panel)->text();
    const QString shown = heard.size() <= 60 ? heard : heard.left(59) + QStringLiteral("…");
    QVERIFY2(note.startsWith(QStringLiteral("⚠ The clip seems to say “%1”: ").arg(shown.toHtmlEscaped())),
             qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("Use what was heard")), qPrintable(note));
    QVERIFY(noteOf(panel)->isVisible());
    // Whole in the tooltip: what was heard, and the engine's own summary of the
    // differences, as the command line says them.
    QCOMPARE(noteOf(panel)->toolTip(),
             heard + QStringLiteral("\n\n") + QString::fromStdString(describeDifferences(score)));

    // Typed again as heard: it agrees, and the doubt about an older transcript goes.
    panel.setTranscript(heard);
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Agrees, 5000);
    QVERIFY2(noteOf(panel)->text().startsWith(QStringLiteral("✓")), qPrintable(noteOf(panel)->text()));

    // Back to the typed one, then "Use what was heard".
    panel.setTranscript(typed);
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Differs, 5000);
    emit noteOf(panel)->linkActivated(QStringLiteral("use"));
    QCOMPARE(panel.transcript(), heard);
    QCOMPARE(heardOf(panel)->state(), State::Heard);
  }

  // A typed transcript that does not fit the clip is said in the user's language.
  void theDifferenceSpeaksTheUsersLanguage() {
    QSettings().setValue(QLatin1String(i18n::kLanguageSettingsKey), QStringLiteral("zh_CN"));
    QCOMPARE(i18n::installTranslators(), QStringLiteral("zh_CN"));
    PcmPlayer player;
    Transcriber transcriber(tinyRecognizer());
    ClipPanel panel(&player, &transcriber);
    panel.setTranscript(QStringLiteral("希望你以后能够做的比我还好呦。"));
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Differs, 60000);
    QVERIFY2(noteOf(panel)->text().startsWith(QStringLiteral("⚠ 片段听起来说的是")), qPrintable(noteOf(panel)->text()));
    QSettings().remove(QLatin1String(i18n::kLanguageSettingsKey));
    i18n::installTranslators();
  }

  // Moving the selection hears it again once it rests: a transcript still as
  // heard is written again for the new selection.
  void aMovedSelectionIsHeardAgain() {
    PcmPlayer player;
    Transcriber transcriber(tinyRecognizer());
    ClipPanel panel(&player, &transcriber);
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Heard, 60000);
    const QString whole = panel.transcript();
    QSignalSpy asked(&transcriber, &Transcriber::transcribed);
    const qint64 rate = panel.clipForEngine(&error).sampleRate;
    panel.setSelection(rate / 2, panel.outFrame() - rate);
    panel.setSelection(rate, panel.outFrame());  // dragged on: one request when it rests
    const QString expected = heardIn(panel.clipForEngine(&error));
    QVERIFY(expected != whole);
    QTRY_COMPARE_WITH_TIMEOUT(panel.transcript(), expected, 60000);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(heardOf(panel)->state(), State::Heard);
  }

  // The user opened another clip before the first was heard: only the newer
  // one is answered, and the transcript is what that one says.
  void aNewerClipSupersedesAPendingTranscription() {
    PcmPlayer player;
    Transcriber transcriber(tinyRecognizer());
    ClipPanel panel(&player, &transcriber);
    QSignalSpy answered(&transcriber, &Transcriber::transcribed);
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    const quint64 first = transcriber.pending();
    QVERIFY(first);
    QVERIFY2(panel.loadFile(otherClip(), &error), qPrintable(error));
    const quint64 second = transcriber.pending();
    QVERIFY(second > first);
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Heard, 60000);
    QCOMPARE(panel.transcript(), heardIn(wholeClip(otherClip())));
    QTest::qWait(300);  // an answer to the first would have come by now
    QCOMPARE(answered.count(), 1);
    QCOMPARE(answered.first().first().toULongLong(), second);
  }

  // No recogniser: the panel offers its download, saying what it costs; once
  // it is there the clip waiting is heard.
  void aMissingRecognizerIsOfferedForDownload() {
    QTemporaryDir folder;
    const QString recognizer = folder.filePath(QStringLiteral("SenseVoiceSmall"));
    PcmPlayer player;
    Transcriber transcriber(recognizer);
    QVERIFY(!transcriber.isInstalled());
    ClipPanel panel(&player, &transcriber);
    panel.show();
    QVERIFY(!noteOf(panel)->isVisible());  // no clip, nothing to offer yet
    QString error;
    QVERIFY(panel.loadFile(test::promptA(), &error));
    QCOMPARE(heardOf(panel)->state(), State::Missing);
    QVERIFY(noteOf(panel)->isVisible());
    QCOMPARE(noteOf(panel)->text(), QStringLiteral("Have the transcript written for you: <a href=\"download\">"
                                                   "download the recogniser</a> (about 900 MB)."));
    panel.setTranscript(QStringLiteral("hello"));
    QVERIFY2(noteOf(panel)->text().startsWith(QStringLiteral("Have the transcript checked against the clip")),
             qPrintable(noteOf(panel)->text()));
    panel.setTranscript(QString());

    QSignalSpy available(&transcriber, &Transcriber::availabilityChanged);
    QVERIFY(test::copyTree(tinyRecognizer(), recognizer));  // as the download leaves it
    transcriber.recheck();
    QCOMPARE(available.count(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(heardOf(panel)->state(), State::Heard, 60000);
    QCOMPARE(panel.transcript(), heardIn(test::promptClipA()));
  }

  // Engine → Download recogniser… and the panel's link open the dialog for the
  // recogniser: its repository on each hub, into the transcriber's folder.
  void theDownloadDialogIsTheRecognizers() {
    QTemporaryDir folder;
    Transcriber transcriber(folder.filePath(QStringLiteral("asr")));
    bool seen = false;
    QTimer::singleShot(0, this, [&] {
      auto* dialog = qobject_cast<ModelDownloadDialog*>(QApplication::activeModalWidget());
      QVERIFY(dialog);
      seen = true;
      QCOMPARE(dialog->windowTitle(), QStringLiteral("Download the recogniser"));
      auto* repo = dialog->findChild<QLineEdit*>(QStringLiteral("repo"));
      auto* source = dialog->findChild<QComboBox*>(QStringLiteral("source"));
      QCOMPARE(repo->text(), QString::fromLatin1(services::kRecognizerRepo));
      QCOMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("folder"))->text(), transcriber.folder());
      source->setCurrentIndex(1);  // ModelScope
      QCOMPARE(repo->text(), QString::fromLatin1(services::kRecognizerModelScopeRepo));
      source->setCurrentIndex(0);
      QCOMPARE(repo->text(), QString::fromLatin1(services::kRecognizerRepo));
      repo->setText(QStringLiteral("someone/SenseVoiceSmall"));  // typed: kept
      source->setCurrentIndex(1);
      QCOMPARE(repo->text(), QStringLiteral("someone/SenseVoiceSmall"));
      dialog->reject();
    });
    QVERIFY(!downloadRecognizer(&transcriber, nullptr));
    QVERIFY(seen);
  }

  void theFolderIsTheDefaultUnlessSettingsNameOne() {
    Transcriber transcriber;
    QCOMPARE(transcriber.folder(), defaultRecognizerFolderPath());
    QVERIFY(defaultRecognizerFolderPath().endsWith(QStringLiteral("/CosyStudio/models/SenseVoiceSmall")));
    QSignalSpy changed(&transcriber, &Transcriber::folderChanged);
    transcriber.setFolder(tinyRecognizer());
    QCOMPARE(transcriber.folder(), QDir::cleanPath(tinyRecognizer()));
    QVERIFY(transcriber.isInstalled());
    QCOMPARE(changed.count(), 1);
    transcriber.setFolder(tinyRecognizer() + QLatin1Char('/'));  // the same folder
    QCOMPARE(changed.count(), 1);
    transcriber.setFolder(QString());
    QCOMPARE(transcriber.folder(), defaultRecognizerFolderPath());
    QCOMPARE(changed.last().first().toString(), QString());
  }
};

QTEST_MAIN(HeardTranscriptTest)
#include "heard_transcript_test.moc"
