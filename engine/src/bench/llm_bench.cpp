// The language model timed on its own: load, prefill, decode.
#include "cosystudio/bench.h"

#include "config/llm_config.h"
#include "llm/cosyvoice3_lm.h"
#include "pipeline/model.h"

#include <chrono>
#include <vector>

namespace cosystudio::bench {

namespace {

// RAS as in a real request, but a drawn stop id is folded back into the speech
// range so that random weights decode the requested number of tokens.
class NonStopping : public TokenSampler {
 public:
  explicit NonStopping(const LlmConfig& config) : ras_(config.sampling, 1986), speechTokens_(config.speechTokenSize) {}
  int64_t sample(at::Tensor& logp, const std::vector<int64_t>& decoded) override {
    return ras_.sample(logp, decoded) % speechTokens_;
  }

 private:
  RasSampler ras_;
  int64_t speechTokens_;
};

using Clock = std::chrono::steady_clock;

double msBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

LanguageModelBench benchLanguageModel(const LanguageModelBenchOptions& o) {
  const Precision precision = o.precision.value_or(defaultPrecision(o.device));
  const at::Device device = torchDevice(o.device);
  const LlmConfig config = readLlmConfig(o.folder);
  LanguageModelBench figures;
  figures.precision = precisionName(precision);

  auto start = Clock::now();
  const NetworkNumerics numerics = networkNumerics(precision, device, ReducedNetwork::Llm);
  const auto lm = CosyVoice3LM::load(config, o.folder / kBaseCheckpoint,
                                     LlmRuntime{device, numerics.dtype, numerics.int8Linears});
  figures.loadMs = msBetween(start, Clock::now());
  figures.loadPeakResident = peakResidentBytes();

  std::vector<int64_t> text(size_t(o.textTokens)), speech(size_t(o.promptSpeechTokens));
  for (size_t i = 0; i < text.size(); ++i) text[i] = int64_t(1000 + 37 * i);
  for (size_t i = 0; i < speech.size(); ++i) speech[i] = int64_t(11 * i) % config.speechTokenSize;
  const auto lmInput = lm.inputEmbeddings({}, text, speech);
  figures.prefillPositions = lmInput.size(1);

  NonStopping sampler(config);
  std::vector<Clock::time_point> stamps;
  start = Clock::now();
  lm.generate(lmInput, {0, o.decodeTokens + 1}, sampler, [&](int64_t, const at::Tensor&) {
    stamps.push_back(Clock::now());
    return static_cast<int>(stamps.size()) < o.decodeTokens;
  });
  figures.prefillMs = msBetween(start, stamps.front());
  figures.decodedTokens = int(stamps.size()) - 1;
  if (figures.decodedTokens > 0) figures.decodeMsPerToken = msBetween(stamps.front(), stamps.back()) / figures.decodedTokens;
  return figures;
}

}  // namespace cosystudio::bench
