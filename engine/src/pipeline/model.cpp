#include "pipeline/model.h"

#include "config/hyper_yaml.h"
#include "core/fingerprint.h"
#include "core/torch_compat.h"
#include "core/linear.h"
#include "cosystudio/version.h"
#include "runtime/cuda_architectures.h"

#include <fstream>

namespace cosystudio {
namespace fs = std::filesystem;

ModelConfig readModelConfig(const fs::path& folder) {
  const HyperYaml yaml = HyperYaml::load(folder / "cosyvoice3.yaml");
  ModelConfig c;
  c.llm = readLlmConfig(folder);
  c.sampleRate = static_cast<int>(yaml.integer("sample_rate"));

  FlowConfig& flow = c.flow;
  flow.vocabSize = yaml.integer("flow.vocab_size");
  flow.melDim = yaml.integer("flow.output_size");
  flow.speakerEmbedDim = yaml.integer("flow.spk_embed_dim");
  flow.tokenMelRatio = yaml.integer("flow.token_mel_ratio");
  flow.preLookaheadLen = yaml.integer("flow.pre_lookahead_len");
  flow.preLookaheadChannels = yaml.integer("flow.pre_lookahead_layer.channels");
  flow.chunkTokens = yaml.integer("chunk_size");
  flow.ditDim = yaml.integer("flow.decoder.estimator.dim");
  flow.ditDepth = yaml.integer("flow.decoder.estimator.depth");
  flow.ditHeads = yaml.integer("flow.decoder.estimator.heads");
  flow.ditDimHead = yaml.integer("flow.decoder.estimator.dim_head");
  flow.ditFfMult = yaml.integer("flow.decoder.estimator.ff_mult");
  flow.cfgRate = yaml.number("flow.decoder.cfm_params.content.inference_cfg_rate");

  HiftConfig& hift = c.hift;
  hift.inChannels = yaml.integer("hift.in_channels");
  hift.baseChannels = yaml.integer("hift.base_channels");
  hift.nbHarmonics = yaml.integer("hift.nb_harmonics");
  hift.samplingRate = yaml.integer("hift.sampling_rate");
  hift.nsfAlpha = yaml.number("hift.nsf_alpha");
  hift.nsfSigma = yaml.number("hift.nsf_sigma");
  hift.nsfVoicedThreshold = yaml.number("hift.nsf_voiced_threshold");
  hift.upsampleRates = yaml.integers("hift.upsample_rates");
  hift.upsampleKernelSizes = yaml.integers("hift.upsample_kernel_sizes");
  hift.nFft = yaml.integer("hift.istft_params.n_fft");
  hift.hopLen = yaml.integer("hift.istft_params.hop_len");
  hift.resblockKernelSizes = yaml.integers("hift.resblock_kernel_sizes");
  hift.resblockDilationSizes = yaml.integerLists("hift.resblock_dilation_sizes");
  hift.sourceResblockKernelSizes = yaml.integers("hift.source_resblock_kernel_sizes");
  hift.sourceResblockDilationSizes = yaml.integerLists("hift.source_resblock_dilation_sizes");
  hift.lreluSlope = yaml.number("hift.lrelu_slope");
  hift.audioLimit = yaml.number("hift.audio_limit");
  hift.convPreLookRight = yaml.integer("hift.conv_pre_look_right");
  hift.f0InChannels = yaml.integer("hift.f0_predictor.in_channels");
  hift.f0CondChannels = yaml.integer("hift.f0_predictor.cond_channels");
  hift.f0NumClass = yaml.integer("hift.f0_predictor.num_class");

  // The RNG history before HiFT draws its noise tables follows the yaml's
  // construction order (spec §9).
  SourceTableRecipe& recipe = c.sourceTables;
  recipe.cfmNoiseChannels = flow.melDim;
  recipe.cfmNoiseFrames = flow.noiseFrames;
  recipe.speechTokenVocab = flow.vocabSize;
  recipe.flowInputSize = yaml.integer("flow.input_size");
  recipe.speakerEmbedDim = flow.speakerEmbedDim;
  recipe.flowOutputSize = flow.melDim;
  recipe.f0InChannels = hift.f0InChannels;
  recipe.f0CondChannels = hift.f0CondChannels;
  recipe.f0NumClass = hift.f0NumClass;
  return c;
}

std::string frontEndFingerprint(const fs::path& folder) {
  // Each file's size and its first and last MiB: enough to tell
  // model releases apart without reading a gigabyte.
  Fingerprint fingerprint;
  for (const char* name : {"campplus.onnx", "speech_tokenizer_v3.onnx"}) {
    const fs::path file = folder / name;
    const auto size = static_cast<uint64_t>(fs::file_size(file));
    fingerprint.mix(&size, sizeof size);
    std::ifstream in(file, std::ios::binary);
    std::vector<char> block(1 << 20);
    in.read(block.data(), std::streamsize(block.size()));
    fingerprint.mix(block.data(), size_t(in.gcount()));
    if (size > block.size()) {
      in.clear();
      in.seekg(-std::streamoff(block.size()), std::ios::end);
      in.read(block.data(), std::streamsize(block.size()));
      fingerprint.mix(block.data(), size_t(in.gcount()));
    }
  }
  return fingerprint.hex();
}

namespace {

CosyVoice3LM loadLlm(const LoadOptions& options, const ModelConfig& config, at::Device device,
                     const NetworkNumerics& numerics) {
  return CosyVoice3LM::load(config.llm,
                            options.modelFolder / chooseLlmCheckpoint(options.modelFolder, options.llmCheckpoint),
                            LlmRuntime{device, numerics.dtype, numerics.int8Linears});
}

std::unique_ptr<FlowDecoder> loadFlow(const LoadOptions& options, const ModelConfig& config, at::Device device,
                                      const NetworkNumerics& numerics) {
  return FlowDecoder::load(options.modelFolder / "flow.pt", config.flow,
                           FlowDecoder::Options{device, numerics.dtype, numerics.int8Linears});
}

template <typename F>
auto step(const std::function<void(const std::string&)>& onStep, const std::string& what, F&& load) {
  if (onStep) onStep(what);
  return load();
}

}  // namespace

at::Device torchDevice(const Device& device) {
  if (device.kind == DeviceKind::Cpu) return at::kCPU;
  if (const std::string problem = deviceProblem(device); !problem.empty())
    throw EngineError(problem + " (" + torchBuildDescription() + ")");
  return at::Device(at::kCUDA, static_cast<c10::DeviceIndex>(device.index));
}

NetworkNumerics networkNumerics(Precision precision, const at::Device& device, ReducedNetwork network) {
  if (precision == Precision::Int8 && network == ReducedNetwork::Flow && device.is_cpu() && flowInt8RunsInBf16())
    precision = Precision::BFloat16;
  NetworkNumerics numerics;
  switch (precision) {
    case Precision::Float32: return numerics;
    case Precision::Int8:
      if (const std::string problem = int8LinearProblem(device); !problem.empty())
        throw EngineError("int8 is not available: " + problem + " (" + torchBuildDescription() + "); choose fp32" +
                          (device.is_cpu() ? "" : " or bf16"));
      numerics.int8Linears = true;
      return numerics;
    case Precision::BFloat16: numerics.dtype = at::kBFloat16; break;
    case Precision::Float16: numerics.dtype = at::kHalf; break;
  }
  try {
    const auto ones = at::ones({2, 4}, at::TensorOptions().device(device).dtype(numerics.dtype));
    at::linear(ones, ones).sum().item<float>();
  } catch (const c10::Error&) {
    throw EngineError(precisionName(precision) + " is not available on " + device.str() + " with this libtorch (" +
                      torchBuildDescription() + "): choose fp32" + (numerics.dtype == at::kHalf ? " or bf16" : ""));
  }
  return numerics;
}

std::string cpuInt8Problem() { return int8LinearProblem(at::kCPU); }

bool cpuBf16Pays() {
  const CpuFeatures cpu = cpuFeatures();
  return COSYSTUDIO_CPU_BF16_PAYS && (cpu.avx512_bf16 || cpu.amx_bf16);
}

// FBGEMM_ENABLE_INSTRUCTIONS below VNNI asks for an AVX2 CPU's int8, its flow
// included (how ctest runs parity.*.int8_avx2 on any CPU).
bool flowInt8RunsInBf16() {
  return COSYSTUDIO_CPU_BF16_PAYS && cpuFeatures().amx_bf16 && int8SevenBitCause().empty();
}

namespace {

// The CPU's default and why. A default is held to within 1.5x of the bounds of
// the GPU's default, bf16 (README, "Reduced precision"), must be faster than
// fp32 and must not make memory grow as requests come. int8 speeds up the LLM
// and the flow and meets that with AVX-512 VNNI and, with 7-bit weights, on
// AVX2. bf16, faster than fp32 (not than int8) where the CPU multiplies bf16
// natively, stays a choice: oneDNN keeps the kernels of every new shape, and
// the LLM's decode meets one at every position, up to 0.5 GB more as requests
// come (docs/PERFORMANCE.md). Its flow, padded to length buckets, does not:
// on AMX it is int8's flow.
std::pair<Precision, std::string> cpuDefault() {
  const std::string bf16 = cpuBf16Pays() ? "; bf16 is faster here, at up to 0.5 GB more memory: --precision bf16" : "";
  if (const std::string problem = cpuInt8Problem(); !problem.empty())
    return {Precision::Float32, "int8: " + problem + bf16};
  if (const std::string cause = int8SevenBitCause(); !cause.empty())
    return {Precision::Int8, "the LLM's and the flow's projections through fbgemm, with 7-bit weights " + cause};
  if (flowInt8RunsInBf16())
    return {Precision::Int8, "the LLM's projections through fbgemm with AVX-512 VNNI, the flow in bf16 on AMX"};
  return {Precision::Int8, "the LLM's and the flow's projections through fbgemm with AVX-512 VNNI"};
}

}  // namespace

Precision defaultPrecision(const Device& device) {
  if (device.kind == DeviceKind::Cuda) return defaultGpuPrecision(compat::cudaDeviceProperties(device.index).major);
  static const Precision cpu = cpuDefault().first;
  return cpu;
}

std::string describeCpuPrecision() {
  const auto [precision, why] = cpuDefault();
  return precisionName(precision) + " (" + why + ")";
}

std::string networkName(ReducedNetwork network) {
  return network == ReducedNetwork::Llm ? "the language model" : "the flow decoder";
}

NonFiniteOutput::NonFiniteOutput(ReducedNetwork network)
    : std::runtime_error(networkName(network) + " produced non-finite values"), network(network) {}

Model::Model(const LoadOptions& options, const std::function<void(const std::string&)>& onStep)
    : options(options),
      device(torchDevice(options.device)),
      config(step(onStep, "Reading the configuration", [&] { return readModelConfig(options.modelFolder); })),
      fingerprint(frontEndFingerprint(options.modelFolder)),
      tokenizer(step(onStep, "Loading the text tokenizer",
                     [&] { return text::Tokenizer::load(options.modelFolder); })),
      speakerEncoder(step(onStep, "Loading the speaker encoder",
                          [&] { return SpeakerEncoder(options.modelFolder / "campplus.onnx", device); })),
      speechTokenizer(step(onStep, "Loading the speech tokenizer", [&] {
        return SpeechTokenizer(options.modelFolder / "speech_tokenizer_v3.onnx", device);
      })),
      llm(step(onStep, "Loading the language model",
               [&] {
                 return loadLlm(options, config, device,
                                networkNumerics(options.precision, device, ReducedNetwork::Llm));
               })),
      flow(step(onStep, "Loading the flow decoder",
                [&] {
                  return loadFlow(options, config, device,
                                  networkNumerics(options.precision, device, ReducedNetwork::Flow));
                })),
      llmPrecision(options.precision),
      flowPrecision(options.precision),
      hift(step(onStep, "Loading the vocoder", [&] {
        return HiftGenerator::load(options.modelFolder / "hift.pt", config.hift, config.sourceTables, device);
      })) {}

bool Model::useFloat32For(ReducedNetwork network) {
  Precision& precision = network == ReducedNetwork::Llm ? llmPrecision : flowPrecision;
  if (precision == Precision::Float32) return false;
  if (network == ReducedNetwork::Llm) {
    llm = loadLlm(options, config, device, {});
  } else {
    flow.reset();  // the reduced copy goes first (the LLM's is freed on assignment)
    flow = loadFlow(options, config, device, {});
  }
  precision = Precision::Float32;
  return true;
}

}  // namespace cosystudio
