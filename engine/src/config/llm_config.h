// The language model's sizes and sampling parameters, as the model folder
// states them: `cosyvoice3.yaml` (llm section) and `CosyVoice-BlankEN/config.json`.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <string>

namespace cosystudio {

// The Qwen2 backbone (HF config.json field names in comments).
struct Qwen2Config {
  int64_t vocabSize = 0;         // vocab_size
  int64_t hiddenSize = 0;        // hidden_size
  int64_t intermediateSize = 0;  // intermediate_size
  int64_t numLayers = 0;         // num_hidden_layers
  int64_t numHeads = 0;          // num_attention_heads
  int64_t numKvHeads = 0;        // num_key_value_heads
  double rmsNormEps = 1e-6;      // rms_norm_eps
  double ropeTheta = 10000.0;    // rope_theta
  int64_t headDim() const { return hiddenSize / numHeads; }
};

// ras_sampling(top_p, top_k, win_size, tau_r).
struct RasSamplingConfig {
  double topP = 0.8;
  int64_t topK = 25;
  int64_t winSize = 10;
  double tauR = 0.1;
};

struct LlmConfig {
  int64_t inputSize = 0;        // llm_input_size
  int64_t outputSize = 0;       // llm_output_size
  int64_t speechTokenSize = 0;  // speech_token_size; the heads have speechTokenSize + 200 rows
  RasSamplingConfig sampling;
  Qwen2Config qwen2;

  // Rows of speech_embedding / llm_decoder: the speech tokens plus 200 extra ids
  // (sos, eos, task_id, fill, unused); every extra id stops generation.
  int64_t speechVocabSize() const { return speechTokenSize + 200; }
};

// Reads a config.json object (or anything with its field names); errors name `source`.
Qwen2Config parseQwen2Config(const nlohmann::json& json, const std::string& source);

// Reads `<folder>/cosyvoice3.yaml` and `<folder>/CosyVoice-BlankEN/config.json`.
// Throws ConfigError naming the file and the missing or invalid value.
LlmConfig readLlmConfig(const std::filesystem::path& modelFolder);

}  // namespace cosystudio
