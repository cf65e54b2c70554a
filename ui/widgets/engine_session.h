// The window's side of the engine: one worker thread, a queue that runs one
// job at a time, and the engine's state as the window shows it. Each engine
// event is declared here only: the worker calls the on...() handlers below, or
// emits a signal that needs no bookkeeping, on this object's thread.
#pragma once

#include "job.h"
#include "job_queue_model.h"

#include <QList>
#include <QObject>

#include <algorithm>

class QThread;
class QTimer;

namespace cosystudio::ui {

class EngineWorker;

class EngineSession : public QObject {
  Q_OBJECT

 public:
  enum class State { NoModel, Loading, Ready, Busy, Resetting, Poisoned };
  Q_ENUM(State)

  explicit EngineSession(QObject* parent = nullptr);
  ~EngineSession() override;

  State state() const { return state_; }
  const ModelChoice& model() const { return model_; }
  bool isLoaded() const { return state_ == State::Ready || state_ == State::Busy; }
  // Running job first, then the waiting ones, as a model for the window's list.
  JobQueueModel* queue() const { return queue_; }
  const QList<JobSpec>& jobs() const { return queue_->jobs(); }
  // The job on the worker (running, stopping, or stopped by a reset); 0 = none.
  quint64 runningJob() const { return queue_->workerJob(); }

  void load(const ModelChoice& model);
  void unload();
  // Cancels the running job (the queue is kept) and resets the engine in-process,
  // or a server's engine where it runs.
  void reset();
  // Returns the job's id.
  quint64 enqueue(JobSpec job);
  // The running job stops within a step; a waiting one leaves the queue.
  void cancel(quint64 id);
  // Every waiting job leaves the queue and the running one stops.
  void cancelAll();
  // A waiting job moves to `row` of the queue, never above the running job.
  void move(quint64 id, int row);
  // Job ids go on from `id`: the history holds takes numbered up to it.
  void continueIdsAfter(quint64 id) { nextId_ = std::max(nextId_, id + 1); }
  // A number for a take no job of this session made (a job's parts found at start).
  quint64 newJobId() { return nextId_++; }
  // How alike `samples` and `voice` sound (SpeechMaker::speakerSimilarity), on
  // the engine thread once the running job is done, for a program: its answer
  // is speakerCompared() or comparisonFailed() with `id` (newJobId()).
  void compareSpeaker(quint64 id, const std::vector<float>& samples, int sampleRate, const Voice& voice);
  // Prepares the clip's features on the engine thread and saves them to `file`.
  void saveVoice(const PromptClip& clip, const QString& transcript, const QString& file);
  // How the jobs queued from now on listen back to what they make: `text` for
  // a text's job (and a segment made again), `parts` for a script's or a
  // book chapter's (ListeningSettings::retakes apart). Off by default. A
  // program's job listens as its request asks (window_server.h).
  void setListening(const JobListening& text, const JobListening& parts);
  const JobListening& textListening() const { return textListening_; }
  // The model is unloaded after it waited `minutes` with nothing to do (0 = never).
  void setIdleUnloadMinutes(int minutes);

 signals:
  void stateChanged(cosystudio::ui::EngineSession::State state);
  void loadStep(const QString& what);
  // The GPU of the model choice cannot be used: the model loads on the CPU in float32.
  void gpuUnavailable(int index, const QString& problem);
  void loaded(double seconds);
  // With `previousKept` the model loaded before is still loaded (model() names
  // it again) and the queue goes on; otherwise there is no model.
  void loadFailed(const QString& message, bool previousKept);
  void resetDone(const cosystudio::ResetReport& report);
  void resetFailed(const QString& message);
  // The worker takes `job`: its voice is prepared before its first progress.
  void jobStarted(const cosystudio::ui::JobSpec& job);
  void jobProgress(quint64 id, const cosystudio::Progress& progress);
  // Audio of a streamed job as the engine makes it (engine.h: the segment it belongs to, and its end).
  void jobAudio(quint64 id, const cosystudio::AudioChunk& chunk);
  void jobFinished(const cosystudio::ui::Take& take);
  void jobFailed(quint64 id, const QString& message, bool cancelled);
  // A job cancelled after it made some of its parts: they are `take`, marked
  // incomplete, from which the job can be resumed (job_parts.h).
  void jobKeptParts(const cosystudio::ui::Take& take);
  // The watchdog stopped segment `segment` (0-based) of `job`; the job has ended.
  void jobRanAway(const cosystudio::ui::JobSpec& job, int segment, const QString& message);
  void speakerCompared(quint64 id, double similarity);
  void comparisonFailed(quint64 id, const QString& message);
  void voiceSaved(const QString& file);
  void voiceFailed(const QString& file, const QString& message);
  // An unrecoverable device error: only a new process can continue.
  void poisoned(const QString& message);
  void unloadedWhenIdle(int minutes);

 private:
  // The worker's reports, run on this thread in the order the worker sent them.
  friend class EngineWorker;
  void onGpuUnavailable(int index, const QString& problem);
  void onLoaded(double seconds);
  void onLoadFailed(const QString& message, bool previousKept);
  void onUnloaded();
  void onResetDone(const ResetReport& report);
  void onResetFailed(const QString& message);
  void onJobFinished(const Take& take);
  void onJobFailed(quint64 id, const QString& message, bool cancelled, const std::optional<Take>& partial = {});
  void onJobRanAway(const JobSpec& job, int segment, const QString& message);
  void onPoisoned(const QString& message);

  void setState(State state);
  void startNext();
  // The worker is done with job `id`; `finished`: it made its take.
  void onJobEnded(quint64 id, bool finished);
  JobQueueModel::JobState workerJobState() const { return queue_->state(0); }

  QThread* thread_ = nullptr;
  EngineWorker* worker_ = nullptr;
  State state_ = State::NoModel;
  ModelChoice model_;
  ModelChoice loadedModel_;  // the last one that loaded
  JobQueueModel* queue_ = nullptr;
  quint64 nextId_ = 1;
  QTimer* idleTimer_ = nullptr;
  int idleUnloadMinutes_ = 0;
  JobListening textListening_, partsListening_;
};

}  // namespace cosystudio::ui
