#include "memory_monitor.h"

#include "engine_session.h"

#include <QTimer>

namespace cosystudio::ui {

MemoryMonitor::MemoryMonitor(const EngineSession* session, QObject* parent)
    : QObject(parent), session_(session), timer_(new QTimer(this)) {
  timer_->setInterval(2000);
  connect(timer_, &QTimer::timeout, this, [this] { emit sampled(sample()); });
  timer_->start();
  QTimer::singleShot(0, this, [this] { emit sampled(sample()); });  // the meter starts full, not after 2 s
  connect(session_, &EngineSession::jobFinished, this, [this] {
    const MemoryStats now = sample();
    addAfterJob(now.deviceTotal > 0 ? now.deviceAllocated : now.hostResident);
  });
  connect(session_, &EngineSession::loaded, this, &MemoryMonitor::restart);
  connect(session_, &EngineSession::resetDone, this, &MemoryMonitor::restart);
}

void MemoryMonitor::restart() {
  afterJobs_.clear();
  warmUpLeft_ = kWarmUpJobs;
}

MemoryStats MemoryMonitor::sample() const { return cosystudio::sampleMemory(session_->model().device); }

void MemoryMonitor::addAfterJob(qint64 bytes) {
  if (warmUpLeft_ > 0) {
    --warmUpLeft_;
    return;
  }
  afterJobs_ << bytes;
  if (afterJobs_.size() > kJobs) afterJobs_.removeFirst();
  if (afterJobs_.size() < kJobs) return;
  for (int i = 1; i < kJobs; ++i)
    if (afterJobs_[i] <= afterJobs_[i - 1]) return;
  if (afterJobs_.last() - afterJobs_.first() < kGrowthBytes) return;
  emit keepsGrowing(kJobs, afterJobs_.first(), afterJobs_.last());
}

}  // namespace cosystudio::ui

#include "moc_memory_monitor.cpp"
