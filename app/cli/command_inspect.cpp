// cosystudio-cli inspect CLIP [--json]: is this recording a good voice prompt?
#include "command.h"

#include "cosystudio/audio/analysis.h"
#include "cosystudio/audio/clip.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>

namespace cosystudio::cli {
namespace {

using namespace cosystudio::audio;

struct InspectOptions {
  std::string clip;
  bool json = false;
  bool features = false;
};

// The shapes of the model's inputs for a usable prompt, and how long the CPU
// took to compute them.
nlohmann::json promptFeatureSummary(const Clip& clip) {
  const auto start = std::chrono::steady_clock::now();
  const PromptFeatureSizes f = promptFeatureSizes(clip);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return {
      {"samples_16k", f.samples16k},
      {"samples_24k", f.samples24k},
      {"fbank_frames", f.fbankFrames},
      {"whisper_mel_frames", f.whisperMelFrames},
      {"flow_mel_frames", f.flowMelFrames},
      {"cpu_ms", ms},
  };
}

// Long recordings are still analysed (to help trimming them) up to this length.
constexpr double kMaxInspectSeconds = 600;

nlohmann::json toJson(const ClipInfo& info, const ClipAnalysis& a,
                      const std::optional<std::string>& refusal) {
  std::vector<std::string> advice;
  for (const Advice& item : a.advice) advice.push_back(item.text);
  return nlohmann::json{
      {"path", info.path.string()},
      {"format", info.format},
      {"sample_rate", a.sampleRate},
      {"channels", a.channels},
      {"duration_s", a.durationSeconds},
      {"peak", a.peak},
      {"peak_dbfs", a.peakDbfs},
      {"clipped_samples", a.clippedSamples},
      {"rms_dbfs", a.rmsDbfs},
      {"noise_floor_dbfs", a.noiseFloorDbfs},
      {"silence_threshold_dbfs", a.silenceThresholdDbfs},
      {"leading_silence_s", a.leadingSilenceSeconds},
      {"trailing_silence_s", a.trailingSilenceSeconds},
      {"internal_silence_s", a.internalSilenceSeconds},
      {"longest_internal_silence_s", a.longestInternalSilenceSeconds},
      {"usable_as_prompt", !refusal.has_value()},
      {"refusal", refusal ? nlohmann::json(*refusal) : nlohmann::json(nullptr)},
      {"advice", advice},
  };
}

void printText(const ClipInfo& info, const ClipAnalysis& a, const std::optional<std::string>& refusal) {
  std::printf("clip         %s\n", info.path.string().c_str());
  std::printf("format       %s\n", info.format.c_str());
  std::printf("rate         %d Hz, %d channel%s\n", a.sampleRate, a.channels, a.channels == 1 ? "" : "s");
  std::printf("duration     %.2f s\n", a.durationSeconds);
  std::printf("peak         %.1f dBFS (%.4f)\n", a.peakDbfs, a.peak);
  std::printf("clipped      %lld samples\n", static_cast<long long>(a.clippedSamples));
  std::printf("level        %.1f dBFS RMS\n", a.rmsDbfs);
  std::printf("noise floor  %.1f dBFS\n", a.noiseFloorDbfs);
  std::printf("silence      %.2f s at the start, %.2f s at the end, %.2f s of pauses (longest %.2f s)"
              ", below %.1f dBFS\n",
              a.leadingSilenceSeconds, a.trailingSilenceSeconds, a.internalSilenceSeconds,
              a.longestInternalSilenceSeconds, a.silenceThresholdDbfs);
  std::printf("as a prompt  %s\n", refusal ? ("refused: " + *refusal).c_str() : "usable");
  for (const Advice& item : a.advice) std::printf("advice       %s\n", item.text.c_str());
}

void printFeatures(const nlohmann::json& f) {
  std::printf("model input  %lld samples at 16 kHz, %lld at 24 kHz; fbank %lld x 80, Whisper log-mel "
              "128 x %lld, flow mel %lld x 80 (%.0f ms on the CPU)\n",
              f["samples_16k"].get<long long>(), f["samples_24k"].get<long long>(),
              f["fbank_frames"].get<long long>(), f["whisper_mel_frames"].get<long long>(),
              f["flow_mel_frames"].get<long long>(), f["cpu_ms"].get<double>());
}

int inspect(const InspectOptions& options) {
  const ClipInfo info = probeClip(options.clip);
  const auto violation = limitViolation(info, ClipLimits{});
  const auto refusal = violation ? std::optional<std::string>(violation->render()) : std::nullopt;
  ClipLimits readable = ClipLimits::none();
  readable.maxSeconds = kMaxInspectSeconds;
  const Clip clip = loadClip(options.clip, readable);
  const ClipAnalysis analysis = analyseClip(clip);
  nlohmann::json features;
  if (options.features && !refusal) features = promptFeatureSummary(clip);
  if (options.json) {
    auto json = toJson(info, analysis, refusal);
    if (!features.is_null()) json["features"] = features;
    std::printf("%s\n", json.dump(2).c_str());
  } else {
    printText(info, analysis, refusal);
    if (!features.is_null()) printFeatures(features);
  }
  return 0;
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("inspect", "Analyse a prompt clip: level, clipping, silence, noise");
  auto options = std::make_shared<InspectOptions>();
  sub->add_option("clip", options->clip, "Audio file (WAV, FLAC, Ogg Vorbis, Opus, MP3)")->required();
  sub->add_flag("--json", options->json, "Print the analysis as JSON");
  sub->add_flag("--features", options->features,
                "Also compute the model's input features of a usable prompt and time them");
  return {sub, [options] { return inspect(*options); }};
});

}  // namespace
}  // namespace cosystudio::cli
