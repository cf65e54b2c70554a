// The window checks a job by the engine's rule before queuing it
// (job_check.h), and says in its own words what is missing.
#include "clip_panel.h"
#include "engine_session.h"
#include "job_check.h"
#include "main_window.h"
#include "window_jobs.h"
#include "style_panel.h"
#include "test_support.h"
#include "text_panel.h"

#include <QStandardPaths>
#include <QtTest>

using namespace cosystudio;
using namespace cosystudio::ui;

class JobCheckTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void eachMissingPartIsNamed() {
    JobSpec job;
    job.settings.mode = Mode::ZeroShot;
    job.text = QStringLiteral("你好。");
    QVERIFY(jobProblem(job).contains(QStringLiteral("prompt clip")));
    job.voiceFile = QStringLiteral("/voices/Alice.voice");
    QCOMPARE(jobProblem(job), QString());  // a saved voice carries its transcript
    job.settings.mode = Mode::Instruct;
    QVERIFY(jobProblem(job).contains(QStringLiteral("instruction")));
    job.instruction = QStringLiteral("   ");
    QVERIFY2(jobProblem(job).contains(QStringLiteral("instruction")), "a blank instruction is none");
    job.instruction = QStringLiteral("请用四川话表达。");
    QCOMPARE(jobProblem(job), QString());
    job.text = QStringLiteral(" \n ");
    QVERIFY(jobProblem(job).contains(QStringLiteral("text to speak")));
    job.settings.mode = Mode::VoiceConversion;
    QVERIFY(jobProblem(job).contains(QStringLiteral("source clip")));
    job.settings.mode = Mode::CrossLingual;
    job.text = QStringLiteral("Hello.");
    job.settings.speed = 1.5;
    job.settings.stream = true;
    QVERIFY(jobProblem(job).contains(QStringLiteral("streaming")));
  }

  // Through the window: nothing is queued, and the message says what to do.
  void theWindowQueuesNothingThatIsIncomplete() {
    MainWindow window;
    QCOMPARE(window.jobs()->generate(), quint64(0));
    QVERIFY2(window.lastError().contains(QStringLiteral("prompt clip")), qPrintable(window.lastError()));

    QVERIFY(window.openClip(test::promptA()));
    window.stylePanel()->setMode(Mode::ZeroShot);
    window.textPanel()->setText(QStringLiteral("今天天气很好。"));
    QCOMPARE(window.jobs()->generate(), quint64(0));
    QVERIFY2(window.lastError().contains(QStringLiteral("transcript")), qPrintable(window.lastError()));

    window.stylePanel()->setMode(Mode::CrossLingual);
    window.textPanel()->setText(QString());
    QCOMPARE(window.jobs()->generate(), quint64(0));
    QVERIFY2(window.lastError().contains(QStringLiteral("text to speak")), qPrintable(window.lastError()));

    window.stylePanel()->setMode(Mode::Instruct);
    window.stylePanel()->setInstruction(QString());
    window.textPanel()->setText(QStringLiteral("今天天气很好。"));
    QCOMPARE(window.jobs()->generate(), quint64(0));
    QVERIFY2(window.lastError().contains(QStringLiteral("instruction")), qPrintable(window.lastError()));
    QVERIFY(window.session()->jobs().isEmpty());

    window.stylePanel()->setMode(Mode::CrossLingual);
    QVERIFY(window.jobs()->generate() != 0);  // without a model it waits in the queue
    QCOMPARE(window.session()->jobs().size(), 1);
    window.session()->cancelAll();
  }
};

QTEST_MAIN(JobCheckTest)
#include "job_check_test.moc"
