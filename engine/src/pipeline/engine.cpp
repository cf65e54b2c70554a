// Engine: the model's lifecycle (load, unload, in-process reset), voices and
// synthesis requests, and the handling of device failures.
#include "cosystudio/engine.h"

#include "cosystudio/audio/crossfade.h"
#include "cosystudio/recent_cache.h"
#include "cosystudio/request_rules.h"

#include "core/cuda_graphs.h"
#include "core/torch_compat.h"
#include "pipeline/model.h"
#include "pipeline/synthesizer.h"
#include "pipeline/voice_data.h"
#include "pipeline/voice_features.h"
#include "runtime/device_errors.h"

#include <c10/core/InferenceMode.h>

#include <chrono>
#include <cmath>
#include <map>
#include <sstream>

namespace cosystudio {

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

double SynthesisResult::realTimeFactor() const {
  const double audioSeconds = sampleRate > 0 ? double(samples.size()) / sampleRate : 0.0;
  return audioSeconds > 0 ? totalSeconds / audioSeconds : 0.0;
}

void SynthesisResult::joinSegments() {
  samples.clear();
  for (const SegmentResult& segment : segments)
    audio::appendWithCrossfade(samples, segment.samples.data(), segment.samples.size(), sampleRate);
}

std::vector<std::string> SynthesisResult::warnings() const {
  std::vector<std::string> all;
  for (const SegmentResult& segment : segments) all.insert(all.end(), segment.warnings.begin(), segment.warnings.end());
  return all;
}

struct Engine::Impl {
  LoadOptions options;
  std::unique_ptr<Model> model;
  // Device copies of the voices used last (the entry keeps its Data, so the
  // key stays unique while kept); dropped with the model.
  RecentCache<const VoiceData*, std::pair<std::shared_ptr<const VoiceData>, VoiceFeatures>> voiceCache{
      kCachedVoices, kCachedVoiceBytes};
  bool poisoned = false;

  // The GPU the model runs on, or -1 on the CPU.
  int cudaIndex() const { return options.device.kind == DeviceKind::Cuda ? options.device.index : -1; }

  void requireUsable() const {
    if (poisoned)
      throw EngineError(
          COSYSTUDIO_MESSAGE("Engine", "the GPU reported an unrecoverable error; restart CosyStudio to use it again"));
    if (!model) throw EngineError(COSYSTUDIO_MESSAGE("Engine", "no model is loaded"));
  }

  // Runs `work` and turns device failures into engine states: out of memory
  // releases the cache and retries once with `retry`; sticky CUDA errors
  // poison the engine.
  template <typename F, typename R>
  auto guarded(const UserMessage& what, F&& work, R&& retry) {
    try {
      try {
        return work();
      } catch (const c10::Error& e) {
        if (classifyDeviceError(e) != DeviceFailure::OutOfMemory) throw;
        compat::releaseCudaCache(cudaIndex());
        return retry();
      }
    } catch (const Cancelled&) {
      throw;
    } catch (const c10::Error& e) {
      const DeviceFailure failure = classifyDeviceError(e);
      if (failure == DeviceFailure::Unrecoverable) {
        poisoned = true;
        throw EngineError({COSYSTUDIO_MESSAGE("Engine",
                                              "the GPU failed while %1 and cannot be used again in this process; "
                                              "restart CosyStudio"),
                           {what}});
      }
      if (failure == DeviceFailure::OutOfMemory) {
        compat::releaseCudaCache(cudaIndex());
        throw EngineError({COSYSTUDIO_MESSAGE("Engine",
                                              "out of GPU memory while %1; the engine is still usable: try a "
                                              "shorter text, the CPU, or Reset engine"),
                           {what}});
      }
      throw EngineError({COSYSTUDIO_MESSAGE("Engine", "failed while %1: %2"),
                         {what, std::string(e.what_without_backtrace())}});
    } catch (const EngineError&) {
      throw;
    } catch (const UserError& e) {
      throw EngineError(e.message());
    } catch (const std::exception& e) {
      throw EngineError(std::string(e.what()));
    }
  }
  template <typename F>
  auto guarded(const UserMessage& what, F&& work) {
    return guarded(what, work, work);
  }

  const VoiceFeatures& featuresOf(const Voice& voice) {
    const auto& data = VoiceInternals::data(voice);
    if (const auto* kept = voiceCache.find(data.get())) return kept->second;
    std::shared_ptr<const VoiceData> current = data;
    // Features computed by other front-end models are rebuilt from the clip.
    if (data->modelFingerprint != model->fingerprint)
      current = std::make_shared<VoiceData>(computeVoiceData(*model, voiceClip(*data), data->transcript));
    VoiceFeatures features = voiceFeatures(*current, model->device);
    const std::size_t bytes = voice.bytes() + features.bytes();
    return voiceCache.insert(data.get(), std::make_pair(data, std::move(features)), bytes).second;
  }
};

Engine::Engine() : impl_(std::make_unique<Impl>()) {}
Engine::~Engine() = default;

void Engine::load(const LoadOptions& options, const std::function<void(const std::string&)>& onStep) {
  if (impl_->poisoned) impl_->requireUsable();
  const auto problems = checkModelFolder(options.modelFolder);
  if (!problems.empty()) {
    std::ostringstream message;
    message << "the model folder " << options.modelFolder.string() << " cannot be used:";
    for (const auto& p : problems) message << "\n  " << p.file << ": " << p.message;
    throw EngineError(message.str());
  }
  LoadOptions chosen = options;
  chosen.llmCheckpoint = chooseLlmCheckpoint(options.modelFolder, options.llmCheckpoint);
  // Memory holds one model at a time: the one loaded now goes first, and comes
  // back when the new one fails (a file that passes the folder check can still
  // be corrupt), so a bad download never leaves the user with nothing.
  std::optional<LoadOptions> previous;
  if (impl_->model) previous = impl_->options;
  unload();
  try {
    loadModel(chosen, onStep);
  } catch (const EngineError& e) {
    if (!previous || impl_->poisoned) throw;
    try {
      loadModel(*previous, {});
    } catch (const EngineError&) {
      throw e;
    }
    throw ModelKept(e.message());
  }
}

void Engine::loadModel(const LoadOptions& options, const std::function<void(const std::string&)>& onStep) {
  setCpuThreads(options.cpuThreads);
  compat::requireExactFloat32();
  impl_->options = options;
  impl_->model = impl_->guarded(COSYSTUDIO_MESSAGE("Engine", "loading the model"), [&] {
    c10::InferenceMode inference;
    return std::make_unique<Model>(options, onStep);
  });
  // Parsing the checkpoints leaves freed scratch (file records, pickle
  // frames) in the heap; hand it back so the reported RSS is the model's.
  releaseHostMemory();
}

void Engine::unload() {
  impl_->voiceCache.clear();
  impl_->model.reset();
  compat::releaseCudaCacheAndWorkspaces(impl_->cudaIndex());
  compat::setCudaGraphFailure({});  // the graphs went with the model; the next one records its own
  releaseHostMemory();
}

ResetReport Engine::reset() {
  impl_->requireUsable();
  ResetReport report;
  const Device device = impl_->options.device;
  report.before = sampleMemory(device);
  auto start = std::chrono::steady_clock::now();
  unload();
  report.afterTeardown = sampleMemory(device);
  report.teardownSeconds = secondsSince(start);
  start = std::chrono::steady_clock::now();
  load(impl_->options);
  report.afterReload = sampleMemory(device);
  report.reloadSeconds = secondsSince(start);
  return report;
}

double Engine::warmUp() {
  impl_->requireUsable();
  const auto start = std::chrono::steady_clock::now();
  // 3 s of a quiet gliding tone: enough for every front-end model to run.
  audio::Clip clip;
  clip.sampleRate = 16000;
  clip.channels.assign(1, std::vector<float>(size_t(3 * clip.sampleRate)));
  double phase = 0;
  for (size_t i = 0; i < clip.channels[0].size(); ++i) {
    phase += 2 * M_PI * (150.0 + 100.0 * double(i) / double(clip.channels[0].size())) / clip.sampleRate;
    clip.channels[0][i] = 0.1f * float(std::sin(phase));
  }
  impl_->guarded(COSYSTUDIO_MESSAGE("Engine", "warming up"), [&] {
    c10::InferenceMode inference;
    const auto data = std::make_shared<VoiceData>(computeVoiceData(*impl_->model, clip, {}));
    SynthesisRequest request;
    request.text = "Hello.";
    request.voice = VoiceInternals::wrap(data);
    SynthesisSettings settings;
    settings.mode = Mode::CrossLingual;
    Synthesizer(*impl_->model).run(request, settings, voiceFeatures(*data, impl_->model->device), {});
  });
  return secondsSince(start);
}

bool Engine::isLoaded() const { return impl_->model != nullptr; }
bool Engine::isPoisoned() const { return impl_->poisoned; }
const LoadOptions& Engine::options() const { return impl_->options; }

Voice Engine::prepareVoice(const audio::Clip& clip, const std::string& transcript) {
  impl_->requireUsable();
  return impl_->guarded(COSYSTUDIO_MESSAGE("Engine", "analysing the prompt clip"), [&] {
    c10::InferenceMode inference;
    return VoiceInternals::wrap(std::make_shared<VoiceData>(computeVoiceData(*impl_->model, clip, transcript)));
  });
}

double Engine::speakerSimilarity(const std::vector<float>& samples, int sampleRate, const Voice& voice) {
  impl_->requireUsable();
  if (!voice.isValid()) throw EngineError(COSYSTUDIO_MESSAGE("Engine", "the voice has no speaker embedding"));
  return impl_->guarded(COSYSTUDIO_MESSAGE("Engine", "comparing the speaker"), [&] {
    c10::InferenceMode inference;
    const auto embedding = speakerEmbeddingOf(*impl_->model, samples, sampleRate);
    // This model's embedding of the voice: one computed by another, or none yet, is made here.
    const auto reference = impl_->featuresOf(voice).speakerEmbedding.to(at::kCPU);
    return at::cosine_similarity(embedding.to(at::kCPU).reshape({-1}), reference.reshape({-1}), 0).item<double>();
  });
}

namespace {

// The rule every front end asks (request_rules.h), in the engine's words.
void refuseIncomplete(const SynthesisRequest& request, const SynthesisSettings& settings) {
  RequestOutline outline;
  outline.mode = settings.mode;
  outline.voice = request.voice.isValid();
  outline.text = request.text.find_first_not_of(" \t\r\n") != std::string::npos;
  outline.transcript = outline.voice && !request.voice.transcript().empty();
  outline.instruction = !request.instruction.empty();
  outline.sourceClip = request.sourceClip.frames() > 0;
  outline.speed = settings.speed;
  outline.stream = settings.stream;
  if (const auto problem = requestProblemMessage(requestProblem(outline), settings.speed))
    throw EngineError(*problem);
  if (settings.mode == Mode::VoiceConversion)
    if (const auto violation = audio::limitViolation(request.sourceClip, audio::ClipLimits{}))
      throw EngineError({COSYSTUDIO_MESSAGE("Engine", "source clip: %1"), {*violation}});
}

}  // namespace

SynthesisResult Engine::synthesize(const SynthesisRequest& request, const SynthesisSettings& settings,
                                   const SynthesisCallbacks& callbacks) {
  impl_->requireUsable();
  refuseIncomplete(request, settings);
  // One synthesizer for both attempts: it keeps what the first one delivered,
  // so the retry starts at the segment that failed and the listener never
  // hears a sample twice.
  c10::InferenceMode inference;
  Synthesizer synthesizer(*impl_->model);
  const auto run = [&](const SynthesisSettings& s) {
    return synthesizer.run(request, s, impl_->featuresOf(request.voice), callbacks);
  };
  // Out of memory: the retry renders in streaming chunks, whose flow and
  // vocoder calls hold far less at once (the speed change needs one pass).
  SynthesisSettings chunked = settings;
  chunked.stream = settings.speed == 1.0;
  return impl_->guarded(COSYSTUDIO_MESSAGE("Engine", "synthesising"), [&] { return run(settings); },
                        [&] { return run(chunked); });
}

MemoryStats Engine::memory() const { return sampleMemory(impl_->options.device); }

}  // namespace cosystudio
