// cosystudio-cli bench --model DIR [--write-random FIXTURES] [--device cpu|cuda:N] [--precision ..]
//                      [--runs N] [--warmup N] [--text TEXT] [--prompt CLIP --prompt-text TEXT] [--json]
//
// Times the whole engine as the app uses it: model load, voice preparation,
// streaming time to first audio, non-streaming real-time factor, LLM tokens/s,
// an in-process reset with its memory report, and peak memory. With
// --write-random it first writes a full-size random-weight model folder, so the
// released sizes can be measured without the released weights.
#include "command.h"
#include "engine_options.h"
#include "voice_options.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/bench.h"
#include "cosystudio/version.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>

namespace cosystudio::cli {
namespace {

namespace fs = std::filesystem;

struct BenchOptions {
  EngineOptions engine;
  std::string writeRandomFrom;  // fixture root
  int runs = 3;
  int warmup = 1;
  std::string text = "收到好友从远方寄来的生日礼物，那份意外的惊喜与深深的祝福让我心中充满了甜蜜的快乐。";
  VoiceOptions voice;  // --prompt and --prompt-text
  uint64_t seed = 1986;
  bool json = false;
};

// A voiced, syllable-like test signal, for timing without a recording.
fs::path writeTestPrompt(const fs::path& file, double seconds) {
  audio::Clip clip;
  clip.sampleRate = 24000;
  clip.channels.assign(1, std::vector<float>(size_t(seconds * clip.sampleRate)));
  double phase = 0;
  for (size_t i = 0; i < clip.channels[0].size(); ++i) {
    const double t = double(i) / clip.sampleRate;
    const double f0 = 140 + 30 * std::sin(2 * M_PI * 0.7 * t);
    phase += 2 * M_PI * f0 / clip.sampleRate;
    double voiced = 0;
    for (int k = 1; k <= 8; ++k) voiced += std::sin(k * phase) / k;
    const double syllables = 0.5 + 0.5 * std::sin(2 * M_PI * 4 * t);
    clip.channels[0][i] = float(0.2 * syllables * voiced);
  }
  audio::writeWav(file, clip);
  return file;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n == 0 ? 0 : n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// Peak device memory: the allocator's own peak of allocated bytes, and the
// reserved bytes seen at the progress events (sampled at every token).
struct MemoryPeak {
  int64_t hostResident = 0;
  int64_t deviceAllocated = 0;
  int64_t deviceReserved = 0;
  void sample(const MemoryStats& m) {
    hostResident = std::max(hostResident, m.hostResident);
    deviceAllocated = std::max(deviceAllocated, m.devicePeakAllocated);
    deviceReserved = std::max(deviceReserved, m.deviceReserved);
  }
  // The kernel's high-water mark (VmHWM) misses a peak that page reclaim
  // lowered before the next unmap, so the samples taken here count too.
  int64_t hostPeak() const { return std::max(hostResident, peakResidentBytes()); }
};

// LLM speed from the progress events of a non-streaming request: per segment
// one event before generation, then one per LLM token. Prefill = until the
// first token; decode = the tokens after it over the time they took.
struct TokenClock {
  double firstTokenSeconds = -1;
  int decodedTokens = 0;
  double decodeSeconds = 0;

  void onProgress(const Progress& p) {
    if (p.stage != Stage::SpeechTokens) return;
    if (p.segment != segment_) {
      segment_ = p.segment;
      tokens_ = -1;
    }
    if (++tokens_ == 1 && firstTokenSeconds < 0) firstTokenSeconds = p.elapsedSeconds - last_;
    if (tokens_ > 1) {
      ++decodedTokens;
      decodeSeconds += p.elapsedSeconds - last_;
    }
    last_ = p.elapsedSeconds;
  }
  double tokensPerSecond() const { return decodeSeconds > 0 ? decodedTokens / decodeSeconds : 0; }

 private:
  int segment_ = -1;
  int tokens_ = 0;
  double last_ = 0;
};

// Flow and HiFT time from the progress events of a non-streaming request:
// per segment the flow runs from its first Mel event to the Waveform event
// (the engine reads the mel's finiteness there, which waits for the device),
// HiFT from there to the next segment's first event or the end (its samples
// are copied to the host, which waits too).
struct StageClock {
  double flowSeconds = 0;
  double hiftSeconds = 0;

  void onProgress(const Progress& p) {
    if (p.stage == Stage::Mel && !inFlow_) {
      inFlow_ = true;
      since_ = p.elapsedSeconds;
    } else if (p.stage == Stage::Waveform) {
      flowSeconds += p.elapsedSeconds - since_;
      inFlow_ = false;
      inHift_ = true;
      since_ = p.elapsedSeconds;
    } else if (inHift_ && (p.stage == Stage::Text || p.stage == Stage::SpeechTokens)) {
      finish(p.elapsedSeconds);
    }
  }
  void finish(double seconds) {
    if (inHift_) hiftSeconds += seconds - since_;
    inHift_ = false;
  }

 private:
  bool inFlow_ = false;
  bool inHift_ = false;
  double since_ = 0;
};

struct RunFigures {
  double firstAudioSeconds = 0;   // streaming
  double streamSeconds = 0;
  double audioSeconds = 0;        // non-streaming
  double synthesisSeconds = 0;
  double realTimeFactor = 0;
  int tokens = 0;
  double firstTokenSeconds = 0;
  double tokensPerSecond = 0;
  double flowSecondsPerAudioSecond = 0;
  double hiftSecondsPerAudioSecond = 0;
};

RunFigures measureRun(Engine& engine, const SynthesisRequest& request, SynthesisSettings settings,
                      MemoryPeak& peak) {
  RunFigures figures;
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&](const Progress&) { peak.sample(engine.memory()); };
  settings.stream = true;
  const SynthesisResult streamed = engine.synthesize(request, settings, callbacks);
  figures.firstAudioSeconds = streamed.firstAudioSeconds;
  figures.streamSeconds = streamed.totalSeconds;

  TokenClock clock;
  StageClock stages;
  callbacks.onProgress = [&](const Progress& p) {
    clock.onProgress(p);
    stages.onProgress(p);
    peak.sample(engine.memory());
  };
  settings.stream = false;
  const SynthesisResult whole = engine.synthesize(request, settings, callbacks);
  figures.audioSeconds = double(whole.samples.size()) / whole.sampleRate;
  figures.synthesisSeconds = whole.totalSeconds;
  figures.realTimeFactor = whole.realTimeFactor();
  for (const auto& segment : whole.segments) figures.tokens += segment.speechTokens;
  figures.firstTokenSeconds = clock.firstTokenSeconds;
  figures.tokensPerSecond = clock.tokensPerSecond();
  stages.finish(whole.totalSeconds);
  if (figures.audioSeconds > 0) {
    figures.flowSecondsPerAudioSecond = stages.flowSeconds / figures.audioSeconds;
    figures.hiftSecondsPerAudioSecond = stages.hiftSeconds / figures.audioSeconds;
  }
  return figures;
}

nlohmann::ordered_json toJson(const RunFigures& r) {
  return {{"first_audio_seconds", r.firstAudioSeconds},
          {"stream_seconds", r.streamSeconds},
          {"audio_seconds", r.audioSeconds},
          {"synthesis_seconds", r.synthesisSeconds},
          {"real_time_factor", r.realTimeFactor},
          {"speech_tokens", r.tokens},
          {"llm_first_token_seconds", r.firstTokenSeconds},
          {"llm_tokens_per_second", r.tokensPerSecond},
          {"flow_seconds_per_audio_second", r.flowSecondsPerAudioSecond},
          {"hift_seconds_per_audio_second", r.hiftSecondsPerAudioSecond}};
}

nlohmann::ordered_json toJson(const MemoryStats& m) {
  return {{"host_rss_mib", mib(m.hostResident)},
          {"device_allocated_mib", mib(m.deviceAllocated)},
          {"device_reserved_mib", mib(m.deviceReserved)},
          {"device_free_mib", mib(m.deviceFree)}};
}

void printMemory(const char* when, const MemoryStats& m, bool cuda) {
  std::printf("  %-15s host RSS %7.0f MiB", when, mib(m.hostResident));
  if (cuda)
    std::printf(", VRAM allocated %7.1f MiB, reserved %7.1f MiB, free %7.0f MiB", mib(m.deviceAllocated),
                mib(m.deviceReserved), mib(m.deviceFree));
  std::printf("\n");
}

int bench(const BenchOptions& o) {
  if (o.runs < 1) throw std::runtime_error("--runs must be at least 1");
  if (!o.writeRandomFrom.empty()) {
    const auto start = std::chrono::steady_clock::now();
    statusLine("Writing a full-size random-weight model…");
    bench::writeRandomModelFolder(o.engine.model, o.writeRandomFrom, o.seed);
    endStatusLine();
    std::fprintf(stderr, "wrote a full-size random-weight model to %s in %.1f s\n", o.engine.model.c_str(),
                 secondsSince(start));
  }
  Engine engine;
  auto start = std::chrono::steady_clock::now();
  loadEngine(engine, o.engine);
  const double loadSeconds = secondsSince(start);
  const MemoryStats afterLoad = engine.memory();
  const bool cuda = engine.options().device.kind == DeviceKind::Cuda;

  const fs::path generatedPrompt =
      fs::temp_directory_path() / ("cosystudio-bench-prompt-" + std::to_string(::getpid()) + ".wav");
  const fs::path prompt = o.voice.prompt.empty() ? writeTestPrompt(generatedPrompt, 6.0) : fs::path(o.voice.prompt);
  const std::string transcript =
      o.voice.prompt.empty() ? "This is a generated prompt clip of about six seconds." : o.voice.promptText;
  start = std::chrono::steady_clock::now();
  SynthesisRequest request;
  SynthesisSettings settings;
  settings.mode = o.voice.modeFor(!transcript.empty());
  request.voice = engine.prepareVoice(audio::loadClip(prompt), transcript);
  request.text = o.text;
  const double voiceSeconds = secondsSince(start);
  if (o.voice.prompt.empty()) fs::remove(generatedPrompt);

  MemoryPeak peak;
  peak.sample(afterLoad);
  for (int i = 0; i < o.warmup; ++i) {
    statusLine("Warm-up " + std::to_string(i + 1) + "/" + std::to_string(o.warmup) + "…");
    settings.seed = o.seed + 1000 + i;
    measureRun(engine, request, settings, peak);
  }
  std::vector<RunFigures> runs;
  for (int i = 0; i < o.runs; ++i) {
    statusLine("Run " + std::to_string(i + 1) + "/" + std::to_string(o.runs) + "…");
    settings.seed = o.seed + i;
    runs.push_back(measureRun(engine, request, settings, peak));
  }
  statusLine("Reset…");
  const ResetReport reset = engine.reset();
  endStatusLine();
  for (const MemoryStats& m : {reset.before, reset.afterTeardown, reset.afterReload}) peak.sample(m);

  const auto medianOf = [&runs](double RunFigures::*field) {
    std::vector<double> values;
    for (const auto& r : runs) values.push_back(r.*field);
    return median(values);
  };
  RunFigures mid;
  for (double RunFigures::*field :
       {&RunFigures::firstAudioSeconds, &RunFigures::streamSeconds, &RunFigures::audioSeconds,
        &RunFigures::synthesisSeconds, &RunFigures::realTimeFactor, &RunFigures::firstTokenSeconds,
        &RunFigures::tokensPerSecond, &RunFigures::flowSecondsPerAudioSecond,
        &RunFigures::hiftSecondsPerAudioSecond})
    mid.*field = medianOf(field);
  mid.tokens = runs[runs.size() / 2].tokens;
  const double resetSeconds = reset.teardownSeconds + reset.reloadSeconds;
  const int64_t peakRss = peak.hostPeak();

  if (o.json) {
    nlohmann::ordered_json perRun = nlohmann::ordered_json::array();
    for (const auto& r : runs) perRun.push_back(toJson(r));
    const nlohmann::ordered_json report{
        {"model", o.engine.model},
        {"checkpoint", engine.options().llmCheckpoint},
        {"device", deviceName(engine.options().device)},
        {"precision", precisionName(engine.options().precision)},
        {"cpu_threads", cpuBackend().threads},
        {"cpu_blas", cpuBackend().blas},
        {"libtorch", torchBuildDescription()},
        {"text", o.text},
        {"warmup", o.warmup},
        {"load_seconds", loadSeconds},
        {"after_load", toJson(afterLoad)},
        {"voice_seconds", voiceSeconds},
        {"runs", perRun},
        {"median", toJson(mid)},
        {"reset",
         {{"seconds", resetSeconds},
          {"teardown_seconds", reset.teardownSeconds},
          {"reload_seconds", reset.reloadSeconds},
          {"before", toJson(reset.before)},
          {"after_teardown", toJson(reset.afterTeardown)},
          {"after_reload", toJson(reset.afterReload)}}},
        {"peak_host_rss_mib", mib(peakRss)},
        {"peak_device_allocated_mib", mib(peak.deviceAllocated)},
        {"peak_device_reserved_mib", mib(peak.deviceReserved)},
    };
    std::printf("%s\n", report.dump(2).c_str());
    return 0;
  }
  std::printf("model %s on %s (%s, libtorch %s, %s, %d CPU threads); %d run%s after %d warm-up, medians\n",
              o.engine.model.c_str(), deviceName(engine.options().device).c_str(),
              precisionName(engine.options().precision).c_str(), torchBuildDescription(), cpuBackend().blas.c_str(),
              cpuBackend().threads, o.runs, o.runs == 1 ? "" : "s", o.warmup);
  std::printf("load                    %8.2f s       (target <= 5 s from page cache)\n", loadSeconds);
  std::printf("voice from prompt clip  %8.2f s\n", voiceSeconds);
  std::printf("time to first audio     %8.3f s       (streaming; target <= 0.15 s)\n", mid.firstAudioSeconds);
  std::printf("real-time factor        %8.3f         (non-streaming; target <= 0.05; medians: %.2f s of audio, "
              "%.2f s to make it)\n",
              mid.realTimeFactor, mid.audioSeconds, mid.synthesisSeconds);
  std::printf("LLM                     %8.1f tokens/s (%d tokens; first token after %.3f s)\n", mid.tokensPerSecond,
              mid.tokens, mid.firstTokenSeconds);
  std::printf("flow                    %8.1f ms per second of audio\n", 1000 * mid.flowSecondsPerAudioSecond);
  std::printf("HiFT                    %8.1f ms per second of audio\n", 1000 * mid.hiftSecondsPerAudioSecond);
  std::printf("reset                   %8.2f s       (teardown %.2f s + reload %.2f s; target <= load + 0.5 s)\n",
              resetSeconds, reset.teardownSeconds, reset.reloadSeconds);
  printMemory("before reset", reset.before, cuda);
  printMemory("after teardown", reset.afterTeardown, cuda);
  printMemory("after reload", reset.afterReload, cuda);
  std::printf("peak host RSS           %8.0f MiB\n", mib(peakRss));
  if (cuda)
    std::printf("peak VRAM               %8.0f MiB allocated, %.0f MiB reserved\n", mib(peak.deviceAllocated),
                mib(peak.deviceReserved));
  return 0;
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand(
      "bench", "Benchmark the engine: load, first audio, real-time factor, tokens/s, reset, memory");
  auto o = std::make_shared<BenchOptions>();
  o->engine.addTo(sub);
  sub->add_option("--write-random", o->writeRandomFrom,
                  "First write a full-size random-weight model into --model; the argument is the fixture root "
                  "(tests/fixtures) that supplies the flow/HiFT key manifest, tokenizer and front-end networks");
  sub->add_option("--runs", o->runs, "Measured runs (each one streaming + one non-streaming synthesis)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--warmup", o->warmup, "Unmeasured runs first")->check(CLI::NonNegativeNumber)->capture_default_str();
  sub->add_option("--text", o->text, "Text to synthesise")->capture_default_str();
  auto* prompt = o->voice.addPrompt(sub, "Prompt clip (default: a generated 6 s test signal)");
  o->voice.addPromptText(sub, "Transcript of --prompt (without it: cross-lingual)")->needs(prompt);
  sub->add_option("--seed", o->seed, "Seed of the first run (and of the random weights)")->capture_default_str();
  sub->add_flag("--json", o->json, "Print the figures as one JSON object");
  return {sub, [o] { return bench(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
