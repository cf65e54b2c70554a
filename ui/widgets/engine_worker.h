// The engine's home thread. An EngineWorker owns the cosystudio::Engine and is
// only ever called through queued slots, so the window never waits on it. It
// declares no signals: each event is declared once, as an EngineSession signal,
// and the worker reports to its session on the session's thread (report()).
#pragma once

#include "job.h"

#include "cosystudio/recent_cache.h"
#include "cosystudio/script.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace cosystudio::ui {

class EngineSession;

class EngineWorker : public QObject {
  Q_OBJECT

 public:
  // `session` outlives the worker's thread: its destructor waits for the thread to end.
  explicit EngineWorker(EngineSession* session);
  ~EngineWorker() override;

  // Thread-safe: job `id` stops within one token or flow step, or does not
  // start if it has not yet.
  void cancel(quint64 id) { cancelledJob_ = id; }

 public slots:
  void load(const cosystudio::ui::ModelChoice& choice);
  void unload();
  void reset();
  void run(const cosystudio::ui::JobSpec& job);
  // How alike `samples` and `voice` sound, for a program (the window's server).
  void compareSpeaker(quint64 id, const std::vector<float>& samples, int sampleRate, const cosystudio::Voice& voice);
  // Computes the clip's features and stores them as a voice file.
  void saveVoice(const cosystudio::ui::PromptClip& clip, const QString& transcript, const QString& file);
  // Frees the engine on its own thread before the thread ends.
  void shutdown();

 private:
  Engine& engine();
  // What makes the speech: this computer's engine, or a server's (ModelChoice::server).
  SpeechMaker& speech();
  // How the takes are made, for what keeps them apart (job parts, a chapter's
  // paragraphs) and describes them: the model's folder and how it runs, or
  // the server's address and its model's precision.
  LoadOptions madeWith();
  void connectToServer(const ModelChoice& choice);
  Voice voiceFor(const JobSpec& job);
  Voice savedVoice(const QString& file);
  // The recogniser `job` listens back with (JobSpec::listening); null when it does not.
  const Recognizer* listener(const JobSpec& job);
  ScriptListening listening(const JobSpec& job);
  Take renderText(const JobSpec& job, SynthesisCallbacks callbacks);
  void describe(Take& take, const JobSpec& job);
  // Progress of a job made in parts (a script's lines, a dubbing's cues): it
  // counts `parts` instead of segments; the function returned says which part is under way.
  std::function<void(int part)> countPartsInProgress(SynthesisCallbacks& callbacks, quint64 id, int parts);
  static Take scriptTake(const JobSpec& job, const Script& script, const ScriptResult& result);
  Take renderScriptJob(const JobSpec& job, SynthesisCallbacks callbacks);
  Take renderChapterJob(const JobSpec& job, SynthesisCallbacks callbacks);
  Take renderDubbingJob(const JobSpec& job, SynthesisCallbacks callbacks);
  void reportIfPoisoned(const QString& message);
  void warmUpOnGpu();
  // Runs `event` on the session's thread, after every report posted before it
  // (queued calls to one receiver keep their order, as queued signals did). A
  // report still waiting when the session is destroyed is dropped with it.
  void report(std::function<void(EngineSession&)> event);

  EngineSession* const session_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<services::RemoteSpeech> remote_;  // set while a server's engine is in use
  LoadOptions remoteOptions_;
  std::shared_ptr<const Recognizer> recognizer_;
  QString recognizerFolder_;
  // The job cancelled last, which its shouldStop compares with its own id;
  // cleared when that job ends, so that a job a reset put back runs again.
  std::atomic<quint64> cancelledJob_{0};
  // Prepared voices by voice file, or by the clip's digest and the transcript.
  RecentCache<QString, Voice> voices_{kCachedVoices, kCachedVoiceBytes};
};

}  // namespace cosystudio::ui
