// The window with the engine of a CosyStudio server (Settings → Engine,
// engine_worker.h): `cosystudio-cli serve` on the loopback with the tiny
// model makes a three-voice script and a small book that are, sample for
// sample and byte for byte, what this computer's engine makes with the same
// voices and seeds. A server stopped in the middle of the book leaves the
// chapters made, and the book resumes where it stopped once the server is
// back. A wrong token is said as such.
#include "book_chapter_model.h"
#include "book_panel.h"
#include "clip_panel.h"
#include "engine_session.h"
#include "history_panel.h"
#include "main_window.h"
#include "session_state.h"
#include "style_panel.h"
#include "take_list_model.h"
#include "test_support.h"
#include "text_panel.h"
#include "voice_library.h"
#include "window_jobs.h"

#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>


using namespace cosystudio::ui;
using Stage = BookChapterModel::Stage;

namespace {

constexpr int kLoadMs = 120000;
constexpr int kBookMs = 300000;
const QString kTranscript = QStringLiteral("希望你以后能够做的比我还好呦。");  // of test::promptA()
const QString kToken = QStringLiteral("remote-engine-token");
const QString kScript = QStringLiteral("Ann: 今天天气很好。\nBob: 我们出去走走。\nCy: 好的。\nAnn: 走吧。");
const QStringList kChapters{QStringLiteral("01-第一章-开始"), QStringLiteral("02-第二章-Chapter-Two"),
                            QStringLiteral("03-第三章-结束")};

QString smallBook() { return test::fixtures() + QStringLiteral("/books/small-book.md"); }

// A port nothing listens on now, so that a server stopped can start again at the same address.
quint16 freePort() {
  QTcpServer probe;
  probe.listen(QHostAddress::LocalHost, 0);
  return probe.serverPort();
}

// `cosystudio-cli serve` of the tiny model on `port`, with kToken; false when it does not listen.
bool startServe(QProcess& serve, const QString& folder, quint16 port) {
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("COSYSTUDIO_SERVER_TOKEN"), kToken);
  serve.setProcessEnvironment(environment);
  serve.setProcessChannelMode(QProcess::ForwardedErrorChannel);
  serve.start(QStringLiteral(COSYSTUDIO_CLI),
              {QStringLiteral("serve"), QStringLiteral("--model"), test::tinyModelA(), QStringLiteral("--voices"),
               folder, QStringLiteral("--received-voices"), folder + QStringLiteral("/received"),
               QStringLiteral("--port"), QString::number(port)});
  return serve.waitForStarted() && serve.waitForReadyRead(kLoadMs) &&
         QString::fromUtf8(serve.readLine()).contains(QStringLiteral("listening on"));
}

// Settings → Engine: the server at `port`, its token read from a file in `folder`.
void useServer(const QString& folder, quint16 port, const QString& token) {
  const QString tokenFile = QDir(folder).filePath(QStringLiteral("token"));
  QFile file(tokenFile);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(token.toUtf8() + "\n");
  AppSettings settings = AppSettings::load();
  settings.engineServer = {true, QStringLiteral("http://127.0.0.1:%1").arg(port), tokenFile, {}};
  settings.save();
}

void useThisComputer() {
  AppSettings settings = AppSettings::load();
  settings.engineServer.use = false;
  settings.save();
}

// The fixture clip and its transcript, the voices in `voices`, a fixed seed.
void prepare(MainWindow& window, const QString& outputs, const QString& voices) {
  window.setOutputsFolder(outputs);
  QVERIFY(window.openClip(test::promptA()));
  window.clipPanel()->setTranscript(kTranscript);
  window.voiceLibrary()->setFolder(voices);
  window.voiceLibrary()->refresh();
  window.voiceLibrary()->useClip();
  window.stylePanel()->setSeed(893317537, false);
}

bool loaded(MainWindow& window) {
  QSignalSpy loaded(window.session(), &EngineSession::loaded);
  window.loadChosenEngine();
  return loaded.wait(kLoadMs);
}

Take makeScript(MainWindow& window) {
  window.textPanel()->setText(kScript);
  QSignalSpy finished(window.session(), &EngineSession::jobFinished);
  if (window.jobs()->generate() == 0 || !finished.wait(kBookMs)) return {};
  return finished.last().first().value<Take>();
}

QList<Stage> stages(const BookPanel* book) {
  QList<Stage> all;
  for (int number = 1; number <= book->model()->chapterCount(); ++number) all << book->model()->row(number).stage;
  return all;
}

void makeRest(const BookPanel* book) { book->findChild<QPushButton*>(QStringLiteral("makeRestButton"))->click(); }

QByteArray chapterBytes(const QString& outputs, const QString& stem) {
  QFile file(QDir(outputs).filePath(QStringLiteral("books/small-book/") + stem + QStringLiteral(".wav")));
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

class RemoteEngineTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(work_.isValid());
    voices_ = work_.filePath(QStringLiteral("voices"));
    QVERIFY(QDir().mkpath(voices_));
    port_ = freePort();
    QVERIFY(startServe(serve_, work_.path(), port_));
  }

  void cleanupTestCase() {
    serve_.terminate();
    serve_.waitForFinished(30000);
    useThisComputer();
  }

  void aScriptAndABookFromTheServerAreThoseMadeHere() {
    const QString here = work_.filePath(QStringLiteral("here")), there = work_.filePath(QStringLiteral("there"));
    Take madeHere;
    {
      useThisComputer();
      MainWindow window;
      QSignalSpy loadedHere(window.session(), &EngineSession::loaded);
      QVERIFY(window.setModelFolder(test::tinyModelA()) && loadedHere.wait(kLoadMs));
      QSignalSpy saved(window.session(), &EngineSession::voiceSaved);
      for (const QString& name : {QStringLiteral("Ann"), QStringLiteral("Bob"), QStringLiteral("Cy")}) {
        window.session()->saveVoice(test::promptClipA(), kTranscript + name, QDir(voices_).filePath(name + QStringLiteral(".voice")));
        QVERIFY(saved.wait(kLoadMs));
      }
      prepare(window, here, voices_);
      madeHere = makeScript(window);
      QVERIFY(madeHere.spec.isScript());
      QVERIFY(window.openBook(smallBook()));
      makeRest(window.bookPanel());
      QTRY_COMPARE_WITH_TIMEOUT(stages(window.bookPanel()), QList<Stage>(3, Stage::Made), kBookMs);
      window.close();
    }

    useServer(work_.path(), port_, kToken);
    MainWindow window;
    QVERIFY(loaded(window));
    QCOMPARE(window.session()->model().engineName(), QStringLiteral("http://127.0.0.1:%1").arg(port_));
    prepare(window, there, voices_);
    const Take madeThere = makeScript(window);
    QVERIFY2(madeThere.spec.isScript(), qPrintable(window.lastError()));
    QCOMPARE(madeThere.segments.size(), madeHere.segments.size());
    for (qsizetype i = 0; i < madeHere.segments.size(); ++i) {
      QCOMPARE(madeThere.segments[i].speaker, madeHere.segments[i].speaker);
      QVERIFY2(madeThere.segments[i].samples == madeHere.segments[i].samples, qPrintable(QString::number(i)));
    }
    QVERIFY(madeThere.samples == madeHere.samples);
    // The take says which engine made it.
    QCOMPARE(madeThere.modelFolder, window.session()->model().engineName());
    QTRY_COMPARE(window.historyPanel()->takes().size(), 1);
    const QString made = window.historyPanel()->model()->index(0, TakeListModel::MadeColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(made.contains(QStringLiteral("server at http://127.0.0.1")), qPrintable(made));

    QVERIFY(window.openBook(smallBook()));
    makeRest(window.bookPanel());
    QTRY_COMPARE_WITH_TIMEOUT(stages(window.bookPanel()), QList<Stage>(3, Stage::Made), kBookMs);
    for (const QString& stem : kChapters) {
      const QByteArray chapter = chapterBytes(there, stem);
      QVERIFY2(chapter.size() > 44, qPrintable(stem));
      QVERIFY2(chapter == chapterBytes(here, stem), qPrintable(stem));
    }
  }

  // Listening back with a server's engine: the take is heard here and its
  // speaker compared there, as this computer's engine does it; and Engine →
  // Reset engine resets the server's engine, its report shown.
  void aServersTakeIsHeardHereAndItsEngineIsResetFromHere() {
    const JobListening listening{true, test::fixtures() + QStringLiteral("/sensevoice/model"), {}, 1};
    const auto makeText = [&](MainWindow& window, const QString& outputs) {
      prepare(window, outputs, voices_);
      window.session()->setListening(listening, listening);
      window.textPanel()->setText(QStringLiteral("今天天气很好。我们出去走走吧。"));
      QSignalSpy finished(window.session(), &EngineSession::jobFinished);
      if (window.jobs()->generate() == 0 || !finished.wait(kBookMs)) return Take{};
      return finished.last().first().value<Take>();
    };
    Take here;
    {
      useThisComputer();
      MainWindow window;
      QSignalSpy loadedHere(window.session(), &EngineSession::loaded);
      QVERIFY(window.setModelFolder(test::tinyModelA()) && loadedHere.wait(kLoadMs));
      here = makeText(window, work_.filePath(QStringLiteral("heard-here")));
    }
    useServer(work_.path(), port_, kToken);
    MainWindow window;
    QVERIFY(loaded(window));
    const Take there = makeText(window, work_.filePath(QStringLiteral("heard-there")));
    QVERIFY2(!there.segments.isEmpty(), qPrintable(window.lastError()));
    QCOMPARE(there.segments.size(), here.segments.size());
    QVERIFY(there.samples == here.samples);
    for (qsizetype i = 0; i < here.segments.size(); ++i) {
      QVERIFY2(there.segments[i].check && here.segments[i].check, qPrintable(QString::number(i)));
      const TakeCheck &heardThere = *there.segments[i].check, &heardHere = *here.segments[i].check;
      QCOMPARE(heardThere.tries.size(), heardHere.tries.size());
      QCOMPARE(heardThere.kept, heardHere.kept);
      for (qsizetype t = 0; t < heardHere.tries.size(); ++t) {
        QCOMPARE(heardThere.tries[t].heard, heardHere.tries[t].heard);
        QCOMPARE(heardThere.tries[t].similarity, heardHere.tries[t].similarity);
        QVERIFY(heardThere.tries[t].similarity != 0);
      }
    }

    auto* reset = window.findChild<QAction*>(QStringLiteral("resetAction"));
    QVERIFY(reset->isEnabled());
    QVERIFY2(reset->statusTip().contains(QStringLiteral("server at http://127.0.0.1")), qPrintable(reset->statusTip()));
    QSignalSpy done(window.session(), &EngineSession::resetDone);
    reset->trigger();
    QVERIFY(done.wait(kLoadMs));
    const auto report = done.first().first().value<cosystudio::ResetReport>();
    QVERIFY(report.before.hostResident > 0 && report.reloadSeconds > 0);
    QTRY_VERIFY(window.findChild<QMessageBox*>(QStringLiteral("resetReport")));
    QVERIFY(window.session()->isLoaded());
  }

  // Stopped as soon as the first chapter is made: the chapters after it fail
  // and stay to make; the server started again makes only those.
  void aServerStoppedInTheMiddleOfABookResumesItWhenItIsBack() {
    const QString outputs = work_.filePath(QStringLiteral("stopped"));
    useServer(work_.path(), port_, kToken);
    MainWindow window;
    QVERIFY(loaded(window));
    prepare(window, outputs, voices_);
    QVERIFY(window.openBook(smallBook()));
    BookPanel* book = window.bookPanel();
    makeRest(book);
    QTRY_COMPARE_WITH_TIMEOUT(book->model()->row(1).stage, Stage::Made, kBookMs);
    serve_.kill();
    serve_.waitForFinished(30000);
    QTRY_VERIFY_WITH_TIMEOUT(book->pendingJobs().isEmpty(), kBookMs);
    QVERIFY2(book->model()->row(3).stage != Stage::Made, "the book ended before the server could be stopped");
    QVERIFY2(window.lastError().contains(QStringLiteral("cannot be reached")), qPrintable(window.lastError()));
    const QByteArray first = chapterBytes(outputs, kChapters[0]);
    QVERIFY(first.size() > 44);

    QVERIFY(startServe(serve_, work_.path(), port_));
    makeRest(book);
    QVERIFY(book->pendingJobs().size() < 3);  // the first chapter is not made again
    QTRY_COMPARE_WITH_TIMEOUT(stages(book), QList<Stage>(3, Stage::Made), kBookMs);
    QCOMPARE(chapterBytes(outputs, kChapters[0]), first);
  }

  void aWrongTokenIsSaid() {
    useServer(work_.path(), port_, QStringLiteral("not-the-token"));
    MainWindow window;
    QSignalSpy failed(window.session(), &EngineSession::loadFailed);
    window.loadChosenEngine();
    QVERIFY(failed.wait(kLoadMs));
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(QStringLiteral("refused the token")), qPrintable(message));
  }

 private:
  QTemporaryDir work_;
  QString voices_;
  quint16 port_ = 0;
  QProcess serve_;
};

QTEST_MAIN(RemoteEngineTest)
#include "remote_engine_test.moc"
