// The engine's home thread. An EngineWorker owns the cosystudio::Engine and is
// only ever called through queued signals, so the window never waits on it.
#pragma once

#include "job.h"

#include "cosystudio/recent_cache.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace cosystudio::ui {

class EngineWorker : public QObject {
  Q_OBJECT

 public:
  explicit EngineWorker(QObject* parent = nullptr);
  ~EngineWorker() override;

  // Thread-safe: job `id` stops within one token or flow step, or does not
  // start if it has not yet.
  void cancel(quint64 id) { cancelledJob_ = id; }

 public slots:
  void load(const cosystudio::ui::ModelChoice& choice);
  void unload();
  void reset();
  void run(const cosystudio::ui::JobSpec& job);
  // Computes the clip's features and stores them as a voice file.
  void saveVoice(const cosystudio::ui::PromptClip& clip, const QString& transcript, const QString& file);
  // Frees the engine on its own thread before the thread ends.
  void shutdown();

 signals:
  void loadStep(const QString& what);
  // GPU `index`, chosen for the load, cannot be used (`problem`): the CPU is used instead.
  void gpuUnavailable(int index, const QString& problem);
  void loaded(double seconds);
  // `previousKept`: the model loaded before is loaded again (Engine's ModelKept).
  void loadFailed(const QString& message, bool previousKept);
  void unloaded();
  void resetDone(const cosystudio::ResetReport& report);
  void resetFailed(const QString& message);
  void jobStarted(quint64 id);
  void jobProgress(quint64 id, const cosystudio::Progress& progress);
  void jobAudio(quint64 id, const QVector<float>& samples, int sampleRate);
  void jobFinished(const cosystudio::ui::Take& take);
  void jobFailed(quint64 id, const QString& message, bool cancelled);
  // The watchdog stopped segment `segment` (0-based) of `job`.
  void jobRanAway(const cosystudio::ui::JobSpec& job, int segment, const QString& message);
  void voiceSaved(const QString& file);
  void voiceFailed(const QString& file, const QString& message);
  // An unrecoverable device error: only a new process can continue.
  void poisoned(const QString& message);

 private:
  Engine& engine();
  Voice voiceFor(const JobSpec& job);
  void reportIfPoisoned(const QString& message);
  void warmUpOnGpu();

  std::unique_ptr<Engine> engine_;
  // The job cancelled last, which its shouldStop compares with its own id;
  // cleared when that job ends, so that a job a reset put back runs again.
  std::atomic<quint64> cancelledJob_{0};
  // Prepared voices by voice file, or by the clip's digest and the transcript.
  RecentCache<QString, Voice> voices_{kCachedVoices, kCachedVoiceBytes};
};

}  // namespace cosystudio::ui
