// Faults at random moments through the window's side of the engine (label
// slow): cancel, reset, unload or a new request during prefill, decode, a flow
// step, HiFT, a streamed chunk, an export or after a random delay, 200 times on
// the tiny model. Every request must end exactly once (finished, cancelled,
// failed, or dropped from the queue), no wait may run out, and host memory
// must come back to where it was after the warm-up.
//
// The plan (which fault, at which moment) comes from a seeded std::mt19937,
// printed at the start: COSYSTUDIO_FAULT_SEED=<n> repeats it. Where the worker
// thread is when the window sees a moment still varies from run to run.
#include "engine_session.h"
#include "history_panel.h"
#include "pcm_player.h"
#include "take_store.h"
#include "test_support.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <vector>

using namespace cosystudio;
using namespace cosystudio::ui;

namespace {

constexpr int kInjections = 200;
// One injection is a few short jobs and perhaps a reset or a load: seconds.
// A wait this long is a hang.
constexpr int kQuietMs = 120000;
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kAllowedGrowthMiB = 24.0;  // measured figures where it is checked
const QString kTranscript = QStringLiteral("希望你以后能够做的比我还好呦。");
// One segment each, so Regenerate segment asks for no segment number. The
// warm-up runs every text × seed × streaming once: libtorch keeps per-shape
// state in bounded caches, and a shape first seen after the baseline would
// read as growth.
const QStringList kTexts = {QStringLiteral("你好。"), QStringLiteral("今天天气很好。")};
constexpr quint64 kJobSeeds[] = {1, 2, 3, 4};
// The history the test keeps: the newest takes, as a user clearing it would.
constexpr int kKeptTakes = 8;

enum class Moment { Prefill, Decode, Flow, Hift, StreamChunk, Export, Delay, Count };
enum class Fault { Cancel, CancelQueued, Reset, Unload, NewRequest, Regenerate, Count };

const char* name(Moment moment) {
  static const char* const names[] = {"prefill", "decode", "flow step", "HiFT", "streamed chunk", "export", "delay"};
  return names[int(moment)];
}

const char* name(Fault fault) {
  static const char* const names[] = {"cancel running", "cancel queued", "reset", "unload", "new request",
                                      "regenerate segment"};
  return names[int(fault)];
}

quint32 planSeed() {
  bool ok = false;
  const quint32 seed = qEnvironmentVariable("COSYSTUDIO_FAULT_SEED").toUInt(&ok);
  return ok ? seed : 17u;
}

double hostResidentMiB() {
  releaseHostMemory();
  return double(sampleMemory(Device{}).hostResident) / kMiB;
}

// The moment of a progress report, if it is one a fault can be injected at.
std::optional<Moment> momentOf(const Progress& p) {
  switch (p.stage) {
    case Stage::Text: return Moment::Prefill;
    case Stage::SpeechTokens: return p.tokens > 0 ? std::optional(Moment::Decode) : std::nullopt;
    case Stage::Mel: return p.flowStep >= 0 ? std::optional(Moment::Flow) : std::nullopt;
    case Stage::Waveform: return Moment::Hift;
    default: return std::nullopt;
  }
}

// The session, the history and the outputs folder wired as MainWindow wires
// them, and a ledger of how every request ended.
class Rig {
 public:
  explicit Rig(quint32 seed) : random_(seed), seed_(seed) {
    store_.setFolder(folder_.filePath(QStringLiteral("outputs")));
    QObject::connect(&session_, &EngineSession::jobFinished, &history_, [this](const Take& finished) {
      end(finished.jobId, QStringLiteral("finished"));
      keepFewTakes();
      store_.save(history_.addFinishedTake(finished));
      ++savesPending_;
    });
    QObject::connect(&session_, &EngineSession::jobFailed, &history_,
                     [this](quint64 id, const QString& message, bool cancelled) {
                       end(id, cancelled ? QStringLiteral("cancelled") : QStringLiteral("failed: ") + message);
                     });
    QObject::connect(&session_, &EngineSession::jobRanAway, &history_,
                     [this](const JobSpec& job, int, const QString& message) {
                       end(job.id, QStringLiteral("ran away: ") + message);
                     });
    QObject::connect(&session_, &EngineSession::jobProgress, &history_, [this](quint64 id, const Progress& p) {
      heard(id, "progress");
      if (const auto moment = momentOf(p)) ++stageCounts_[int(*moment)];
    });
    QObject::connect(&session_, &EngineSession::jobAudio, &history_, [this](quint64 id) {
      heard(id, "audio");
      ++stageCounts_[int(Moment::StreamChunk)];
    });
    // Loading ends in loaded or loadFailed; no other report may take the state from it.
    QObject::connect(&session_, &EngineSession::loadFailed, &history_, [this] { loadEnded_ = true; });
    QObject::connect(&session_, &EngineSession::stateChanged, &history_, [this](EngineSession::State state) {
      using State = EngineSession::State;
      if (state_ == State::Loading && state != State::Ready && !loadEnded_)
        problems_ << QStringLiteral("the state went from Loading to %1 with the load under way (injection %2)")
                         .arg(QLatin1String(QMetaEnum::fromType<State>().valueToKey(int(state))))
                         .arg(injection_);
      if (state == State::Loading) loadEnded_ = false;
      state_ = state;
    });
    QObject::connect(&store_, &TakeStore::saved, &history_, [this] { --savesPending_; });
    QObject::connect(&store_, &TakeStore::saveFailed, &history_, [this](quint64 id, const QString& message) {
      --savesPending_;
      problems_ << QStringLiteral("take #%1 was not written: %2").arg(id).arg(message);
    });
    QObject::connect(&history_, &HistoryPanel::exportsFinished, &history_, [this] { exporting_ = false; });
    QObject::connect(&history_, &HistoryPanel::errorOccurred, &history_,
                     [this](const QString& message) { problems_ << QStringLiteral("export: ") + message; });
    // As MainWindow: the segment's text as a job of its own.
    QObject::connect(&history_, &HistoryPanel::regenerateRequested, &history_,
                     [this](const Take& take, int segment, const QString& text) {
                       generate(regenerationJob(take, segment, text, pick(kJobSeeds)));
                     });
  }

  EngineSession& session() { return session_; }
  const QStringList& problems() const { return problems_; }
  const QList<quint64>& requests() const { return requests_; }
  const QHash<quint64, QStringList>& ends() const { return ends_; }
  int stageCount(Moment moment) const { return stageCounts_[int(moment)]; }

  template <typename T, size_t n>
  T pick(const T (&values)[n]) {
    return values[std::uniform_int_distribution<size_t>(0, n - 1)(random_)];
  }
  int uniform(int low, int high) { return std::uniform_int_distribution<int>(low, high)(random_); }

  JobSpec randomJob() {
    JobSpec job;
    job.settings.mode = Mode::ZeroShot;
    job.text = kTexts[uniform(0, int(kTexts.size()) - 1)];
    job.clip = clip_;
    job.transcript = kTranscript;
    job.settings.seed = pick(kJobSeeds);
    job.settings.stream = uniform(0, 1) == 1;
    return job;
  }

  // As WindowJobs::generate(): a job given with no model loaded loads it again.
  quint64 generate(const JobSpec& job) {
    if (session_.state() == EngineSession::State::NoModel)
      session_.load(ModelChoice{test::tinyModelA(), Device{}, Precision::Float32});
    const quint64 id = session_.enqueue(job);
    requests_ << id;
    return id;
  }

  // Does `fault` as the window's actions would; false when the window would
  // not offer it now (its action disabled, nothing queued, no take).
  bool inject(Fault fault) {
    using State = EngineSession::State;
    const State state = session_.state();
    switch (fault) {
      case Fault::Cancel:  // the Cancel button, enabled while busy
        if (state != State::Busy) return false;
        session_.cancel(session_.runningJob());
        return true;
      case Fault::CancelQueued: {  // Delete on a waiting job in the queue list
        QList<JobSpec> waiting = session_.jobs();
        waiting.removeIf([&](const JobSpec& job) { return job.id == session_.runningJob(); });
        if (waiting.isEmpty()) return false;
        const quint64 id = waiting[uniform(0, int(waiting.size()) - 1)].id;
        session_.cancel(id);
        const QList<JobSpec> after = session_.jobs();
        if (std::any_of(after.begin(), after.end(), [&](const JobSpec& job) { return job.id == id; }))
          problems_ << QStringLiteral("request #%1 stayed in the queue after its cancel (injection %2)")
                           .arg(id)
                           .arg(injection_);
        else
          end(id, QStringLiteral("dropped from the queue"));
        return true;
      }
      case Fault::Reset:  // Reset engine, enabled when ready or busy
        if (state != State::Ready && state != State::Busy) return false;
        session_.reset();
        return true;
      case Fault::Unload:
        if (state != State::Ready && state != State::Busy) return false;
        session_.unload();
        return true;
      case Fault::NewRequest:
        generate(randomJob());
        return true;
      case Fault::Regenerate:
        if (history_.currentIndex() < 0) return false;
        history_.regenerateSegment();
        return true;
      case Fault::Count: break;
    }
    return false;
  }

  // Starts an export of the selected take on the pool thread, as Export… does.
  bool startExport() {
    const QString path = folder_.filePath(QStringLiteral("export-%1.wav").arg(injection_));
    exporting_ = history_.exportCurrent(path);
    if (exporting_) exports_ << path;
    return exporting_;
  }
  const QStringList& exports() const { return exports_; }

  // Nothing more will happen without the user: no job runs or waits for a
  // loaded model, no reset or load is under way, exports and writes are done.
  bool quiet() const {
    using State = EngineSession::State;
    const State state = session_.state();
    if (exporting_ || savesPending_ > 0) return false;
    return (state == State::Ready && session_.jobs().isEmpty()) || state == State::NoModel;
  }

  // Runs the event loop until `done`; a run past kQuietMs is a hang: the
  // engine thread may be the one stuck, so the session could not be destroyed
  // and the run stops here, naming the injection and the seed.
  void waitUntil(const std::function<bool()>& done, const char* what) {
    QDeadlineTimer deadline(kQuietMs);
    while (!done()) {
      if (deadline.hasExpired())
        qFatal("injection %d (COSYSTUDIO_FAULT_SEED=%u): no %s after %d ms; state %s, %d jobs queued, running #%llu",
               injection_, seed_, what, kQuietMs,
               QMetaEnum::fromType<EngineSession::State>().valueToKey(int(session_.state())),
               int(session_.jobs().size()), session_.runningJob());
      QTest::qWait(2);
    }
  }

  // Every request out of the queue has ended once; those still in it not yet.
  void checkEnds() {
    QList<quint64> queued;
    for (const JobSpec& job : session_.jobs()) queued << job.id;
    for (const quint64 id : requests_) {
      const qsizetype ends = ends_.value(id).size();
      if (queued.contains(id) ? ends != 0 : ends != 1)
        problems_ << QStringLiteral("after injection %1: request #%2 %3 has ended %4 times (%5)")
                         .arg(injection_)
                         .arg(id)
                         .arg(queued.contains(id) ? QStringLiteral("still queued") : QStringLiteral("out of the queue"))
                         .arg(ends)
                         .arg(ends_.value(id).join(QStringLiteral(", ")));
    }
  }

  void setInjection(int injection) { injection_ = injection; }

 private:
  void end(quint64 id, const QString& how) {
    if (!ends_.value(id).isEmpty())
      problems_ << QStringLiteral("request #%1 ended again as %2 after %3 (injection %4)")
                       .arg(id)
                       .arg(how, ends_.value(id).join(QStringLiteral(", ")))
                       .arg(injection_);
    ends_[id] << how;
  }
  void heard(quint64 id, const char* what) {
    if (!ends_.value(id).isEmpty() && !reported_.contains(id)) {
      reported_ << id;
      problems_ << QStringLiteral("request #%1 sent %2 after it ended as %3 (injection %4)")
                       .arg(id)
                       .arg(QLatin1String(what), ends_.value(id).join(QStringLiteral(", ")))
                       .arg(injection_);
    }
  }
  // Keeps the history short, the newest take selected for export and Regenerate.
  void keepFewTakes() {
    if (history_.takes().size() < kKeptTakes) return;
    const Take newest = history_.takes().last();
    history_.clear();
    history_.addTake(newest);
  }

  QTemporaryDir folder_;
  PcmPlayer player_;
  TakeStore store_;
  HistoryPanel history_{&player_, &store_};
  EngineSession session_;  // after the widgets and the store: destroyed before them
  std::mt19937 random_;
  const PromptClip clip_ = test::promptClipA();  // one buffer, shared by every job
  quint32 seed_;
  int injection_ = -1;
  QList<quint64> requests_;
  QHash<quint64, QStringList> ends_;
  QList<quint64> reported_;
  QStringList problems_;
  QStringList exports_;
  int stageCounts_[int(Moment::Count)] = {};
  int savesPending_ = 0;
  bool exporting_ = false;
  EngineSession::State state_ = EngineSession::State::NoModel;
  bool loadEnded_ = false;
};

}  // namespace

class FaultInjectionTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void randomFaultsEndEveryRequestOnce() {
    const quint32 seed = planSeed();
    std::printf("fault injection: COSYSTUDIO_FAULT_SEED=%u\n", seed);
    Rig rig(seed);
    EngineSession& session = rig.session();

    // Warm-up: every text × seed × streaming once. The fewest reports of each
    // moment one job gives bound where a fault is planned, so that one job
    // reaches it; the mean job time bounds the random delays.
    QElapsedTimer clock;
    clock.start();
    int fewest[int(Moment::Count)];
    std::fill(std::begin(fewest), std::end(fewest), std::numeric_limits<int>::max());
    int warmUpJobs = 0;
    for (const QString& text : kTexts)
      for (const quint64 jobSeed : kJobSeeds)
        for (const bool stream : {false, true}) {
          int before[int(Moment::Count)];
          for (int m = 0; m < int(Moment::Count); ++m) before[m] = rig.stageCount(Moment(m));
          JobSpec job = rig.randomJob();
          job.text = text;
          job.settings.seed = jobSeed;
          job.settings.stream = stream;
          const quint64 id = rig.generate(job);
          rig.waitUntil([&] { return rig.ends().contains(id) && rig.quiet(); }, "end of a warm-up job");
          QCOMPARE(rig.ends().value(id), QStringList{QStringLiteral("finished")});
          for (int m = 0; m < int(Moment::Count); ++m)
            if (Moment(m) != Moment::StreamChunk || stream)
              fewest[m] = std::min(fewest[m], rig.stageCount(Moment(m)) - before[m]);
          ++warmUpJobs;
        }
    const int meanJobMs = int(clock.elapsed() / warmUpJobs);
    std::printf("fault injection: warm-up %d jobs, %d ms each on average; fewest reports per job: prefill %d, "
                "decode %d, flow step %d, HiFT %d, streamed chunk %d\n",
                warmUpJobs, meanJobMs, fewest[int(Moment::Prefill)], fewest[int(Moment::Decode)],
                fewest[int(Moment::Flow)], fewest[int(Moment::Hift)], fewest[int(Moment::StreamChunk)]);
    for (const Moment m : {Moment::Prefill, Moment::Decode, Moment::Flow, Moment::Hift, Moment::StreamChunk})
      QVERIFY2(fewest[int(m)] >= 1, name(m));
    const double baselineMiB = hostResidentMiB();

    // How often each fault was planned at each moment, and how often the
    // window would have offered it then (else it was not done).
    std::map<std::pair<Fault, Moment>, std::pair<int, int>> tally;
    int missed = 0;
    int injections = 0;
    std::vector<double> lateMiB;  // host RSS in the last quarter of the run
    clock.restart();
    for (int injection = 0; injection < kInjections; ++injection) {
      rig.setInjection(injection);
      ++injections;
      const Fault fault = Fault(rig.uniform(0, int(Fault::Count) - 1));
      const Moment moment = Moment(rig.uniform(0, int(Moment::Count) - 1));
      const int delayMs = rig.uniform(0, 2 * meanJobMs);
      // The moment's n-th report from now: within the first job's.
      const int nth = moment < Moment::Export ? rig.uniform(1, fewest[int(moment)]) : 0;
      const int jobs = rig.uniform(1, 2);

      bool fired = false;
      const auto fire = [&] {
        if (fired) return;
        fired = true;
        auto& [planned, done] = tally[{fault, moment}];
        ++planned;
        done += rig.inject(fault) ? 1 : 0;
      };
      QObject armed;  // the moment's connections end with it
      int seen = 0;
      const int countFrom = rig.stageCount(moment);
      const auto onReport = [&] {
        if (rig.stageCount(moment) - countFrom >= nth) fire();
      };
      if (moment == Moment::StreamChunk) {
        connect(&session, &EngineSession::jobAudio, &armed, onReport);
      } else if (moment == Moment::Export) {
        // While a finished take is written on the pool thread and a job runs.
        connect(&session, &EngineSession::jobProgress, &armed, [&] {
          if (seen++ == 0 && rig.startExport()) fire();
        });
      } else if (moment != Moment::Delay) {
        connect(&session, &EngineSession::jobProgress, &armed, onReport);
      }
      for (int j = 0; j < jobs; ++j) {
        JobSpec job = rig.randomJob();
        // A streaming job for the streamed-chunk moment, in first place.
        if (moment == Moment::StreamChunk && j == 0) job.settings.stream = true;
        rig.generate(job);
      }
      if (moment == Moment::Delay) QTimer::singleShot(delayMs, &armed, fire);

      // A delay comes whatever the session does; the other moments may not come.
      rig.waitUntil([&] { return fired || (moment != Moment::Delay && rig.quiet()); }, "moment or quiet session");
      if (!fired) {  // the jobs ended (or were unloaded) before the moment came
        ++missed;
        fire();
      }
      rig.waitUntil([&] { return rig.quiet(); }, "quiet session");
      rig.checkEnds();
      if (!rig.problems().isEmpty()) break;
      if (injection % 25 == 24) {
        const double now = hostResidentMiB();
        if (injection >= kInjections * 3 / 4) lateMiB.push_back(now);
        std::printf("fault injection: %d done after %.0f s, host RSS %.1f MiB (%s)\n", injection + 1,
                    clock.elapsed() / 1000.0, now,
                    QMetaEnum::fromType<EngineSession::State>().valueToKey(int(session.state())));
      }
    }

    // The queue left by an unload runs once the model is loaded again.
    rig.setInjection(kInjections);
    if (session.state() == EngineSession::State::NoModel) {
      QSignalSpy loaded(&session, &EngineSession::loaded);
      session.load(ModelChoice{test::tinyModelA(), Device{}, Precision::Float32});
      rig.waitUntil([&] { return loaded.count() > 0; }, "load after the last injection");
    }
    rig.waitUntil([&] { return rig.quiet(); }, "quiet session after the last injection");
    rig.checkEnds();
    const double seconds = clock.elapsed() / 1000.0;
    lateMiB.push_back(hostResidentMiB());
    // The level wanders by ±10 MiB from one sample to the next without a
    // trend; a leak raises the floor, so the lowest late sample is compared.
    const double afterMiB = *std::min_element(lateMiB.begin(), lateMiB.end());

    std::map<QString, int> endings;
    for (const QStringList& ends : rig.ends())
      for (const QString& how : ends) ++endings[how.section(QLatin1Char(':'), 0, 0)];
    std::printf("fault injection: %d injections in %.0f s, %d moments not reached (done when quiet instead)\n",
                injections, seconds, missed);
    for (const auto& [key, count] : tally)
      std::printf("  %-18s at %-14s planned %3d, done %3d\n", name(key.first), name(key.second), count.first,
                  count.second);
    std::printf("fault injection: %d requests:", int(rig.requests().size()));
    for (const auto& [how, count] : endings) std::printf(" %s %d,", qPrintable(how), count);
    std::printf(" %d exports\n", int(rig.exports().size()));
    std::printf("fault injection: host RSS %.1f MiB after the warm-up, %.1f MiB at the lowest in the last quarter "
                "of the run (%.1f MiB at its end)\n",
                baselineMiB, afterMiB, lateMiB.back());
    std::fflush(stdout);

    QVERIFY2(rig.problems().isEmpty(), qPrintable(rig.problems().join(QLatin1Char('\n'))));
    QCOMPARE(session.state(), EngineSession::State::Ready);
    QVERIFY(session.jobs().isEmpty());
    // Nothing in the plan makes a job fail: the model and the clip are good.
    QCOMPARE(endings.count(QStringLiteral("failed")), size_t(0));
    QCOMPARE(endings.count(QStringLiteral("ran away")), size_t(0));
    for (const QString& path : rig.exports()) QVERIFY2(QFileInfo(path).size() > 44, qPrintable(path));
    // Measured, end minus warm-up: -2.4, +7.1, +18.6 and -4.4 MiB in four runs
    // of ~370 requests, samples within a run spread over 14 MiB with no trend;
    // the lowest late sample was -4.8 (seed 17) and +9.5 MiB (seed 4242). Lower
    // is fine; a leaked tiny model (43 MiB of weights) at a reset or unload, or
    // 70 KiB per request, exceeds it.
    QVERIFY2(afterMiB < baselineMiB + kAllowedGrowthMiB,
             qPrintable(QStringLiteral("host RSS grew by %1 MiB").arg(afterMiB - baselineMiB, 0, 'f', 1)));
  }
};

QTEST_MAIN(FaultInjectionTest)
#include "fault_injection_test.moc"
