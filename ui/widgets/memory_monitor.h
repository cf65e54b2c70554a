// Memory as the window watches it: a sample every two seconds for the
// status-bar meter, and one after each finished job to notice growth that
// does not come back (a leak, or a cache that keeps growing) before it ends
// in running out of memory.
#pragma once

#include "cosystudio/engine.h"

#include <QObject>
#include <QVector>

class QTimer;

namespace cosystudio::ui {

class EngineSession;

class MemoryMonitor : public QObject {
  Q_OBJECT

 public:
  // Growth after each of this many jobs in a row, by this much in all, is reported.
  static constexpr int kJobs = 5;
  static constexpr qint64 kGrowthBytes = 64ll << 20;
  // The first jobs after a model loads (or is reset) fill what it keeps:
  // kernels, oneDNN's compiled shapes, voices. Growth counts from the next one.
  static constexpr int kWarmUpJobs = 3;

  // Measures the device of `session`'s model, and after each of its jobs.
  explicit MemoryMonitor(const EngineSession* session, QObject* parent = nullptr);

  // One figure after a job: VRAM allocated on a GPU, else host RSS.
  void addAfterJob(qint64 bytes);
  // A model loaded or reset: its warm-up starts again, the figures before go.
  void restart();

 signals:
  void sampled(const cosystudio::MemoryStats& stats);
  void keepsGrowing(int jobs, qint64 fromBytes, qint64 toBytes);

 private:
  MemoryStats sample() const;

  const EngineSession* session_;
  QTimer* timer_;
  QVector<qint64> afterJobs_;  // the last kJobs figures, oldest first
  int warmUpLeft_ = kWarmUpJobs;
};

}  // namespace cosystudio::ui
