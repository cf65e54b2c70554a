// Listening back in the window: the real engine on the tiny model and the tiny
// recogniser. Random weights say random words, so every segment fails the
// default bounds and passes bounds no segment can miss; a failing one is made
// again as often as asked, a passing one never; the take, its sidecar and the
// segments list keep every try.
#include "engine_session.h"
#include "segment_check.h"
#include "take_list_model.h"
#include "take_store.h"
#include "test_support.h"
#include "transcriber.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QTemporaryDir>
#include <QtTest>

using namespace cosystudio;
using namespace cosystudio::ui;

namespace {

constexpr int kLoadMs = 120000;
constexpr int kJobMs = 600000;
const QString kTranscript = QStringLiteral("希望你以后能够做的比我还好呦。");

QString tinyRecognizer() { return test::fixtures() + QStringLiteral("/sensevoice/model"); }

JobSpec zeroShot(const QString& text) {
  JobSpec job;
  job.settings.mode = Mode::ZeroShot;
  job.text = text;
  job.clip = test::promptClipA();
  job.transcript = kTranscript;
  job.settings.seed = 893317537;
  return job;
}

JobListening listening(bool check, int retakes, bool lenient) {
  JobListening chosen;
  chosen.check = check;
  chosen.recognizerFolder = tinyRecognizer();
  chosen.retakes = retakes;
  if (lenient) chosen.thresholds = CheckThresholds{10, -1, 100};  // no segment can miss them
  return chosen;
}

}  // namespace

class SegmentCheckTest : public QObject {
  Q_OBJECT

  EngineSession* session_ = nullptr;

  // The take of `job` as the session makes it with `chosen` for every job.
  Take make(const JobSpec& job, const JobListening& chosen) {
    session_->setListening(chosen, chosen);
    QSignalSpy finished(session_, &EngineSession::jobFinished);
    QSignalSpy failed(session_, &EngineSession::jobFailed);
    session_->enqueue(job);
    if (!QTest::qWaitFor([&] { return !finished.isEmpty() || !failed.isEmpty(); }, kJobMs)) qFatal("job timed out");
    if (!failed.isEmpty()) qFatal("job failed: %s", qPrintable(failed.first().at(1).toString()));
    return finished.first().first().value<Take>();
  }

 private slots:
  void initTestCase() {
    QVERIFY(recognizerInstalled(tinyRecognizer()));
    session_ = new EngineSession(this);
    QSignalSpy loaded(session_, &EngineSession::loaded);
    session_->load(ModelChoice{test::tinyModelA(), Device{}, Precision::Float32});
    QVERIFY(loaded.wait(kLoadMs));
  }

  // Made to fail (the default bounds): each segment made twice again, every
  // try kept in the take, the failing mark and why it fails in the list.
  void aFailingSegmentIsMadeAgainAndEveryTryKept() {
    const Take take = make(zeroShot(QStringLiteral("Hello there.")), listening(true, 2, false));
    QVERIFY(!take.segments.isEmpty());
    QVERIFY(take.isChecked());
    for (const TakeSegment& segment : take.segments) {
      QVERIFY(segment.check);
      QCOMPARE(segment.check->tries.size(), 3);
      QVERIFY(!segment.check->passed());
      QVERIFY(!segment.check->tries[0].failures.isEmpty());
      QVERIFY(segment.check->tries[0].seed != segment.check->tries[1].seed);  // new seeds
    }
    QCOMPARE(take.segmentsFailing().size(), take.segments.size());

    TakeListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append(take);
    // The segment's row: the take's own where it has one segment.
    const QModelIndex row = take.segments.size() == 1 ? model.indexOf(0) : model.indexOf(0, 0);
    const QModelIndex check = row.siblingAtColumn(TakeListModel::CheckColumn);
    QCOMPARE(check.data(TakeListModel::CheckPassedRole), QVariant(false));
    QCOMPARE(check.data(TakeListModel::CheckTriesRole).toInt(), 3);
    QVERIFY(!check.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(check.data(Qt::DisplayRole).toString().contains(QStringLiteral("3 tries")));
    const QStringList reasons = check.data(TakeListModel::FailureReasonsRole).toStringList();
    QVERIFY(!reasons.isEmpty());
    // Why: the words it heard, and the difference, where it said other words.
    const HeardTry& kept = take.segments[0].check->keptTry();
    if (kept.errorRate > 0.2 && !kept.heard.isEmpty()) {
      QVERIFY(reasons.join(QLatin1Char('\n')).contains(kept.heard));
      QVERIFY(check.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Difference: ")));
    }
    QVERIFY(check.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Fails the check: ")));
  }

  // Made to pass: one try, not made again, the passing mark.
  void aPassingSegmentIsNotMadeAgain() {
    const Take take = make(zeroShot(QStringLiteral("Hello there.")), listening(true, 2, true));
    for (const TakeSegment& segment : take.segments) {
      QVERIFY(segment.check);
      QCOMPARE(segment.check->tries.size(), 1);
      QVERIFY(segment.check->passed());
      QVERIFY(!segment.regeneratedSeed);
    }
    QVERIFY(take.segmentsFailing().isEmpty());
    TakeListModel model;
    model.append(take);
    const QModelIndex check = model.indexOf(0).siblingAtColumn(TakeListModel::CheckColumn);
    QCOMPARE(check.data(TakeListModel::CheckPassedRole), QVariant(true));
    QVERIFY(!check.data(Qt::DecorationRole).value<QIcon>().isNull());
  }

  // Checking off: nothing listened to, nothing recorded, no mark.
  void withCheckingOffNothingIsChecked() {
    const Take take = make(zeroShot(QStringLiteral("Hello there.")), listening(false, 2, false));
    QVERIFY(!take.isChecked());
    for (const TakeSegment& segment : take.segments) QVERIFY(!segment.check);
    TakeListModel model;
    model.append(take);
    const QModelIndex check = model.indexOf(0).siblingAtColumn(TakeListModel::CheckColumn);
    QVERIFY(!check.data(TakeListModel::CheckPassedRole).isValid());
    QVERIFY(check.data(Qt::DecorationRole).isNull());
    QVERIFY(check.data().toString().isEmpty());
  }

  // The sidecar keeps every try, and the bounds; read back the same.
  void everyTrySurvivesTheSidecar() {
    const Take made = make(zeroShot(QStringLiteral("Hello there.")), listening(true, 1, false));
    QTemporaryDir folder;
    TakeStore store(folder.path());
    QSignalSpy saved(&store, &TakeStore::saved);
    store.save(made);
    QVERIFY(saved.wait(30000));
    QStringList problems;
    const QVector<Take> read = store.load(&problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(read.size(), 1);
    const Take& back = read[0];
    QVERIFY(back.spec.listening.check);
    QCOMPARE(back.spec.listening.retakes, 1);
    QCOMPARE(back.spec.listening.thresholds.maxErrorRate, 0.2);
    QCOMPARE(back.segments.size(), made.segments.size());
    for (qsizetype i = 0; i < made.segments.size(); ++i) {
      const TakeCheck& was = *made.segments[i].check;
      QVERIFY(back.segments[i].check);
      const TakeCheck& is = *back.segments[i].check;
      QCOMPARE(is.kept, was.kept);
      QCOMPARE(is.tries.size(), 2);
      for (qsizetype t = 0; t < was.tries.size(); ++t) {
        QCOMPARE(is.tries[t].seed, was.tries[t].seed);
        QCOMPARE(is.tries[t].heard, was.tries[t].heard);
        QCOMPARE(is.tries[t].heardLanguage, was.tries[t].heardLanguage);
        QCOMPARE(is.tries[t].characters, was.tries[t].characters);
        QCOMPARE(is.tries[t].errorRate, was.tries[t].errorRate);
        QCOMPARE(is.tries[t].differences, was.tries[t].differences);
        QCOMPARE(is.tries[t].similarity, was.tries[t].similarity);
        QCOMPARE(is.tries[t].rateRatio, was.tries[t].rateRatio);
        QCOMPARE(is.tries[t].failures, was.tries[t].failures);
      }
    }
    // An older sidecar, or an unchecked take's: no check.
    QVERIFY(!checkFromJson(QJsonValue()).has_value());
    QVERIFY(!checkFromJson(QJsonObject{{QStringLiteral("kept_try"), 0}}).has_value());
  }

  // A book chapter listens to each paragraph; the take names those still failing.
  void aChapterListsItsFailingParagraphs() {
    QTemporaryDir book;
    JobSpec job = zeroShot(QStringLiteral("Hello there.\n\nGood night."));
    job.asChapter().folder = book.path();
    job.asChapter().number = 1;
    job.asChapter().count = 1;
    job.asChapter().renderKey = QStringLiteral("segment-check-test");
    const Take take = make(job, listening(true, 1, false));
    QCOMPARE(take.linesFailing(), (QList<int>{0, 1}));
    for (const TakeSegment& segment : take.segments) QCOMPARE(segment.check->tries.size(), 2);
    TakeListModel model;
    model.append(take);
    const QModelIndex check = model.indexOf(0).siblingAtColumn(TakeListModel::CheckColumn);
    QCOMPARE(check.data(TakeListModel::CheckPassedRole), QVariant(false));
    QCOMPARE(check.data().toString(), QStringLiteral("Lines 1, 2 fail"));
    QVERIFY(check.data(Qt::ToolTipRole).toString().contains(QStringLiteral("1, 2")));

    // With bounds no paragraph can miss, none is listed.
    JobSpec again = job;
    again.asChapter().renderKey = QStringLiteral("segment-check-test-lenient");
    const Take passing = make(again, listening(true, 1, true));
    QVERIFY(passing.linesFailing().isEmpty());
  }
};

QTEST_MAIN(SegmentCheckTest)
#include "segment_check_test.moc"
