// The book view with the tiny model (book_panel.h): a Markdown book opened in
// the window is made chapter by chapter into its folder with subtitles and
// book.json, opened again it shows every chapter made and makes nothing, a
// change of voice or seed marks them made from other settings, stopping keeps
// what is made, and the finished book joins into one Opus file. A chapter
// stopped halfway resumes at the paragraph it stopped in. A book begun with
// `cosystudio-cli book` is finished in the window, and the other way round.
// A book that cannot be read is refused naming it, and the book shown stays.
#include "book_panel.h"
#include "clip_panel.h"
#include "engine_session.h"
#include "main_window.h"
#include "session_state.h"
#include "style_panel.h"
#include "test_support.h"

#include <QAbstractButton>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

using namespace cosystudio::ui;
using Stage = BookChapterModel::Stage;

namespace {

QString smallBook() { return test::fixtures() + QStringLiteral("/books/small-book.md"); }
const QString kTranscript = QStringLiteral("希望你以后能够做的比我还好呦。");  // of test::promptA()

QJsonObject manifestOf(const QString& folder) {
  QFile file(QDir(folder).filePath(QStringLiteral("book.json")));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object();
}

QList<Stage> stages(const BookPanel* book) {
  QList<Stage> all;
  for (int number = 1; number <= book->model()->chapterCount(); ++number) all << book->model()->row(number).stage;
  return all;
}

QPushButton* button(const BookPanel* book, const char* name) {
  return book->findChild<QPushButton*>(QLatin1String(name));
}

// Make again on one selected chapter (1-based), as the user does it.
void makeAgain(const BookPanel* book, int number) {
  book->findChild<QTableView*>(QStringLiteral("bookChapters"))->selectRow(number - 1);
  button(book, "makeAgainButton")->click();
}

// A window with the tiny model, the fixture clip and its transcript, a fixed seed, outputs in `outputs`.
void prepare(MainWindow& window, const QString& outputs, quint64 seed) {
  window.setOutputsFolder(outputs);
  QVERIFY(window.setModelFolder(test::tinyModelA()));
  QVERIFY(window.openClip(test::promptA()));
  window.clipPanel()->setTranscript(kTranscript);
  SessionState state;
  window.stylePanel()->saveSession(state);
  state.randomSeed = false;
  state.settings.seed = seed;
  window.stylePanel()->restoreSession(state);
}

// The small book made into `folder` by `cosystudio-cli book` in the voice
// prepare() gives the window, with `options`: its --json report, or nothing
// when it fails.
QJsonObject bookInCli(const QString& folder, const QStringList& options) {
  QProcess cli;
  cli.setProcessChannelMode(QProcess::ForwardedErrorChannel);
  cli.start(QStringLiteral(COSYSTUDIO_CLI),
            QStringList{QStringLiteral("book"), smallBook(), QStringLiteral("--model"), test::tinyModelA(),
                        QStringLiteral("--prompt"), test::promptA(), QStringLiteral("--prompt-text"), kTranscript,
                        QStringLiteral("--out"), folder, QStringLiteral("--json")} +
                options);
  if (!cli.waitForFinished(300000) || cli.exitStatus() != QProcess::NormalExit || cli.exitCode() != 0) return {};
  return QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
}

QJsonObject chapterEntry(const QString& folder, int number) {
  for (const QJsonValue& entry : manifestOf(folder).value(QStringLiteral("chapters")).toArray())
    if (entry[QStringLiteral("number")].toInt() == number) return entry.toObject();
  return {};
}

QString progressText(const BookPanel* book) {
  return book->findChild<QProgressBar*>(QStringLiteral("bookProgress"))->toolTip();
}

}  // namespace

class BookPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void aBookIsMadeChapterByChapterResumedAndJoined() {
    QTemporaryDir outputs;
    const QString folder = outputs.filePath(QStringLiteral("books/small-book"));
    {
      MainWindow window;
      prepare(window, outputs.path(), 11);
      QVERIFY(window.openBook(smallBook()));
      BookPanel* book = window.bookPanel();
      QCOMPARE(book->folder(), folder);
      QCOMPARE(book->model()->chapterCount(), 3);
      QCOMPARE(stages(book), QList<Stage>({Stage::ToMake, Stage::ToMake, Stage::ToMake}));
      QVERIFY(!button(book, "joinBookButton")->isEnabled());

      // Chapter 2 alone first (Make again on a selection), then the rest.
      makeAgain(book, 2);
      QCOMPARE(book->pendingJobs().size(), 1);
      QTRY_COMPARE_WITH_TIMEOUT(book->model()->row(2).stage, Stage::Made, 120000);
      const QJsonObject first = manifestOf(folder);
      QCOMPARE(first.value(QStringLiteral("chapters")).toArray().size(), 1);

      button(book, "makeRestButton")->click();
      QCOMPARE(book->pendingJobs().size(), 2);  // chapter 2 is not made again
      QTRY_COMPARE_WITH_TIMEOUT(stages(book), QList<Stage>({Stage::Made, Stage::Made, Stage::Made}), 180000);
      QTRY_VERIFY(button(book, "joinBookButton")->isEnabled());
      for (const char* name : {"01-第一章-开始", "02-第二章-Chapter-Two", "03-第三章-结束"}) {
        const QString stem = QDir(folder).filePath(QString::fromUtf8(name));
        QVERIFY2(QFileInfo(stem + QStringLiteral(".wav")).size() > 44, name);
        QFile srt(stem + QStringLiteral(".srt"));
        QVERIFY2(srt.open(QIODevice::ReadOnly), name);
        QVERIFY(srt.readAll().startsWith("1\n00:00:00,000 --> "));
      }
      const QJsonObject manifest = manifestOf(folder);
      QCOMPARE(manifest.value(QStringLiteral("title")).toString(), QStringLiteral("小小的书"));
      QCOMPARE(manifest.value(QStringLiteral("source")).toString(), QFileInfo(smallBook()).absoluteFilePath());
      QCOMPARE(manifest.value(QStringLiteral("seed")).toInteger(), 11);
      QCOMPARE(manifest.value(QStringLiteral("chapters")).toArray().size(), 3);
      // Chapter 2's entry is the one the first run wrote: it was never made again.
      for (const QJsonValue& entry : manifest.value(QStringLiteral("chapters")).toArray())
        if (entry[QStringLiteral("number")].toInt() == 2)
          for (const QJsonValue& before : first.value(QStringLiteral("chapters")).toArray())
            QCOMPARE(entry.toObject(), before.toObject());

      button(book, "joinBookButton")->click();
      QTRY_VERIFY_WITH_TIMEOUT(manifestOf(folder).contains(QStringLiteral("joined")), 60000);
      QVERIFY(QFileInfo(QDir(folder).filePath(QStringLiteral("book.opus"))).size() > 0);
      const QJsonArray starts =
          manifestOf(folder)[QStringLiteral("joined")][QStringLiteral("chapter_starts")].toArray();
      QCOMPARE(starts.size(), 3);
      QCOMPARE(starts[0].toDouble(), 0.0);
      window.close();
    }

    // Opened again (as the next session does): every chapter made, nothing to make.
    MainWindow window;
    prepare(window, outputs.path(), 11);
    QVERIFY(window.openBook(smallBook()));
    BookPanel* book = window.bookPanel();
    QCOMPARE(stages(book), QList<Stage>({Stage::Made, Stage::Made, Stage::Made}));
    QVERIFY(!button(book, "makeRestButton")->isEnabled());

    // Another seed: the chapters were made with other settings.
    prepare(window, outputs.path(), 12);
    QVERIFY(window.openBook(smallBook()));
    QCOMPARE(stages(book), QList<Stage>({Stage::Outdated, Stage::Outdated, Stage::Outdated}));

    // Stopped at once: nothing is made, the files made before stay.
    button(book, "makeRestButton")->click();
    QCOMPARE(book->pendingJobs().size(), 3);
    button(book, "stopBookButton")->click();
    QTRY_VERIFY_WITH_TIMEOUT(book->pendingJobs().isEmpty(), 60000);
    QVERIFY(!stages(book).contains(Stage::Queued));
    // The run's seed is the book's from its start, so that a chapter stopped
    // halfway resumes with it; the chapters stay those made with the first.
    QTRY_COMPARE(manifestOf(folder).value(QStringLiteral("seed")).toInteger(), 12);
    for (const QJsonValue& entry : manifestOf(folder).value(QStringLiteral("chapters")).toArray())
      QCOMPARE(entry[QStringLiteral("seed")].toInteger(), 11);
  }

  // Chapter 2 stopped as soon as its first paragraph is kept: it is not
  // recorded, its paragraph stays, and the next run makes the rest into the
  // very file an uninterrupted run makes.
  void aChapterStoppedHalfwayResumesAtTheParagraph() {
    const QString chapterFile = QString::fromUtf8("02-第二章-Chapter-Two.wav");
    QTemporaryDir uninterrupted;
    {
      MainWindow window;
      prepare(window, uninterrupted.path(), 21);
      QVERIFY(window.openBook(smallBook()));
      makeAgain(window.bookPanel(), 2);
      QTRY_COMPARE_WITH_TIMEOUT(window.bookPanel()->model()->row(2).stage, Stage::Made, 120000);
      window.close();
    }
    QFile expected(uninterrupted.filePath(QStringLiteral("books/small-book/")) + chapterFile);
    QVERIFY(expected.open(QIODevice::ReadOnly));

    QTemporaryDir outputs;
    const QString folder = outputs.filePath(QStringLiteral("books/small-book"));
    MainWindow window;
    prepare(window, outputs.path(), 21);
    QVERIFY(window.openBook(smallBook()));
    BookPanel* book = window.bookPanel();
    makeAgain(book, 2);
    // The paragraphs are written on the engine's thread: wait in steps far
    // shorter than QTRY's 50 ms, or the short chapter could end first.
    const QString firstParagraph = QDir(folder).filePath(QStringLiteral(".lines/2/0001.json"));
    QElapsedTimer waited;
    waited.start();
    while (!QFile::exists(firstParagraph) && waited.elapsed() < 120000) {
      QCoreApplication::processEvents();
      QThread::usleep(200);
    }
    button(book, "stopBookButton")->click();
    QTRY_VERIFY_WITH_TIMEOUT(book->pendingJobs().isEmpty(), 60000);
    QVERIFY2(book->model()->row(2).stage != Stage::Made, "the chapter ended before it could be stopped");
    QVERIFY(QFile::exists(firstParagraph));
    QVERIFY(manifestOf(folder).value(QStringLiteral("chapters")).toArray().isEmpty());

    button(book, "makeRestButton")->click();
    QTRY_COMPARE_WITH_TIMEOUT(stages(book), QList<Stage>({Stage::Made, Stage::Made, Stage::Made}), 180000);
    QFile made(QDir(folder).filePath(chapterFile));
    QVERIFY(made.open(QIODevice::ReadOnly));
    QVERIFY(made.readAll() == expected.readAll());
    QTRY_VERIFY(!QDir(folder).exists(QStringLiteral(".lines")));  // gone with the chapters recorded
  }

  // Chapter 2 made by `cosystudio-cli book`, the rest in the window with the
  // same voice, seed and model: the window keeps the CLI's chapter and the CLI
  // the window's, each made once. Another speed in the window marks every
  // chapter made from other settings, says so, and queues them all again.
  void aBookBegunInTheCliIsFinishedInTheWindow() {
    QTemporaryDir outputs;
    const QString folder = outputs.filePath(QStringLiteral("books/small-book"));
    const QJsonObject begun = bookInCli(
        folder, {QStringLiteral("--seed"), QStringLiteral("11"), QStringLiteral("--chapters"), QStringLiteral("2")});
    QCOMPARE(begun.value(QStringLiteral("made")).toInt(-1), 1);
    const QJsonObject byCli = chapterEntry(folder, 2);
    QVERIFY(!byCli.isEmpty());

    MainWindow window;
    prepare(window, outputs.path(), 11);
    QVERIFY(window.openBook(smallBook()));
    BookPanel* book = window.bookPanel();
    QCOMPARE(stages(book), QList<Stage>({Stage::ToMake, Stage::Made, Stage::ToMake}));
    QVERIFY2(progressText(book).startsWith(QStringLiteral("1 of 3 ")), qPrintable(progressText(book)));
    button(book, "makeRestButton")->click();
    QCOMPARE(book->pendingJobs().size(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(stages(book), QList<Stage>({Stage::Made, Stage::Made, Stage::Made}), 180000);
    QCOMPARE(chapterEntry(folder, 2), byCli);

    // Run again (with the seed the book was begun with), the CLI keeps every chapter.
    const QJsonObject again = bookInCli(folder, {});
    QCOMPARE(again.value(QStringLiteral("made")).toInt(-1), 0);
    for (const QJsonValue& chapter : again.value(QStringLiteral("chapters")).toArray())
      QCOMPARE(chapter[QStringLiteral("state")].toString(), QStringLiteral("kept"));

    SessionState state;
    window.stylePanel()->saveSession(state);
    state.settings.speed = 1.25;
    window.stylePanel()->restoreSession(state);
    QVERIFY(window.openBook(smallBook()));
    QCOMPARE(stages(book), QList<Stage>({Stage::Outdated, Stage::Outdated, Stage::Outdated}));
    QVERIFY2(progressText(book).startsWith(QStringLiteral("0 of 3 ")) &&
                 progressText(book).endsWith(QStringLiteral("; 3 made from other text or settings")),
             qPrintable(progressText(book)));
    button(book, "makeRestButton")->click();
    QCOMPARE(book->pendingJobs().size(), 3);
    button(book, "stopBookButton")->click();
    QTRY_VERIFY_WITH_TIMEOUT(book->pendingJobs().isEmpty(), 60000);
  }

  // A book dropped on the window opens in the book view, and the next session opens it again.
  void aDroppedBookOpensAndComesBackInTheNextSession() {
    QTemporaryDir outputs;
    {
      MainWindow window;
      window.setOutputsFolder(outputs.path());
      QVERIFY(test::dropFile(&window, smallBook()));
      QCOMPARE(window.bookPanel()->bookPath(), QFileInfo(smallBook()).absoluteFilePath());
      QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("bookDock"))->isHidden());
      window.saveSession();
    }
    MainWindow next;
    next.setOutputsFolder(outputs.path());
    QVERIFY(next.findChild<QDockWidget*>(QStringLiteral("bookDock"))->isHidden());  // no book yet
    next.restoreSession();
    QCOMPARE(next.bookPanel()->bookPath(), QFileInfo(smallBook()).absoluteFilePath());
    QCOMPARE(next.bookPanel()->model()->chapterCount(), 3);
  }

  // A book.json of the wrong shape (edited by hand, or another program's) is
  // said to be unreadable and every chapter is to make; nothing reads past it.
  void aDamagedManifestIsSaidAndEveryChapterIsToMake() {
    QTemporaryDir outputs;
    const QString folder = outputs.filePath(QStringLiteral("books/small-book"));
    QVERIFY(QDir().mkpath(folder));
    QFile manifest(QDir(folder).filePath(QStringLiteral("book.json")));
    QVERIFY(manifest.open(QIODevice::WriteOnly));
    manifest.write(R"({"cosystudio_book": 1, "chapters": [{"number": 1, "file": 7}, 2]})");
    manifest.close();
    MainWindow window;
    window.setOutputsFolder(outputs.path());
    QSignalSpy said(window.bookPanel(), &BookPanel::said);
    QVERIFY(window.openBook(smallBook()));
    QCOMPARE(said.size(), 1);
    QVERIFY2(said.first().first().toString().contains(QStringLiteral("is not the manifest of a book")),
             qPrintable(said.first().first().toString()));
    QCOMPARE(stages(window.bookPanel()), QList<Stage>({Stage::ToMake, Stage::ToMake, Stage::ToMake}));
  }

  void aBookThatCannotBeReadIsRefusedNamingIt() {
    QTemporaryDir outputs;
    MainWindow window;
    window.setOutputsFolder(outputs.path());
    QVERIFY(window.openBook(smallBook()));
    const QString broken = outputs.filePath(QStringLiteral("broken.epub"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a zip");
    file.close();
    QSignalSpy errors(&window, &MainWindow::errorShown);
    QVERIFY(!window.openBook(broken));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.first().first().toString().contains(QStringLiteral("broken.epub")),
             qPrintable(errors.first().first().toString()));
    QCOMPARE(window.bookPanel()->bookPath(), QFileInfo(smallBook()).absoluteFilePath());
    QCOMPARE(window.bookPanel()->model()->chapterCount(), 3);
  }
};

QTEST_MAIN(BookPanelTest)
#include "book_panel_test.moc"
