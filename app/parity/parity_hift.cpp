// cosystudio-parity hift <set-dir>: the HiFT vocoder (F0 predictor, harmonic
// source, STFT of the source, filter network, iSTFT) against the official
// CausalHiFTGenerator on the set's `hift.pt`, for the final and the streaming
// non-final runs recorded in `tensors.pt`.
//
// The source noise tables are not in hift.pt. When the set captured them
// (`hift.sinegen.rand_ini`, `hift.<run>.sinegen.sine_waves_noise_table`) they
// are used as captured; otherwise they are regenerated from the construction
// recipe with the set's flow and F0-predictor sizes.
#include "registry.h"
#include "report.h"
#include "tolerances.h"

#include "hift/hift_generator.h"

#include <nlohmann/json.hpp>
#include <ATen/Parallel.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/pickler.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>

namespace cosystudio::parity {
namespace {

constexpr double kTolerance = 1e-4;  // README: HiFT source, waveform (F0: tolerances.h)
// The network's last output x (log-magnitude and phase halves) carries the
// summation-order error of every convolution before it, and that order is the
// BLAS's, which picks its kernels by CPU and thread count. Measured on the
// public set, max error on x (as sin(x') shows it): OpenBLAS 9.2e-5 on an
// Intel CPU, 1.01e-4 (1 thread) and 1.08e-4 (2 threads) on AMD EPYC; MKL
// 9.0e-5 and 1.03e-4 there; the reference BLAS 3.5e-5. 2e-4 is the largest of
// these with a factor of about two for CPUs not measured; the waveform made
// from x is still held at 1e-4 (1.9e-5 measured). The iSTFT takes exp(x), so
// an error d in x becomes exp(x) * d in the magnitude: it is held relative.
constexpr double kNetworkOutputTolerance = 2e-4;

HiftConfig hiftConfig(const nlohmann::json& c) {
  HiftConfig config;
  config.inChannels = c.at("in_channels");
  config.baseChannels = c.at("base_channels");
  config.nbHarmonics = c.at("nb_harmonics");
  config.samplingRate = c.at("sampling_rate");
  config.nsfAlpha = c.at("nsf_alpha");
  config.nsfSigma = c.at("nsf_sigma");
  config.nsfVoicedThreshold = c.at("nsf_voiced_threshold");
  config.upsampleRates = c.at("upsample_rates").get<std::vector<int64_t>>();
  config.upsampleKernelSizes = c.at("upsample_kernel_sizes").get<std::vector<int64_t>>();
  config.nFft = c.at("istft_params").at("n_fft");
  config.hopLen = c.at("istft_params").at("hop_len");
  config.resblockKernelSizes = c.at("resblock_kernel_sizes").get<std::vector<int64_t>>();
  config.resblockDilationSizes = c.at("resblock_dilation_sizes").get<std::vector<std::vector<int64_t>>>();
  config.sourceResblockKernelSizes = c.at("source_resblock_kernel_sizes").get<std::vector<int64_t>>();
  config.sourceResblockDilationSizes =
      c.at("source_resblock_dilation_sizes").get<std::vector<std::vector<int64_t>>>();
  config.lreluSlope = c.at("lrelu_slope");
  config.audioLimit = c.at("audio_limit");
  config.convPreLookRight = c.at("conv_pre_look_right");
  const auto& f0 = c.at("f0_predictor");
  config.f0InChannels = f0.at("in_channels");
  config.f0CondChannels = f0.at("cond_channels");
  config.f0NumClass = f0.at("num_class");
  return config;
}

SourceTableRecipe tableRecipe(const nlohmann::json& modules, const HiftConfig& hift) {
  const auto& flow = modules.at("flow").at("config");
  SourceTableRecipe recipe;
  recipe.speechTokenVocab = flow.at("vocab_size");
  recipe.flowInputSize = flow.at("input_size");
  recipe.speakerEmbedDim = flow.at("spk_embed_dim");
  recipe.flowOutputSize = flow.at("output_size");
  recipe.f0InChannels = hift.f0InChannels;
  recipe.f0CondChannels = hift.f0CondChannels;
  recipe.f0NumClass = hift.f0NumClass;
  return recipe;
}

const char* const kRuns[] = {"final", "nonfinal"};

// The captured tables, the longest noise prefix of any run; nullopt when absent.
std::optional<SourceTables> capturedTables(const GoldenTensors& golden) {
  if (!golden.has("hift.sinegen.rand_ini")) return std::nullopt;
  at::Tensor noise;
  for (const char* run : kRuns) {
    const std::string key = std::string("hift.") + run + ".sinegen.sine_waves_noise_table";
    if (golden.has(key) && (!noise.defined() || golden.at(key).size(1) > noise.size(1))) noise = golden.at(key);
  }
  if (!noise.defined()) return std::nullopt;
  return SourceTables::fixed(golden.at("hift.sinegen.rand_ini"), noise);
}

// Everything the engine computes that a run's golden data may hold, by the
// golden name's suffix.
std::map<std::string, at::Tensor> traced(const HiftTrace& trace, const at::Tensor& speech) {
  const int64_t first = std::min<int64_t>(2000, trace.sineWaves.size(1));
  return {{"f0_f64", trace.f0},
          {"sinegen.in_f0_upsampled", trace.f0Upsampled},
          {"sinegen.out_sine_waves_first2000", trace.sineWaves.narrow(1, 0, first)},
          {"m_source.sine_merge", trace.source.transpose(1, 2)},
          {"source", trace.source},
          {"stft_real", trace.stftReal},
          {"stft_imag", trace.stftImag},
          {"istft_magnitude", trace.magnitude},
          {"istft_phase", trace.phase},
          {"speech", speech}};
}

int runHiftParity(const std::filesystem::path& setDir, const RunOptions& options) {
  std::ifstream manifestFile(setDir / "manifest.json");
  if (!manifestFile) throw std::runtime_error("cannot open " + (setDir / "manifest.json").string());
  const auto manifest = nlohmann::json::parse(manifestFile);
  const auto& hiftManifest = manifest.at("modules").at("hift");
  const HiftConfig config = hiftConfig(hiftManifest.at("config"));
  const GoldenTensors golden(setDir / manifest.value("tensors_file", std::string("tensors.pt")));

  auto captured = capturedTables(golden);
  std::printf("source tables: %s\n", captured ? "captured in the set" : "regenerated from the recipe");
  SourceTables tables = captured ? std::move(*captured)
                                 : SourceTables::replay(tableRecipe(manifest.at("modules"), config),
                                                        config.nbHarmonics + 1, config.maxSourceSamples);
  StateDict weights = StateDict::load(setDir / hiftManifest.value("weights_file", std::string("hift.pt")),
                                     HiftGenerator::weightOptions(options.device));
  HiftGenerator hift(weights, config, std::move(tables));
  const at::Tensor mel = golden.at("hift.in.mel");

  Report report;
  report.notCompared("hift.in.mel", "the input");
  if (golden.has("hift.sinegen.rand_ini"))
    report.notCompared("hift.sinegen.rand_ini", "an input: the initial phases the official run drew, used as given");
  for (const char* run : kRuns) {
    const std::string prefix = std::string("hift.") + run + ".";
    if (!golden.has(prefix + "speech")) {
      report.failure(prefix + "speech", "not in the golden tensors");
      continue;
    }
    try {
      HiftTrace trace;
      const at::Tensor speech = hift.inference(mel, std::string(run) == "final", &trace);
      report.compareRun(
          golden, prefix, traced(trace, speech),
          [&](const std::string& key, const std::string& name, const at::Tensor& got, const at::Tensor& expected) {
            if (name == "f0_f64" || name == "sinegen.in_f0_upsampled")  // Hz
              report.closeRelative(key, got, expected, kF0Relative, kF0FloorHz);
            else if (name == "istft_magnitude")
              report.closeRelative(key, got, expected, kNetworkOutputTolerance, 0.0);
            else if (name == "istft_phase")
              report.close(key, got, expected, kNetworkOutputTolerance);
            else
              report.close(key, got, expected, kTolerance);
          },
          {{"sinegen.sine_waves_noise_table", "an input: the source tables the official run drew, used as given"}});
    } catch (const std::exception& e) {
      report.failure(prefix + "*", e.what());
    }
  }
  report.failUnreported(golden, "hift.");
  return report.finish();
}

// Random weights with the keys and shapes of the released hift.pt (weight norm
// stored as g, v with g = |v|, so the folded weight is v).
c10::Dict<std::string, at::Tensor> randomHiftWeights(const nlohmann::json& stateDict) {
  c10::Dict<std::string, at::Tensor> dict;
  std::map<std::string, at::Tensor> directions;
  for (const auto& [key, entry] : stateDict.items()) {
    const auto shape = entry.at("shape").get<std::vector<int64_t>>();
    at::Tensor value;
    if (key.find("original1") != std::string::npos) {
      value = at::randn(shape) / std::sqrt(static_cast<double>(c10::multiply_integers(shape) / shape[0]));
      directions[key.substr(0, key.size() - 1)] = value;
    } else if (key.find(".alpha") != std::string::npos) {
      value = at::rand(shape) + 0.5;
    } else {
      value = 0.1 * at::randn(shape);
    }
    dict.insert(key, value);
  }
  for (const auto& [prefix, v] : directions)
    dict.insert_or_assign(prefix + "0", v.flatten(1).norm(2, {1}, true).unsqueeze(-1));
  // Keep the log-magnitudes of the iSTFT input small, as a trained model does.
  dict.at("conv_post.bias").narrow(0, 0, 9).sub_(3);
  return dict;
}

// Writes a dict of tensors in torch.save's zip layout, as the official
// checkpoints are stored (torch::pickle_save would add TorchScript type tags).
void saveStateDict(const c10::Dict<std::string, at::Tensor>& dict, const std::filesystem::path& file) {
  std::vector<char> pickle;
  std::vector<at::Tensor> tensors;
  torch::jit::Pickler pickler([&](const char* data, size_t size) { pickle.insert(pickle.end(), data, data + size); },
                              nullptr, nullptr, nullptr,
                              [&](const at::Tensor& t) {
                                tensors.push_back(t);
                                return std::to_string(tensors.size() - 1);
                              },
                              /*tag_aggregates=*/false);
  pickler.protocol();
  pickler.pushIValue(dict);
  pickler.stop();
  caffe2::serialize::PyTorchStreamWriter writer(file.string());
  writer.writeRecord("data.pkl", pickle.data(), pickle.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    const auto data = torch::jit::getWriteableTensorData(tensors[i]);
    writer.writeRecord("data/" + std::to_string(i), data.data(), data.sizeInBytes());
  }
  writer.writeEndOfFile();
}

// cosystudio-parity hift-bench <set-dir>: milliseconds per second of audio of
// the released-size HiFT (random weights shaped as in the set's sibling
// ../manifest-full-size.json) on the CPU and, when present, on CUDA.
int runHiftBench(const std::filesystem::path& setDir, const RunOptions&) {
  const auto fullSize = setDir.parent_path() / "manifest-full-size.json";
  std::ifstream manifestFile(fullSize);
  if (!manifestFile) throw std::runtime_error("cannot open " + fullSize.string());
  const auto manifest = nlohmann::json::parse(manifestFile);
  at::manual_seed(0);
  const auto weightsFile = std::filesystem::temp_directory_path() / "cosystudio-hift-bench.pt";
  saveStateDict(randomHiftWeights(manifest.at("modules").at("hift").at("state_dict")), weightsFile);
  const HiftConfig config;  // released sizes
  constexpr int64_t kFrames = 500;  // 10 s
  const at::Tensor mel = at::randn({1, config.inChannels, kFrames}) - 6;
  const double seconds = static_cast<double>(kFrames * config.samplesPerMel()) / config.samplingRate;

  std::vector<at::Device> devices = {at::kCPU};
  if (at::hasCUDA()) devices.emplace_back(at::kCUDA);
  for (const auto& device : devices) {
    auto hift = HiftGenerator::load(weightsFile, config, SourceTableRecipe{}, device);
    hift.inference(mel, true).to(at::kCPU);  // warm-up; waits for the device
    constexpr int kRuns = 3;
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpuStart = std::clock();
    for (int i = 0; i < kRuns; ++i) hift.inference(mel, true).to(at::kCPU);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    // Process CPU time too: on a shared machine it is steadier than wall time.
    const double cpuMs = 1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    std::printf("hift %-5s %.1f ms per second of audio, %.1f ms CPU time (%.0f s of mel, %d runs, %d threads)\n",
                device.str().c_str(), ms / kRuns / seconds, cpuMs / kRuns / seconds, seconds, kRuns,
                at::get_num_threads());
  }
  std::filesystem::remove(weightsFile);
  return 0;
}

const Registration reg("hift", "HiFT vocoder: F0, harmonic source, STFT/iSTFT, waveform (final, streaming)",
                       &runHiftParity);
const Registration benchReg("hift-bench", "HiFT vocoder speed at the released size (ms per second of audio)",
                            &runHiftBench, false);

}  // namespace
}  // namespace cosystudio::parity
