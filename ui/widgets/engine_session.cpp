#include "engine_session.h"

#include "engine_worker.h"
#include "job_parts.h"
#include "transcriber.h"

#include <QThread>
#include <QTimer>

namespace cosystudio::ui {

using JobState = JobQueueModel::JobState;

EngineSession::EngineSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<JobSpec>();
  qRegisterMetaType<Take>();
  qRegisterMetaType<ModelChoice>();
  qRegisterMetaType<Progress>();
  qRegisterMetaType<AudioChunk>();
  qRegisterMetaType<MemoryStats>();
  qRegisterMetaType<ResetReport>();

  queue_ = new JobQueueModel(this);
  idleTimer_ = new QTimer(this);
  idleTimer_->setSingleShot(true);
  connect(idleTimer_, &QTimer::timeout, this, [this] {
    if (state_ != State::Ready || !queue_->jobs().isEmpty()) return;
    unload();
    emit unloadedWhenIdle(idleUnloadMinutes_);
  });
  thread_ = new QThread(this);
  thread_->setObjectName(QStringLiteral("engine"));
  worker_ = new EngineWorker(this);
  worker_->moveToThread(thread_);

  thread_->start();
}

// The worker's thread ends before this object does, so no report is sent to a
// destroyed session; those still queued are dropped with it.
EngineSession::~EngineSession() {
  worker_->cancel(runningJob());
  QMetaObject::invokeMethod(worker_, &EngineWorker::shutdown, Qt::BlockingQueuedConnection);
  thread_->quit();
  thread_->wait();
  delete worker_;
}

void EngineSession::setState(State state) {
  if (state_ == state) return;
  state_ = state;
  setIdleUnloadMinutes(idleUnloadMinutes_);  // the wait starts again, or stops
  emit stateChanged(state);
}

void EngineSession::load(const ModelChoice& model) {
  if (state_ == State::Poisoned || state_ == State::Busy || state_ == State::Resetting) return;
  model_ = model;
  setState(State::Loading);
  QMetaObject::invokeMethod(worker_, [worker = worker_, model] { worker->load(model); }, Qt::QueuedConnection);
}

void EngineSession::unload() {
  if (state_ == State::Poisoned) return;
  cancel(runningJob());
  setState(State::NoModel);  // no further job starts; the queue waits for the next load
  QMetaObject::invokeMethod(worker_, &EngineWorker::unload, Qt::QueuedConnection);
}

void EngineSession::reset() {
  if (state_ == State::Poisoned || state_ == State::NoModel || state_ == State::Loading) return;
  // The reset is queued behind the running job on the worker thread; cancelling
  // makes that wait one token long. The cancelled job goes back to the queue.
  // A job the user cancelled already just ends.
  if (runningJob() && workerJobState() == JobState::Running) {
    queue_->setHeadState(JobState::Requeued);
    worker_->cancel(runningJob());
  }
  setState(State::Resetting);
  QMetaObject::invokeMethod(worker_, &EngineWorker::reset, Qt::QueuedConnection);
}

quint64 EngineSession::enqueue(JobSpec job) {
  job.id = nextId_++;
  if (!job.served) job.listening = job.isScript() || job.isChapter() ? partsListening_ : textListening_;
  // A job resumed keeps the folder it was begun in.
  if (job.partsFolder.isEmpty() && JobParts::keepsParts(job)) job.partsFolder = JobParts::newFolder();
  // Looked at for each job: the recogniser may have been downloaded since.
  if (job.listening.check) job.listening.check = recognizerInstalled(job.listening.recognizerFolder);
  queue_->append(job);
  startNext();
  return job.id;
}

void EngineSession::cancel(quint64 id) {
  if (!id) return;
  if (id == runningJob()) {
    queue_->setHeadState(JobState::Cancelling);  // also one a reset stopped: it must not run again
    worker_->cancel(id);
    return;
  }
  queue_->remove(id);
}

void EngineSession::cancelAll() {
  queue_->removeWaiting();
  cancel(runningJob());
}

void EngineSession::move(quint64 id, int row) { queue_->move(id, row, runningJob() ? 1 : 0); }

void EngineSession::compareSpeaker(quint64 id, const std::vector<float>& samples, int sampleRate, const Voice& voice) {
  if (!isLoaded()) {
    emit comparisonFailed(id, tr("no model is loaded"));
    return;
  }
  QMetaObject::invokeMethod(
      worker_, [worker = worker_, id, samples, sampleRate, voice] { worker->compareSpeaker(id, samples, sampleRate, voice); },
      Qt::QueuedConnection);
}

void EngineSession::saveVoice(const PromptClip& clip, const QString& transcript, const QString& file) {
  if (!isLoaded()) {
    emit voiceFailed(file, tr("Load a model first: a voice stores features the model computes."));
    return;
  }
  QMetaObject::invokeMethod(
      worker_, [worker = worker_, clip, transcript, file] { worker->saveVoice(clip, transcript, file); },
      Qt::QueuedConnection);
}

void EngineSession::setListening(const JobListening& text, const JobListening& parts) {
  textListening_ = text;
  partsListening_ = parts;
}

void EngineSession::setIdleUnloadMinutes(int minutes) {
  idleUnloadMinutes_ = minutes;
  if (state_ == State::Ready && minutes > 0)
    idleTimer_->start(minutes * 60 * 1000);
  else
    idleTimer_->stop();
}

void EngineSession::startNext() {
  if (runningJob() || state_ != State::Ready || !queue_->hasWaiting()) return;
  const JobSpec next = queue_->jobs().constFirst();  // a copy: slots of the signals below may change the queue
  queue_->setHeadState(JobState::Running);
  setState(State::Busy);
  QMetaObject::invokeMethod(worker_, [worker = worker_, next] { worker->run(next); }, Qt::QueuedConnection);
  emit jobStarted(next);
}

void EngineSession::onJobEnded(quint64 id, bool finished) {
  if (id != runningJob()) return;
  if (workerJobState() == JobState::Requeued && !finished) {
    queue_->setHeadState(JobState::Waiting);  // back in the queue; the reset follows
  } else {
    queue_->remove(id);
    if (state_ == State::Busy) setState(State::Ready);
  }
  startNext();
}

void EngineSession::onGpuUnavailable(int index, const QString& problem) {
  model_.device = Device{};
  model_.precision = defaultPrecision(model_.device);
  emit gpuUnavailable(index, problem);
}

void EngineSession::onLoaded(double seconds) {
  loadedModel_ = model_;
  setState(State::Ready);
  emit loaded(seconds);
  startNext();
}

void EngineSession::onLoadFailed(const QString& message, bool previousKept) {
  if (previousKept) {
    model_ = loadedModel_;
    setState(State::Ready);
  } else if (state_ != State::Poisoned) {
    setState(State::NoModel);
  }
  emit loadFailed(message, previousKept);
  if (previousKept) startNext();
}

void EngineSession::onUnloaded() {
  // unload() already said NoModel; a load asked for since is under way.
  if (state_ != State::Poisoned && state_ != State::Loading) setState(State::NoModel);
}

void EngineSession::onResetDone(const ResetReport& report) {
  setState(State::Ready);
  emit resetDone(report);
  startNext();
}

void EngineSession::onResetFailed(const QString& message) {
  if (state_ != State::Poisoned) setState(State::NoModel);
  emit resetFailed(message);
}

void EngineSession::onJobFinished(const Take& take) {
  // Also one that finished before a reset's cancel reached it: it must not run again.
  emit jobFinished(take);
  onJobEnded(take.jobId, true);
}

void EngineSession::onJobFailed(quint64 id, const QString& message, bool cancelled, const std::optional<Take>& partial) {
  // Cancelled by a reset, the job waits again and runs after it: it has not ended.
  const bool requeued = cancelled && id == runningJob() && workerJobState() == JobState::Requeued;
  if (!requeued) emit jobFailed(id, message, cancelled);
  if (!requeued && partial) emit jobKeptParts(*partial);
  onJobEnded(id, false);
}

void EngineSession::onJobRanAway(const JobSpec& job, int segment, const QString& message) {
  emit jobRanAway(job, segment, message);
  onJobEnded(job.id, true);
}

void EngineSession::onPoisoned(const QString& message) {
  setState(State::Poisoned);
  emit poisoned(message);
}

}  // namespace cosystudio::ui

#include "moc_engine_session.cpp"
