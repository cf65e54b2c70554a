// cosystudio-cli bench-llm <folder> [--write-random] [--device cpu|cuda:N] [--precision fp32|bf16|fp16|int8]
//                                   [--text-tokens N] [--prompt-speech-tokens N] [--decode-tokens N]
//
// Times the CosyVoice3 LLM of a model folder: load, prefill, decode ms/token and
// tokens/s, peak resident memory. With --write-random it first writes a
// full-size random-weight LLM into the folder in the official formats, so the
// benchmark runs without the released weights.
#include "command.h"
#include "engine_options.h"

#include "cosystudio/bench.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

namespace cosystudio::cli {
namespace {

struct BenchOptions {
  bench::LanguageModelBenchOptions run;
  std::string folder;
  bool writeRandom = false;
  std::string device = "cpu";
  std::string precision;
};

int benchLlm(BenchOptions o) {
  if (o.writeRandom) {
    const auto start = std::chrono::steady_clock::now();
    bench::writeRandomLanguageModel(o.folder, 0);
    std::printf("wrote random-weight LLM to %s in %.1f s\n", o.folder.c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  o.run.folder = o.folder;
  o.run.device = *parseDevice(o.device);
  if (!o.precision.empty()) o.run.precision = parsePrecision(o.precision);
  const bench::LanguageModelBench figures = bench::benchLanguageModel(o.run);
  std::printf("device %s, precision %s, %d threads\n", deviceName(o.run.device).c_str(), figures.precision.c_str(),
              cpuBackend().threads);
  std::printf("load %.0f ms (peak RSS %.0f MiB)\n", figures.loadMs, mib(figures.loadPeakResident));
  std::printf("prefill %lld positions + first token: %.1f ms\n", static_cast<long long>(figures.prefillPositions),
              figures.prefillMs);
  std::printf("decode %d tokens: %.2f ms/token, %.1f tokens/s\n", figures.decodedTokens, figures.decodeMsPerToken,
              figures.decodeMsPerToken > 0 ? 1000.0 / figures.decodeMsPerToken : 0.0);
  std::printf("peak RSS %.0f MiB\n", mib(peakResidentBytes()));
  if (o.run.device.kind == DeviceKind::Cuda) {
    const MemoryStats vram = sampleMemory(o.run.device);
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
  addDeviceOption(sub, o->device);
  addPrecisionOption(sub, o->precision);
  sub->add_option("--text-tokens", o->run.textTokens, "Text tokens in the prompt")->capture_default_str();
  sub->add_option("--prompt-speech-tokens", o->run.promptSpeechTokens, "Prompt speech tokens")->capture_default_str();
  sub->add_option("--decode-tokens", o->run.decodeTokens, "Tokens to decode")->capture_default_str();
  return {sub, [o] { return benchLlm(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
