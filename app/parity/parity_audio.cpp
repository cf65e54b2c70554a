// cosystudio-parity audio <set-dir>: the prompt-clip front end against the
// official pipeline. Reads <set-dir>/{input.wav, manifest.json, tensors.pt} and,
// when present, the shared filter banks in <set-dir>/../common/constants.pt.
#include "registry.h"
#include "report.h"

#include "audio/kaldi_fbank.h"
#include "audio/mel_filters.h"
#include "audio/prompt_features.h"
#include "audio/sinc_resampler.h"
#include "cosystudio/audio/clip.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <functional>
#include <map>

namespace cosystudio::parity {
namespace {

using namespace cosystudio::audio;

// Tolerances of the fixtures README (max abs, mean abs); 0 = bit-exact.
struct Tolerance {
  double max;
  double mean = Report::kNoMeanLimit;
};
constexpr Tolerance kBitExact{0.0};
constexpr Tolerance kResampled{1e-6};
constexpr Tolerance kFbank{2e-3, 2e-5};
constexpr Tolerance kWhisperMel{2e-4, 2e-6};
constexpr Tolerance kFlowMel{4e-3, 2e-5};
// common/constants.pt was recomputed by the fixture generator rather than taken
// from the official code path: its Povey window differs from the one torchaudio
// builds by 1.8e-7 (features made with torchaudio's window match bit for bit).
constexpr Tolerance kConstant{1e-6};
// A Kaldi mel bank weight is (mel(f) - mel(left)) / bin width, with mel(f) =
// 1127 ln(1 + f / 700) up to 2840 and bins 34.7 mel wide: one float32 ulp of
// mel (2.4e-4 there) is 7.0e-6 of weight. libtorch 2.x's vectorised log is one
// ulp off 1.13's in places (7.09e-6 measured on 2.11; 1.13 is bit-exact).
constexpr Tolerance kKaldiMelBanks{1e-5};

// Outputs of the speaker model and the speech tokenizer: checked by the ONNX
// parity command, not by the audio front end.
bool belongsToOnnxModels(const std::string& name) {
  return name.rfind("campplus_", 0) == 0 || name.rfind("s3_", 0) == 0;
}

struct Computed {
  at::Tensor value;
  Tolerance tolerance;
  bool exact = false;  // ids and lengths
};

nlohmann::json readManifest(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot open " + file.string());
  return nlohmann::json::parse(in);
}

void compare(Report& report, const std::string& name, const Computed& computed,
             const at::Tensor& expected) {
  if (computed.exact)
    report.exact(name, computed.value, expected);
  else
    report.close(name, computed.value, expected, computed.tolerance.max, computed.tolerance.mean);
}

// The filter banks and windows the extractors build in code.
void checkCommonConstants(Report& report, const std::filesystem::path& file) {
  if (!std::filesystem::exists(file)) return;
  const GoldenTensors constants(file);
  const std::map<std::string, std::function<at::Tensor()>> builders = {
      {"whisper_mel_filters_128", [] { return slaneyMelFilters(16000, 400, 128, 0, 8000); }},
      {"flow_mel_basis_80", [] { return slaneyMelFilters(24000, 1920, 80, 0, 12000); }},
      {"kaldi_mel_banks_80", [] { return kaldiMelBanks(80, 512, 16000, 20, 0); }},
      {"kaldi_povey_window_400", [] { return poveyWindow(400); }},
      {"whisper_hann_window_400", [] { return at::hann_window(400, at::kFloat); }},
      {"flow_hann_window_1920", [] { return at::hann_window(1920, at::kFloat); }},
  };
  for (const auto& [name, expected] : constants.all()) {
    const auto builder = builders.find(name);
    if (builder == builders.end()) {
      report.failure("common." + name, "no check for this constant");
      continue;
    }
    const Tolerance tolerance = name == "kaldi_mel_banks_80" ? kKaldiMelBanks : kConstant;
    report.close("common." + name, builder->second(), expected, tolerance.max);
  }
}

int runAudio(const std::filesystem::path& setArgument, const RunOptions& options) {
  const auto setDir = setArgument.has_filename() ? setArgument : setArgument.parent_path();
  const nlohmann::json manifest = readManifest(setDir / "manifest.json");
  const GoldenTensors golden(setDir / "tensors.pt");
  const at::Device device = options.device;
  Report report;
  std::printf("audio parity on %s (device %s)\n", setDir.string().c_str(), device.str().c_str());

  const Clip clip = loadClip(setDir / "input.wav");
  const auto mono = monoTensor(clip);
  const auto features = extractPromptFeatures(clip, device);
  const Clip monoClip = downmixToMono(clip);

  std::map<std::string, Computed> computed = {
      {"mono", {mono, kBitExact}},
      {"speech_16k", {features.speech16k, kResampled}},
      {"speech_24k", {features.speech24k, kResampled}},
      {"resample_kernel_16k", {sincResampleKernel(clip.sampleRate, 16000).weights, kBitExact}},
      {"resample_kernel_24k", {sincResampleKernel(clip.sampleRate, 24000).weights, kBitExact}},
      {"fbank", {kaldiFbank(features.speech16k), kFbank}},
      {"fbank_cmn", {features.speakerFbank.squeeze(0), kFbank}},
      {"whisper_logmel", {features.tokenizerMel, kWhisperMel}},
      {"whisper_logmel_len", {features.tokenizerMelLength, {}, true}},
      {"flow_mel", {features.flowMel.transpose(1, 2), kFlowMel}},
      {"speech_feat", {features.flowMel, kFlowMel}},
      {"speech_feat_len", {features.flowMelLength, {}, true}},
      // User-facing rate conversion (libsamplerate), measured by the fixtures
      // for comparison with the model resampler.
      {"lsr_best_16k", {monoTensor(resampleForUser(monoClip, 16000)), kResampled}},
      {"lsr_best_24k", {monoTensor(resampleForUser(monoClip, 24000)), kResampled}},
  };
  // The alignment consumes speech tokens, which come from the tokenizer's
  // golden output: the tokenizer itself is checked elsewhere.
  if (golden.has("s3_tokens")) {
    const auto aligned = alignPrompt(features.flowMel, golden.at("s3_tokens").to(device));
    computed["prompt_speech_feat"] = {aligned.speechFeat, kFlowMel};
    computed["prompt_speech_feat_len"] = {aligned.speechFeatLength, {}, true};
    computed["prompt_speech_token"] = {aligned.speechToken, {}, true};
    computed["prompt_speech_token_len"] = {aligned.speechTokenLength, {}, true};
  }

  std::vector<std::string> skipped;
  for (const auto& [name, entry] : manifest.at("tensors").items()) {
    if (belongsToOnnxModels(name)) {
      skipped.push_back(name);
      continue;
    }
    const auto it = computed.find(name);
    if (it == computed.end()) {
      report.failure(name, "no check for this tensor");
      continue;
    }
    try {
      compare(report, name, it->second, golden.at(name));
    } catch (const std::exception& e) {
      report.failure(name, e.what());
    }
  }
  checkCommonConstants(report, setDir.parent_path() / "common" / "constants.pt");

  if (!skipped.empty()) {
    std::printf("skipped (CAM++ / S3Tokenizer outputs, checked by the ONNX models):");
    for (const auto& name : skipped) std::printf(" %s", name.c_str());
    std::printf("\n");
  }
  return report.finish();
}

const Registration reg("audio",
                       "prompt clip front end: loading, resampling, fbank, Whisper and flow mels",
                       &runAudio);

}  // namespace
}  // namespace cosystudio::parity
