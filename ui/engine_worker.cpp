#include "engine_worker.h"

#include "engine_messages.h"

#include <QElapsedTimer>

namespace cosystudio::ui {

namespace {

std::filesystem::path toPath(const QString& path) {
  return std::filesystem::path(path.toStdString());
}

QString fromUtf8(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {}

EngineWorker::~EngineWorker() = default;

// Created lazily so that it belongs to the worker thread, as the engine requires.
Engine& EngineWorker::engine() {
  if (!engine_) engine_ = std::make_unique<Engine>();
  return *engine_;
}

void EngineWorker::load(const ModelChoice& choice) {
  QElapsedTimer timer;
  timer.start();
  try {
    voices_.clear();  // features depend on the model
    LoadOptions options;
    options.modelFolder = toPath(choice.folder);
    options.device = choice.device;
    options.precision = choice.precision;
    // Looked for here, off the GUI thread (finding CUDA takes seconds): a GPU
    // chosen once and gone since loads the model on the CPU.
    if (options.device.kind == DeviceKind::Cuda) {
      QString problem = tr("it is missing");
      for (const DeviceInfo& info : availableDevices())
        if (info.device.kind == DeviceKind::Cuda && info.device.index == options.device.index)
          problem = fromUtf8(info.problem);
      if (!problem.isEmpty()) {
        options.device = Device{};
        options.precision = Precision::Float32;
        emit gpuUnavailable(choice.device.index, problem);
      }
    }
    options.llmCheckpoint = choice.llmCheckpoint.toStdString();
    options.cpuThreads = choice.cpuThreads;
    engine().load(options, [this](const std::string& step) { emit loadStep(fromUtf8(step)); });
    warmUpOnGpu();
    emit loaded(timer.elapsed() / 1000.0);
  } catch (const ModelKept& e) {
    emit loadFailed(errorText(e), true);
  } catch (const std::exception& e) {
    emit loadFailed(errorText(e), false);
    reportIfPoisoned(errorText(e));
  }
}

void EngineWorker::unload() {
  voices_.clear();
  if (engine_) engine_->unload();
  emit unloaded();
}

void EngineWorker::reset() {
  try {
    // Prepared voices may hold device memory: drop them before the reset measures.
    voices_.clear();
    const ResetReport report = engine().reset();
    warmUpOnGpu();
    emit resetDone(report);
  } catch (const std::exception& e) {
    emit resetFailed(errorText(e));
    reportIfPoisoned(errorText(e));
  }
}

// On the CPU the first request's setup is small next to its synthesis time;
// on a GPU it is most of the first request.
void EngineWorker::warmUpOnGpu() {
  if (engine().options().device.kind != DeviceKind::Cuda) return;
  emit loadStep(tr("Warming up"));
  engine().warmUp();
}

void EngineWorker::shutdown() {
  voices_.clear();
  engine_.reset();
}

Voice EngineWorker::voiceFor(const JobSpec& job) {
  if (!job.voiceFile.isEmpty()) {
    if (const Voice* kept = voices_.find(job.voiceFile)) return *kept;
    const Voice loaded = Voice::load(toPath(job.voiceFile));
    return voices_.insert(job.voiceFile, loaded, loaded.bytes());
  }
  PromptClip clip = job.clip;
  // A job read back from disk carries where its clip was cut from, not the samples.
  if (!clip.isLoaded()) {
    QString error;
    if (!loadPromptClip(clip, &error)) throw std::runtime_error(error.toStdString());
  }
  if (clip.digest.isEmpty()) clip.digest = promptClipDigest(clip.samples, clip.sampleRate);
  const QString key = QStringLiteral("clip ") + QString::fromLatin1(clip.digest.toHex()) + QLatin1Char('\n') +
                      job.transcript;
  if (const Voice* kept = voices_.find(key)) return *kept;
  const Voice prepared = engine().prepareVoice(engineClip(clip), job.transcript.toStdString());
  return voices_.insert(key, prepared, prepared.bytes());
}

void EngineWorker::run(const JobSpec& job) {
  emit jobStarted(job.id);
  const auto shouldStop = [this, id = job.id] { return cancelledJob_.load() == id; };
  try {
    if (shouldStop()) throw Cancelled();  // cancelled while it waited: no voice is prepared for it
    SynthesisRequest request;
    request.mode = job.mode;
    request.text = job.text.toStdString();
    request.instruction = job.instruction.toStdString();
    request.speed = job.speed;
    request.seed = job.seed;
    request.stream = job.stream;
    request.normalize = job.normalize;
    request.readNumbers = job.readNumbers;
    request.segmentTimeLimitSeconds = job.segmentTimeLimitSeconds;
    if (job.mode == Mode::VoiceConversion) request.sourceClip = toPath(job.sourceClipPath);
    request.voice = voiceFor(job);

    SynthesisCallbacks callbacks;
    callbacks.shouldStop = shouldStop;
    callbacks.onProgress = [this, &job](const Progress& p) { emit jobProgress(job.id, p); };
    if (job.stream)
      callbacks.onAudio = [this, &job](const AudioChunk& chunk) {
        emit jobAudio(job.id, QVector<float>(chunk.samples.begin(), chunk.samples.end()),
                      chunk.sampleRate);
      };
    const MemoryStats memoryBefore = engine().memory();
    const SynthesisResult result = engine().synthesize(request, callbacks);

    Take take;
    take.jobId = job.id;
    take.spec = job;
    take.memoryBefore = memoryBefore;
    take.memoryAfter = engine().memory();
    take.samples = QVector<float>(result.samples.begin(), result.samples.end());
    take.sampleRate = result.sampleRate;
    for (const SegmentResult& segment : result.segments) {
      TakeSegment& kept = take.segments.emplace_back();
      kept.text = fromUtf8(segment.text);
      kept.samples = QVector<float>(segment.samples.begin(), segment.samples.end());
      kept.speechTokens = segment.speechTokens;
      for (const std::string& warning : segment.warnings) kept.warnings << fromUtf8(warning);
    }
    take.seed = result.seed;
    take.modelFolder = fromUtf8(engine().options().modelFolder.string());
    take.llmCheckpoint = fromUtf8(engine().options().llmCheckpoint);
    take.firstAudioSeconds = result.firstAudioSeconds;
    take.totalSeconds = result.totalSeconds;
    take.realTimeFactor = result.realTimeFactor();
    take.created = QDateTime::currentDateTime();
    emit jobFinished(take);
  } catch (const Cancelled&) {
    emit jobFailed(job.id, tr("Cancelled"), true);
  } catch (const RunawaySegment& e) {
    emit jobRanAway(job, e.segment(), errorText(e));
  } catch (const std::exception& e) {
    emit jobFailed(job.id, errorText(e), false);
    reportIfPoisoned(errorText(e));
  }
  // The cancel is spent: a job put back in the queue (by a reset) runs again.
  // Only this job's: a cancel of the next one may already have come.
  quint64 spent = job.id;
  cancelledJob_.compare_exchange_strong(spent, 0);
}

void EngineWorker::saveVoice(const PromptClip& clip, const QString& transcript, const QString& file) {
  try {
    PromptClip cut = clip;
    QString error;
    if (!cut.isLoaded() && !loadPromptClip(cut, &error)) throw std::runtime_error(error.toStdString());
    engine().prepareVoice(engineClip(cut), transcript.toStdString()).save(toPath(file));
    emit voiceSaved(file);
  } catch (const std::exception& e) {
    emit voiceFailed(file, errorText(e));
    reportIfPoisoned(errorText(e));
  }
}

void EngineWorker::reportIfPoisoned(const QString& message) {
  if (engine_ && engine_->isPoisoned()) emit poisoned(message);
}

}  // namespace cosystudio::ui

#include "moc_engine_worker.cpp"
