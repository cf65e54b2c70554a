// CosyVoice3's language model (`CosyVoice3LM`): a Qwen2 backbone reading
// [sos] text [task_id] prompt-speech embeddings and predicting speech tokens
// through its own `speech_embedding` table and bias-free `llm_decoder` head.
// The backbone's tied `lm_head` is never used and never loaded.
#pragma once

#include "config/llm_config.h"
#include "llm/qwen2.h"
#include "llm/ras_sampler.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

namespace cosystudio {

struct LlmRuntime {
  at::Device device = at::kCPU;
  at::ScalarType dtype = at::kFloat;
  // The backbone's projections as int8 products (int8LinearProblem() must be
  // empty); the embeddings and the speech head stay in `dtype`, so the
  // log-probabilities come from a float head.
  bool int8Linears = false;
};

// How many tokens a text may produce (official min/max_token_text_ratio defaults,
// applied to the tts text only, prompt text excluded).
struct LengthLimits {
  int64_t minLen = 0;  // before this step, sos (id speech_token_size) is masked
  int64_t maxLen = 0;
  static LengthLimits forText(int64_t textTokens) { return {textTokens * 2, textTokens * 20}; }
};

struct GeneratedTokens {
  std::vector<int64_t> tokens;
  bool stopped = false;  // a stop id was drawn; false when maxLen or the consumer ended it
};

// One decode step as the sampler saw it.
struct DecodeStep {
  int64_t step;
  const at::Tensor& logp;  // (V) fp32 on the CPU, before any masking
  int64_t token;           // what the sampler returned: a stop id ends the run
  bool ignoreEos;          // id speech_token_size was masked (step < minLen; upstream's name)
};

class GenerationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A step's log-probabilities hold an infinity or NaN (reduced precision that
// overflowed, or a damaged checkpoint): nothing sensible can be sampled.
class NonFiniteLogProbs : public GenerationError {
 public:
  NonFiniteLogProbs() : GenerationError("the language model's log-probabilities are not finite") {}
};

class CosyVoice3LM {
 public:
  // Every key and shape of the official `llm.pt` for this config.
  static std::vector<ParameterSpec> parameters(const LlmConfig& config);

  // Loads `llmFile` through StateDict (lm_head skipped) and checks every key.
  static CosyVoice3LM load(const LlmConfig& config, const std::filesystem::path& llmFile, const LlmRuntime& runtime);
  CosyVoice3LM(const LlmConfig& config, StateDict& weights);
  CosyVoice3LM(CosyVoice3LM&&) noexcept;
  CosyVoice3LM& operator=(CosyVoice3LM&&) noexcept;
  ~CosyVoice3LM();

  // lm_input = [sos] embed_tokens(promptText ++ text) [task_id] speech_embedding(promptSpeech): (1, T, hidden).
  at::Tensor inputEmbeddings(const std::vector<int64_t>& promptText, const std::vector<int64_t>& text,
                             const std::vector<int64_t>& promptSpeech) const;
  at::Tensor speechEmbedding(const at::Tensor& tokens) const { return at::embedding(speechEmbedding_, tokens); }

  // Post-norm hidden states of a whole sequence (teacher forcing): (1, T, hidden).
  at::Tensor hidden(const at::Tensor& embeddings) const;
  // fp32 log-probabilities over the speech vocabulary from hidden states.
  at::Tensor logProbs(const at::Tensor& hidden) const;
  at::Tensor logits(const at::Tensor& hidden) const;

  // Called with each emitted token and the step's log-probabilities (before any
  // masking); returning false ends generation there.
  using TokenCallback = std::function<bool(int64_t token, const at::Tensor& stepLogp)>;
  // Called after every sampling, the stop step included, for parity checks.
  using StepObserver = std::function<void(const DecodeStep&)>;

  // The official decode loop: prefill, then one token per step through the KV
  // cache; step i < minLen masks id speech_token_size; any id >= speech_token_size
  // stops. After maxLen tokens without a stop id it returns them with
  // stopped == false, as upstream does: the caller reports the run-away.
  // Calls on one model run one at a time: they share its decode buffers.
  GeneratedTokens generate(const at::Tensor& lmInput, const LengthLimits& limits, TokenSampler& sampler,
                           const TokenCallback& onToken = {}, const StepObserver& onStep = {}) const;

  const LlmConfig& config() const { return config_; }
  const Qwen2& backbone() const { return backbone_; }

 private:
  struct Decoder;
  KvCache& decodeCache(int64_t positions) const;
  at::Tensor decodeStep(int64_t token, KvCache& cache) const;

  LlmConfig config_;
  Qwen2 backbone_;
  at::Tensor speechEmbedding_, llmDecoder_;
  // What decoding keeps from one request to the next (buffers, recorded steps).
  std::unique_ptr<Decoder> decoder_;
};

}  // namespace cosystudio
