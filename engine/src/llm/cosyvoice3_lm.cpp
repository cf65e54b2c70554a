#include "llm/cosyvoice3_lm.h"

#include "core/cuda_graphs.h"
#include "core/torch_compat.h"

#include <algorithm>
#include <limits>
#include <mutex>
#include <optional>

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

// The cache grows to the longest request so far, in powers of two, so that its
// buffers (and the steps recorded on them) stay put across requests.
int64_t cacheCapacity(int64_t positions) {
  int64_t capacity = 64;
  while (capacity < positions) capacity *= 2;
  return capacity;
}

}  // namespace

// One decode step has the same shapes (per attend bucket) and the same buffers
// every token: the sampled id goes in through `token`, the log-probabilities
// come out of the step's output.
struct CosyVoice3LM::Decoder {
  explicit Decoder(const at::Device& device) : token(at::zeros({1, 1}, at::TensorOptions(at::kLong).device(device))) {}
  std::mutex busy;  // held by generate(): one request at a time uses the buffers
  std::optional<KvCache> cache;
  at::Tensor token;  // (1, 1) int64: the id the step embeds
  compat::GraphedSteps steps{"the LLM decode step"};
};

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
  if (runtime.int8Linears) lm.backbone_.quantizeLinears();
  return lm;
}

CosyVoice3LM::CosyVoice3LM(const LlmConfig& config, StateDict& weights)
    : config_(config),
      backbone_(config.qwen2, weights, kBackbone),
      speechEmbedding_(weights.take("speech_embedding.weight", {config.speechVocabSize(), config.inputSize})),
      llmDecoder_(weights.take("llm_decoder.weight", {config.speechVocabSize(), config.outputSize})),
      decoder_(std::make_unique<Decoder>(speechEmbedding_.device())) {}

CosyVoice3LM::CosyVoice3LM(CosyVoice3LM&&) noexcept = default;
CosyVoice3LM& CosyVoice3LM::operator=(CosyVoice3LM&&) noexcept = default;
CosyVoice3LM::~CosyVoice3LM() = default;

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

at::Tensor CosyVoice3LM::logits(const at::Tensor& hidden) const { return compat::linear(hidden, llmDecoder_); }

at::Tensor CosyVoice3LM::logProbs(const at::Tensor& hidden) const {
  return at::log_softmax(logits(hidden).to(at::kFloat), -1);
}

KvCache& CosyVoice3LM::decodeCache(int64_t positions) const {
  auto& cache = decoder_->cache;
  if (cache && cache->capacity() >= positions) {
    cache->clear();
  } else {
    decoder_->steps.clear();  // they were recorded on the buffers about to go
    cache.reset();
    cache.emplace(config_.qwen2, cacheCapacity(positions), backbone_.options());
  }
  return *cache;
}

// Log-probabilities (V) of the token after `token`, in the step's output buffer.
at::Tensor CosyVoice3LM::decodeStep(int64_t token, KvCache& cache) const {
  const int64_t attend = attendBucket(cache.length(), cache.capacity());
  decoder_->token.fill_(token);
  const auto logp = decoder_->steps.run(attend, decoder_->token.device(), [&] {
    const auto h = backbone_.step(speechEmbedding(decoder_->token), cache, attend);
    return logProbs(h.select(1, 0)).squeeze(0);
  });
  cache.advance();
  return logp;
}

GeneratedTokens CosyVoice3LM::generate(const at::Tensor& lmInput, const LengthLimits& limits, TokenSampler& sampler,
                                       const TokenCallback& onToken, const StepObserver& onStep) const {
  const std::lock_guard<std::mutex> lock(decoder_->busy);
  KvCache& cache = decodeCache(lmInput.size(1) + limits.maxLen);
  GeneratedTokens out;
  const at::Tensor prompt = backbone_.forward(lmInput, cache);
  at::Tensor deviceLogp = logProbs(prompt.select(1, prompt.size(1) - 1)).squeeze(0);
  for (int64_t step = 0; step < limits.maxLen; ++step) {
    // Repetition-aware sampling draws on the host from the full distribution
    // (see ras_sampler.h), so the log-probabilities cross; that copy is the
    // step's only sync.
    const auto stepLogp = deviceLogp.to(at::kCPU);
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
    deviceLogp = decodeStep(token, cache);
  }
  return out;
}

}  // namespace cosystudio
