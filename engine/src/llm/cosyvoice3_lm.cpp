#include "llm/cosyvoice3_lm.h"

#include <algorithm>
#include <limits>

namespace cosystudio {
namespace {

const std::string kBackbone = "llm.model.";
const std::string kLmHead = "llm.model.lm_head.weight";

// Extra speech-vocabulary ids after the speech tokens.
constexpr int64_t kSosOffset = 0;
constexpr int64_t kTaskIdOffset = 2;

at::Tensor idTensor(const std::vector<int64_t>& ids, const at::Device& device) {
  return at::tensor(ids, at::TensorOptions().dtype(at::kLong)).to(device);
}

// Decode steps read the cache in power-of-two buckets of slots, so that a run
// has a handful of distinct step shapes however long it gets (what capturing
// the step as a CUDA graph needs).
int64_t attendBucket(int64_t length, int64_t capacity) {
  int64_t bucket = 64;
  while (bucket < length + 1) bucket *= 2;
  return std::min(bucket, capacity);
}

}  // namespace

std::vector<ParameterSpec> CosyVoice3LM::parameters(const LlmConfig& config) {
  auto specs = Qwen2::parameters(config.qwen2, kBackbone);
  specs.push_back({kLmHead, {config.qwen2.vocabSize, config.qwen2.hiddenSize}, false});
  specs.push_back({"llm_decoder.weight", {config.speechVocabSize(), config.outputSize}});
  specs.push_back({"speech_embedding.weight", {config.speechVocabSize(), config.inputSize}});
  return specs;
}

CosyVoice3LM CosyVoice3LM::load(const LlmConfig& config, const std::filesystem::path& llmFile,
                                const LlmRuntime& runtime) {
  StateDictOptions options;
  options.device = runtime.device;
  options.dtype = runtime.dtype;
  for (const auto& spec : parameters(config))
    if (!spec.used) options.skipKeys.insert(spec.key);
  StateDict weights = StateDict::load(llmFile, options);
  CosyVoice3LM lm(config, weights);
  weights.finish();
  return lm;
}

CosyVoice3LM::CosyVoice3LM(const LlmConfig& config, StateDict& weights)
    : config_(config),
      backbone_(config.qwen2, weights, kBackbone),
      speechEmbedding_(weights.take("speech_embedding.weight", {config.speechVocabSize(), config.inputSize})),
      llmDecoder_(weights.take("llm_decoder.weight", {config.speechVocabSize(), config.outputSize})) {}

at::Tensor CosyVoice3LM::inputEmbeddings(const std::vector<int64_t>& promptText, const std::vector<int64_t>& text,
                                         const std::vector<int64_t>& promptSpeech) const {
  if (text.empty()) throw GenerationError("the text yields no tokens");
  std::vector<int64_t> allText = promptText;
  allText.insert(allText.end(), text.begin(), text.end());
  const auto device = speechEmbedding_.device();
  for (int64_t id : allText)
    if (id < 0 || id >= config_.qwen2.vocabSize)
      throw GenerationError("text token id " + std::to_string(id) + " outside the vocabulary of " +
                            std::to_string(config_.qwen2.vocabSize));
  for (int64_t id : promptSpeech)
    if (id < 0 || id >= config_.speechTokenSize)
      throw GenerationError("prompt speech token " + std::to_string(id) + " outside 0.." +
                            std::to_string(config_.speechTokenSize - 1));
  const int64_t s = config_.speechTokenSize;
  return at::cat({speechEmbedding_.narrow(0, s + kSosOffset, 1),
                  backbone_.embed(idTensor(allText, device)),
                  speechEmbedding_.narrow(0, s + kTaskIdOffset, 1),
                  speechEmbedding(idTensor(promptSpeech, device))},
                 0)
      .unsqueeze(0);
}

at::Tensor CosyVoice3LM::hidden(const at::Tensor& embeddings) const {
  KvCache cache(config_.qwen2, embeddings.size(1), backbone_.options());
  return backbone_.forward(embeddings, cache);
}

at::Tensor CosyVoice3LM::logProbs(const at::Tensor& hidden) const {
  return at::log_softmax(logits(hidden).to(at::kFloat), -1);
}

GeneratedTokens CosyVoice3LM::generate(const at::Tensor& lmInput, const LengthLimits& limits, TokenSampler& sampler,
                                       const TokenCallback& onToken, const StepObserver& onStep) const {
  KvCache cache(config_.qwen2, lmInput.size(1) + limits.maxLen, backbone_.options());
  GeneratedTokens out;
  at::Tensor h = backbone_.forward(lmInput, cache);
  for (int64_t step = 0; step < limits.maxLen; ++step) {
    // The sampler runs on the host; reading the id is the step's only sync.
    const auto stepLogp = logProbs(h.select(1, h.size(1) - 1)).squeeze(0).to(at::kCPU);
    // On the host already: checking the 6761 values costs nothing.
    if (!stepLogp.isfinite().all().item<bool>()) throw NonFiniteLogProbs();
    at::Tensor logp = stepLogp.clone();
    const bool ignoreEos = step < limits.minLen;
    if (ignoreEos) logp[config_.speechTokenSize] = -std::numeric_limits<float>::infinity();
    const int64_t token = sampler.sample(logp, out.tokens);
    if (onStep) onStep({step, stepLogp, token, ignoreEos});
    if (token >= config_.speechTokenSize) {
      out.stopped = true;
      return out;
    }
    out.tokens.push_back(token);
    if (onToken && !onToken(token, stepLogp)) return out;
    if (step + 1 == limits.maxLen) break;
    h = backbone_.step(speechEmbedding_.narrow(0, token, 1).unsqueeze(0), cache,
                       attendBucket(cache.length(), cache.capacity()));
  }
  return out;
}

}  // namespace cosystudio
