// What benchmarks need from the engine beyond its public API: the released
// sizes without the released weights (a model folder in the official formats
// with random weights), and the language model timed on its own.
#pragma once

#include "cosystudio/runtime.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace cosystudio::bench {

// Writes a full-size random-weight Fun-CosyVoice3 folder (created if needed):
// the LLM at the released sizes, flow and HiFT shaped as the fixtures'
// full-size manifest lists them, and the text tokenizer and the (small)
// front-end networks copied from the fixtures' tiny model (they only run when
// a voice is prepared). `fixtures` is the test fixture root (tests/fixtures);
// throws std::runtime_error naming what it lacks.
void writeRandomModelFolder(const std::filesystem::path& folder, const std::filesystem::path& fixtures,
                            uint64_t seed);
// Only the language model's part: llm.pt, the llm section of cosyvoice3.yaml
// and CosyVoice-BlankEN/config.json.
void writeRandomLanguageModel(const std::filesystem::path& folder, uint64_t seed);

struct LanguageModelBenchOptions {
  std::filesystem::path folder;  // holds llm.pt and its configuration
  Device device;
  std::optional<Precision> precision;  // empty: defaultPrecision() of the device
  int textTokens = 40;
  int promptSpeechTokens = 150;
  int decodeTokens = 100;
};

struct LanguageModelBench {
  std::string precision;  // "fp32", "bf16", "fp16"
  double loadMs = 0;
  int64_t loadPeakResident = 0;  // bytes
  int64_t prefillPositions = 0;
  double prefillMs = 0;          // the prompt and the first token
  int decodedTokens = 0;
  double decodeMsPerToken = 0;
};

// Loads the folder's LLM, prefills a synthetic prompt and decodes
// decodeTokens tokens with the real sampler (a drawn stop is folded back into
// the speech tokens, so random weights decode them all).
LanguageModelBench benchLanguageModel(const LanguageModelBenchOptions& options);

}  // namespace cosystudio::bench
