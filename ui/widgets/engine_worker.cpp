#include "engine_worker.h"

#include "dubbing_job.h"
#include "engine_messages.h"
#include "engine_session.h"
#include "job_parts.h"
#include "segment_check.h"
#include "shared_recognizer.h"

#include "cosystudio/check_json.h"

#include "services/app_data.h"
#include "services/book/chapter_lines.h"
#include "services/server/voice_cache.h"

#include <QElapsedTimer>

namespace cosystudio::ui {

namespace {

std::filesystem::path toPath(const QString& path) {
  return std::filesystem::path(path.toStdString());
}

QString fromUtf8(const std::string& text) { return QString::fromStdString(text); }

// A job read back from disk carries where its clip was cut from, not the
// samples: they are cut again (and checked to be the same) here.
PromptClip withSamples(PromptClip clip) {
  QString error;
  if (!clip.isLoaded() && !loadPromptClip(clip, &error)) throw std::runtime_error(error.toStdString());
  return clip;
}

}  // namespace

EngineWorker::EngineWorker(EngineSession* session) : session_(session) {}

EngineWorker::~EngineWorker() = default;

// The session is the context object: Qt drops a call still queued when it is
// destroyed, so no report reaches a deleted session.
void EngineWorker::report(std::function<void(EngineSession&)> event) {
  QMetaObject::invokeMethod(
      session_, [session = session_, event = std::move(event)] { event(*session); }, Qt::QueuedConnection);
}

// Created lazily so that it belongs to the worker thread, as the engine requires.
Engine& EngineWorker::engine() {
  if (!engine_) engine_ = std::make_unique<Engine>();
  return *engine_;
}

SpeechMaker& EngineWorker::speech() {
  if (remote_) return *remote_;
  return engine();
}

LoadOptions EngineWorker::madeWith() { return remote_ ? remoteOptions_ : engine().options(); }

// Nothing is loaded here: the server is asked whether it speaks this API and
// has its model loaded. Made on this thread, as its network calls are.
void EngineWorker::connectToServer(const ModelChoice& choice) {
  if (engine_) engine_->unload();  // the memory a model here held is not needed now
  remote_.reset();
  report([what = tr("Connecting to %1").arg(choice.engineName())](EngineSession& s) { emit s.loadStep(what); });
  auto remote = std::make_unique<services::RemoteSpeech>(choice.server);
  const services::RemoteInfo info = remote->connect();
  if (!info.modelLoaded)
    throw std::runtime_error(tr("The CosyStudio server at %1 has no model loaded yet: try again once it has")
                                 .arg(choice.engineName())
                                 .toStdString());
  remoteOptions_ = LoadOptions{};
  remoteOptions_.modelFolder = toPath(choice.engineName());
  remoteOptions_.precision = info.precision;
  remote_ = std::move(remote);
}

void EngineWorker::load(const ModelChoice& choice) {
  QElapsedTimer timer;
  timer.start();
  try {
    voices_.clear();  // features depend on the model
    if (choice.isRemote()) {
      connectToServer(choice);
      report([seconds = timer.elapsed() / 1000.0](EngineSession& s) { s.onLoaded(seconds); });
      return;
    }
    remote_.reset();
    LoadOptions options;
    options.modelFolder = toPath(choice.folder);
    options.device = choice.device;
    options.precision = choice.precision;
    // Looked for here, off the GUI thread (finding CUDA takes seconds): a GPU
    // chosen once and gone since loads the model on the CPU.
    if (options.device.kind == DeviceKind::Cuda) {
      const QString problem = fromUtf8(deviceProblem(options.device));
      if (!problem.isEmpty()) {
        options.device = Device{};
        options.precision = defaultPrecision(options.device);
        report([index = choice.device.index, problem](EngineSession& s) { s.onGpuUnavailable(index, problem); });
      }
    }
    options.llmCheckpoint = choice.llmCheckpoint.toStdString();
    options.cpuThreads = choice.cpuThreads;
    engine().load(options, [this](const std::string& step) {
      report([what = fromUtf8(step)](EngineSession& s) { emit s.loadStep(what); });
    });
    warmUpOnGpu();
    report([seconds = timer.elapsed() / 1000.0](EngineSession& s) { s.onLoaded(seconds); });
  } catch (const ModelKept& e) {
    report([message = errorText(e)](EngineSession& s) { s.onLoadFailed(message, true); });
  } catch (const std::exception& e) {
    report([message = errorText(e)](EngineSession& s) { s.onLoadFailed(message, false); });
    reportIfPoisoned(errorText(e));
  }
}

void EngineWorker::unload() {
  voices_.clear();
  remote_.reset();
  if (engine_) engine_->unload();
  report([](EngineSession& s) { s.onUnloaded(); });
}

void EngineWorker::reset() {
  try {
    // Prepared voices may hold device memory: drop them before the reset measures.
    voices_.clear();
    if (remote_) {
      const ResetReport done = remote_->reset();  // where it runs; it warms up as its own requests need
      report([done](EngineSession& s) { s.onResetDone(done); });
      return;
    }
    const ResetReport done = engine().reset();
    warmUpOnGpu();
    report([done](EngineSession& s) { s.onResetDone(done); });
  } catch (const std::exception& e) {
    report([message = errorText(e)](EngineSession& s) { s.onResetFailed(message); });
    reportIfPoisoned(errorText(e));
  }
}

// On the CPU the first request's setup is small next to its synthesis time;
// on a GPU it is most of the first request.
void EngineWorker::warmUpOnGpu() {
  if (engine().options().device.kind != DeviceKind::Cuda) return;
  report([what = tr("Warming up")](EngineSession& s) { emit s.loadStep(what); });
  engine().warmUp();
}

void EngineWorker::shutdown() {
  recognizer_.reset();
  voices_.clear();
  remote_.reset();
  engine_.reset();
}

Voice EngineWorker::savedVoice(const QString& file) {
  if (const Voice* kept = voices_.find(file)) return *kept;
  const Voice loaded = Voice::load(toPath(file));
  return voices_.insert(file, loaded, loaded.bytes());
}

Voice EngineWorker::voiceFor(const JobSpec& job) {
  if (!job.voiceFile.isEmpty()) return savedVoice(job.voiceFile);
  PromptClip clip = withSamples(job.clip);
  if (clip.digest.isEmpty()) clip.digest = promptClipDigest(clip.samples, clip.sampleRate);
  const QString key = QStringLiteral("clip ") + QString::fromLatin1(clip.digest.toHex()) + QLatin1Char('\n') +
                      job.transcript;
  if (const Voice* kept = voices_.find(key)) return *kept;
  const Voice prepared = speech().prepareVoice(engineClip(clip), job.transcript.toStdString());
  return voices_.insert(key, prepared, prepared.bytes());
}

namespace {

TakeSegment checkedSegment(const SegmentResult& segment, const std::optional<SegmentCheck>& check) {
  TakeSegment kept = takeSegment(segment);
  if (check && !check->tries.empty()) {
    kept.check = takeCheck(*check);
    // A retake was kept: the seed it was made with, as a segment made again shows it.
    if (check->kept > 0) kept.regeneratedSeed = check->tries[check->kept].seed;
  }
  return kept;
}

}  // namespace

// Loaded here, on the engine's thread, the first time a job listens (seconds),
// and kept for the next: shared with the recogniser's own thread (shared_recognizer.h).
const Recognizer* EngineWorker::listener(const JobSpec& job) {
  // A server's take is heard here and its speaker compared there (RemoteSpeech::speakerSimilarity).
  const bool listens = job.listening.check && job.settings.mode != Mode::VoiceConversion && !job.isDubbing();
  if (!listens) return nullptr;
  if (!recognizer_ || recognizerFolder_ != job.listening.recognizerFolder) {
    recognizer_.reset();
    recognizer_ = sharedRecognizer(job.listening.recognizerFolder);
    recognizerFolder_ = job.listening.recognizerFolder;
  }
  return recognizer_.get();
}

Take EngineWorker::renderText(const JobSpec& job, SynthesisCallbacks callbacks) {
  if (!job.partsFolder.isEmpty()) JobParts(job, madeWith()).keepSegments(callbacks);
  SynthesisRequest request;
  request.text = job.text.toStdString();
  request.instruction = job.instruction.toStdString();
  if (job.settings.mode == Mode::VoiceConversion)
    request.sourceClip = job.sourceClipPath.endsWith(QLatin1String(services::kVoiceSuffix))
                             ? services::clipOf(savedVoice(job.sourceClipPath))  // sent to the window's server
                             : audio::loadClip(toPath(job.sourceClipPath));
  // The model's own text of one segment (made again, or sent so by a program).
  request.textIsSegment = job.replacesSegment >= 0 || job.textIsSegment;
  request.onlySegment = job.onlySegment;
  request.voice = voiceFor(job);
  SynthesisResult result;
  std::vector<SegmentCheck> checks;
  QByteArray servedCheck;
  if (const Recognizer* recognizer = listener(job)) {
    CheckedSynthesis checked = synthesizeChecked(speech(), *recognizer, request, job.settings,
                                                 job.listening.thresholds, job.listening.retakes, callbacks);
    if (job.served) servedCheck = QByteArray::fromStdString(checkFiguresJson(checked, job.servedCheckBytes));
    result = std::move(checked.result);
    checks = std::move(checked.checks);
  } else {
    result = speech().synthesize(request, job.settings, callbacks);
  }

  Take take;
  take.samples = QVector<float>(result.samples.begin(), result.samples.end());
  take.sampleRate = result.sampleRate;
  for (std::size_t i = 0; i < result.segments.size(); ++i)
    take.segments << checkedSegment(result.segments[i], i < checks.size() ? std::optional(checks[i]) : std::nullopt);
  take.seed = result.seed;
  take.servedCheck = servedCheck;
  take.firstAudioSeconds = result.firstAudioSeconds;
  take.totalSeconds = result.totalSeconds;
  take.realTimeFactor = result.realTimeFactor();
  return take;
}

std::function<void(int)> EngineWorker::countPartsInProgress(SynthesisCallbacks& callbacks, quint64 id, int parts) {
  auto part = std::make_shared<int>(0);
  callbacks.onProgress = [this, id, part, parts](Progress p) {
    p.segment = *part;
    p.segmentCount = parts;
    report([id, p](EngineSession& s) { emit s.jobProgress(id, p); });
  };
  return [part](int index) { *part = index; };
}

// A script's take; `script` is what was rendered, whose cast, where it has
// more than one voice, names each segment's speaker.
Take EngineWorker::scriptTake(const JobSpec& job, const Script& script, const ScriptResult& result) {
  Take take;
  take.samples = QVector<float>(result.samples.begin(), result.samples.end());
  take.sampleRate = result.sampleRate;
  for (std::size_t i = 0; i < result.segments.size(); ++i) {
    const ScriptSegment& placed = result.segments[i];
    TakeSegment kept = checkedSegment(placed.result, placed.check);
    kept.warnings.clear();  // named by their line, not by the segment's place in the line's request
    for (const std::string& warning : placed.warnings()) kept.warnings << fromUtf8(warning);
    if (!script.cast.empty()) kept.speaker = fromUtf8(placed.speaker);
    kept.line = placed.line;
    if (i > 0 && result.segments[i - 1].speaker != placed.speaker) kept.pauseBefore = script.speakerPauseSeconds;
    if (placed.seed != job.settings.seed && !kept.regeneratedSeed) kept.regeneratedSeed = placed.seed;  // the line's own seed
    take.segments << kept;
  }
  take.seed = job.settings.seed;
  take.totalSeconds = result.totalSeconds;
  take.realTimeFactor = result.realTimeFactor();
  return take;
}

ScriptListening EngineWorker::listening(const JobSpec& job) {
  return {listener(job), job.listening.thresholds, job.listening.retakes};
}

Take EngineWorker::renderScriptJob(const JobSpec& job, SynthesisCallbacks callbacks) {
  std::map<std::string, Voice> voices;
  for (const CastMember& member : job.script().cast)
    voices.emplace(member.name, savedVoice(fromUtf8(member.voiceFile.string())));
  // Progress counts the script's lines: a line is one request of one or a few segments.
  const auto onLine = countPartsInProgress(callbacks, job.id, int(job.script().lines.size()));
  callbacks.onAudio = {};  // the pauses between speakers exist only in the joined take
  const ScriptLineStore kept = job.partsFolder.isEmpty() ? ScriptLineStore{} : JobParts(job, madeWith()).lineStore();
  return scriptTake(job, job.script(),
                    renderScript(speech(), job.script(), voices, job.settings, callbacks, onLine, kept, listening(job)));
}

// A book chapter is made as `cosystudio-cli book` makes it, a paragraph a
// line, and each paragraph is kept beside the book as it is made, so that a
// chapter stopped halfway (a cancel, a quit) resumes at the paragraph it
// stopped in.
Take EngineWorker::renderChapterJob(const JobSpec& job, SynthesisCallbacks callbacks) {
  const Script script = services::chapterScript(job.text.toStdString(), job.instruction.toStdString());
  const std::map<std::string, Voice> voices{{services::kChapterVoice, voiceFor(job)}};
  const auto onLine = countPartsInProgress(callbacks, job.id, int(script.lines.size()));
  callbacks.onAudio = {};
  const services::ChapterLines lines(toPath(job.chapter().folder), job.chapter().number, job.chapter().renderKey.toStdString(),
                           madeWith().precision);
  return scriptTake(job, script,
                    renderScript(speech(), script, voices, job.settings, callbacks, onLine, lines.store(),
                                 listening(job)));
}

// Progress counts the cues; the speed change needs each cue whole, so nothing streams.
Take EngineWorker::renderDubbingJob(const JobSpec& job, SynthesisCallbacks callbacks) {
  const Voice voice = voiceFor(job);
  const auto onCue = countPartsInProgress(callbacks, job.id, int(job.dubbing().cues.size()));
  callbacks.onAudio = {};
  const DubbingCueStore kept = job.partsFolder.isEmpty() ? DubbingCueStore{} : JobParts(job, madeWith()).cueStore();
  const DubbedTrack track =
      renderDubbing(speech(), job.dubbing().cues, voice, job.settings, dubbingOptions(job), callbacks, onCue, kept);
  return dubbedTake(job, track);
}

// What a take is of: the job, and the model that made it.
void EngineWorker::describe(Take& take, const JobSpec& job) {
  take.jobId = job.id;
  take.spec = job;
  const LoadOptions made = madeWith();
  take.modelFolder = fromUtf8(made.modelFolder.string());
  take.llmCheckpoint = fromUtf8(made.llmCheckpoint);
  take.created = QDateTime::currentDateTime();
}

void EngineWorker::run(const JobSpec& job) {
  const auto shouldStop = [this, id = job.id] { return cancelledJob_.load() == id; };
  try {
    if (shouldStop()) throw Cancelled();  // cancelled while it waited: no voice is prepared for it
    SynthesisCallbacks callbacks;
    callbacks.shouldStop = shouldStop;
    callbacks.onProgress = [this, id = job.id](const Progress& p) {
      report([id, p](EngineSession& s) { emit s.jobProgress(id, p); });
    };
    if (job.settings.stream)
      callbacks.onAudio = [this, id = job.id](const AudioChunk& chunk) {
        report([id, chunk](EngineSession& s) { emit s.jobAudio(id, chunk); });
      };
    // A server's memory is its own: this computer's is shown as it was.
    const MemoryStats memoryBefore = remote_ ? MemoryStats{} : engine().memory();
    Take take = job.isDubbing()   ? renderDubbingJob(job, callbacks)
                : job.isScript()  ? renderScriptJob(job, callbacks)
                : job.isChapter() ? renderChapterJob(job, callbacks)
                                  : renderText(job, callbacks);
    describe(take, job);
    take.memoryBefore = memoryBefore;
    take.memoryAfter = remote_ ? MemoryStats{} : engine().memory();
    report([take = std::move(take)](EngineSession& s) { s.onJobFinished(take); });
  } catch (const Cancelled&) {
    // What it made so far is a take of its own, which can be resumed.
    std::optional<Take> partial = job.partsFolder.isEmpty() ? std::nullopt : JobParts::keptTake(job.partsFolder);
    if (partial) describe(*partial, job);
    report([id = job.id, message = tr("Cancelled"), partial = std::move(partial)](EngineSession& s) {
      s.onJobFailed(id, message, true, partial);
    });
  } catch (const RunawaySegment& e) {
    report([job, segment = e.segment(), message = errorText(e)](EngineSession& s) {
      s.onJobRanAway(job, segment, message);
    });
  } catch (const std::exception& e) {
    report([id = job.id, message = errorText(e)](EngineSession& s) { s.onJobFailed(id, message, false); });
    reportIfPoisoned(errorText(e));
  }
  // The cancel is spent: a job put back in the queue (by a reset) runs again.
  // Only this job's: a cancel of the next one may already have come.
  quint64 spent = job.id;
  cancelledJob_.compare_exchange_strong(spent, 0);
}

void EngineWorker::saveVoice(const PromptClip& clip, const QString& transcript, const QString& file) {
  try {
    speech().prepareVoice(engineClip(withSamples(clip)), transcript.toStdString()).save(toPath(file));
    report([file](EngineSession& s) { emit s.voiceSaved(file); });
  } catch (const std::exception& e) {
    report([file, message = errorText(e)](EngineSession& s) { emit s.voiceFailed(file, message); });
    reportIfPoisoned(errorText(e));
  }
}

void EngineWorker::compareSpeaker(quint64 id, const std::vector<float>& samples, int sampleRate, const Voice& voice) {
  try {
    const double similarity = speech().speakerSimilarity(samples, sampleRate, voice);
    report([id, similarity](EngineSession& s) { emit s.speakerCompared(id, similarity); });
  } catch (const std::exception& e) {
    report([id, message = errorText(e)](EngineSession& s) { emit s.comparisonFailed(id, message); });
    reportIfPoisoned(errorText(e));
  }
}

void EngineWorker::reportIfPoisoned(const QString& message) {
  if (engine_ && engine_->isPoisoned()) report([message](EngineSession& s) { s.onPoisoned(message); });
}

}  // namespace cosystudio::ui

#include "moc_engine_worker.cpp"
