// cosystudio-cli bench-llm <folder> [--write-random] [--device cpu|cuda] [--dtype auto|float32|bfloat16|float16]
//                                   [--text-tokens N] [--prompt-speech-tokens N] [--decode-tokens N]
//
// Times the CosyVoice3 LLM of a model folder: load, prefill, decode ms/token and
// tokens/s, peak resident memory. With --write-random it first writes a
// full-size random-weight LLM into the folder in the official formats, so the
// benchmark runs without the released weights.
#include "command.h"
#include "engine_options.h"

#include "config/llm_config.h"
#include "llm/cosyvoice3_lm.h"
#include "llm/random_llm_folder.h"

#include <ATen/Parallel.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

namespace cosystudio::cli {
namespace {

struct BenchOptions {
  std::string folder;
  bool writeRandom = false;
  std::string device = "cpu";
  std::string dtype = "auto";
  int textTokens = 40;
  int promptSpeechTokens = 150;
  int decodeTokens = 100;
};

// RAS as in a real request, but a drawn stop id is folded back into the speech
// range so that random weights decode the requested number of tokens.
class NonStopping : public TokenSampler {
 public:
  NonStopping(const LlmConfig& config) : ras_(config.sampling, 1986), speechTokens_(config.speechTokenSize) {}
  int64_t sample(at::Tensor& logp, const std::vector<int64_t>& decoded) override {
    return ras_.sample(logp, decoded) % speechTokens_;
  }

 private:
  RasSampler ras_;
  int64_t speechTokens_;
};

int bench(const BenchOptions& o) {
  using Clock = std::chrono::steady_clock;
  const auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  if (o.writeRandom) {
    const auto start = Clock::now();
    writeRandomLlmFolder(o.folder, releasedLlmConfig(), 0);
    std::printf("wrote random-weight LLM to %s in %.1f s\n", o.folder.c_str(), ms(start, Clock::now()) / 1000);
  }
  LlmRuntime runtime = LlmRuntime::forDevice(at::Device(o.device));
  if (o.dtype != "auto")
    runtime.dtype = o.dtype == "bfloat16" ? at::kBFloat16 : o.dtype == "float16" ? at::kHalf : at::kFloat;
  const LlmConfig config = readLlmConfig(o.folder);

  auto start = Clock::now();
  const auto lm = CosyVoice3LM::load(config, std::filesystem::path(o.folder) / "llm.pt", runtime);
  const double loadMs = ms(start, Clock::now());
  const double loadPeak = mib(peakResidentBytes());

  std::vector<int64_t> text(o.textTokens), speech(o.promptSpeechTokens);
  for (size_t i = 0; i < text.size(); ++i) text[i] = 1000 + 37 * i;
  for (size_t i = 0; i < speech.size(); ++i) speech[i] = (11 * i) % config.speechTokenSize;
  const auto lmInput = lm.inputEmbeddings({}, text, speech);

  NonStopping sampler(config);
  std::vector<Clock::time_point> stamps;
  start = Clock::now();
  lm.generate(lmInput, {0, o.decodeTokens + 1}, sampler, [&](int64_t, const at::Tensor&) {
    stamps.push_back(Clock::now());
    return static_cast<int>(stamps.size()) < o.decodeTokens;
  });
  const double prefillMs = ms(start, stamps.front());
  const double decodeMs = stamps.size() > 1 ? ms(stamps.front(), stamps.back()) / (stamps.size() - 1) : 0;
  std::printf("device %s, dtype %s, %d threads\n", o.device.c_str(), c10::toString(runtime.dtype),
              at::get_num_threads());
  std::printf("load %.0f ms (peak RSS %.0f MiB)\n", loadMs, loadPeak);
  std::printf("prefill %lld positions + first token: %.1f ms\n", static_cast<long long>(lmInput.size(1)), prefillMs);
  std::printf("decode %zu tokens: %.2f ms/token, %.1f tokens/s\n", stamps.size() - 1, decodeMs, 1000.0 / decodeMs);
  std::printf("peak RSS %.0f MiB\n", mib(peakResidentBytes()));
  if (runtime.device.is_cuda()) {
    const MemoryStats vram = sampleMemory(Device{DeviceKind::Cuda, std::max<int>(0, runtime.device.index())});
    std::printf("VRAM allocated %.0f MiB, peak %.0f MiB, reserved %.0f MiB\n", mib(vram.deviceAllocated),
                mib(vram.devicePeakAllocated), mib(vram.deviceReserved));
  }
  return 0;
}

const Registration reg([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("bench-llm", "Benchmark the LLM of a model folder (or a random full-size one)");
  auto o = std::make_shared<BenchOptions>();
  sub->add_option("folder", o->folder, "Model folder")->required();
  sub->add_flag("--write-random", o->writeRandom, "First write a full-size random-weight LLM into the folder");
  sub->add_option("--device", o->device, "cpu or cuda")->capture_default_str();
  sub->add_option("--dtype", o->dtype, "auto (bfloat16 on CUDA, float32 on the CPU), float32, bfloat16 or float16")
      ->check(CLI::IsMember({"auto", "float32", "bfloat16", "float16"}))
      ->capture_default_str();
  sub->add_option("--text-tokens", o->textTokens, "Text tokens in the prompt")->capture_default_str();
  sub->add_option("--prompt-speech-tokens", o->promptSpeechTokens, "Prompt speech tokens")->capture_default_str();
  sub->add_option("--decode-tokens", o->decodeTokens, "Tokens to decode")->capture_default_str();
  return {sub, [o] { return bench(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
