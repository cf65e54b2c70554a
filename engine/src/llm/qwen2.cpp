#include "llm/qwen2.h"

#include "core/torch_compat.h"

#include <cmath>
#include <limits>

namespace cosystudio {
namespace {

// transformers' rotate_half: (x1, x2) -> (-x2, x1) over the two halves.
at::Tensor rotateHalf(const at::Tensor& x) {
  const int64_t half = x.size(-1) / 2;
  return at::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
}

}  // namespace

KvCache::KvCache(const Qwen2Config& config, int64_t capacity, const at::TensorOptions& options)
    : capacity_(capacity) {
  const int64_t headDim = config.headDim();
  for (int64_t i = 0; i < config.numLayers; ++i) {
    // Zeros, not garbage: masked slots still enter the products (0 * -inf
    // weights), and a NaN left in memory would survive the mask.
    keys_.push_back(at::zeros({1, config.numKvHeads, capacity, headDim}, options));
    values_.push_back(at::zeros({1, config.numKvHeads, capacity, headDim}, options));
  }
  // Default RoPE exactly as transformers computes it: inv_freq and the angles in
  // fp32, cos/sin cast to the compute dtype afterwards.
  const auto fp32 = options.dtype(at::kFloat);
  const auto exponents = at::arange(0, headDim, 2, fp32.dtype(at::kLong)).to(at::kFloat) / headDim;
  const auto invFreq = at::pow(config.ropeTheta, exponents).reciprocal();
  const auto angles = at::outer(at::arange(capacity, fp32.dtype(at::kLong)).to(at::kFloat), invFreq);
  const auto doubled = at::cat({angles, angles}, -1);
  cos_ = doubled.cos().to(options.dtype());
  sin_ = doubled.sin().to(options.dtype());
  position_ = at::zeros({1}, options.dtype(at::kLong));
  visible_ = at::full({1, 1, 1, capacity}, -std::numeric_limits<float>::infinity(), options);
}

void KvCache::clear() {
  // Back to zeros, for the reason the constructor gives; only the filled slots were written.
  for (auto* tensors : {&keys_, &values_})
    for (auto& t : *tensors) t.narrow(2, 0, length_).zero_();
  position_.zero_();
  visible_.fill_(-std::numeric_limits<float>::infinity());
  length_ = 0;
}

Qwen2::Qwen2(const Qwen2Config& config, const std::string& prefix, const Take& take) : config_(config) {
  const int64_t h = config.hiddenSize, kv = config.numKvHeads * config.headDim(), ffn = config.intermediateSize;
  embedTokens_ = take(prefix + "model.embed_tokens.weight", {config.vocabSize, h});
  layers_.resize(config.numLayers);
  for (int64_t i = 0; i < config.numLayers; ++i) {
    const std::string key = prefix + "model.layers." + std::to_string(i) + ".";
    Layer& layer = layers_[i];
    layer.q = Linear(take(key + "self_attn.q_proj.weight", {h, h}), take(key + "self_attn.q_proj.bias", {h}));
    layer.k = Linear(take(key + "self_attn.k_proj.weight", {kv, h}), take(key + "self_attn.k_proj.bias", {kv}));
    layer.v = Linear(take(key + "self_attn.v_proj.weight", {kv, h}), take(key + "self_attn.v_proj.bias", {kv}));
    layer.o = Linear(take(key + "self_attn.o_proj.weight", {h, h}));
    layer.gate = Linear(take(key + "mlp.gate_proj.weight", {ffn, h}));
    layer.up = Linear(take(key + "mlp.up_proj.weight", {ffn, h}));
    layer.down = Linear(take(key + "mlp.down_proj.weight", {h, ffn}));
    layer.inputNorm = take(key + "input_layernorm.weight", {h});
    layer.postAttentionNorm = take(key + "post_attention_layernorm.weight", {h});
  }
  finalNorm_ = take(prefix + "model.norm.weight", {h});
}

Qwen2::Qwen2(const Qwen2Config& config, StateDict& weights, const std::string& prefix)
    : Qwen2(config, prefix,
            [&](const std::string& key, at::IntArrayRef shape) { return weights.take(key, shape); }) {}

std::vector<ParameterSpec> Qwen2::parameters(const Qwen2Config& config, const std::string& prefix) {
  std::vector<ParameterSpec> specs;
  // A throwaway model that only records what it asks for: its tensors stay
  // undefined, so nothing is allocated.
  Qwen2(config, prefix, [&](const std::string& key, at::IntArrayRef shape) {
    specs.push_back({key, shape.vec()});
    return at::Tensor();
  });
  return specs;
}

void Qwen2::quantizeLinears() {
  for (Layer& layer : layers_)
    for (Linear* linear : {&layer.q, &layer.k, &layer.v, &layer.o, &layer.gate, &layer.up, &layer.down})
      linear->quantize();
}

at::Tensor Qwen2::rmsNorm(const at::Tensor& x, const at::Tensor& weight) const {
  const auto x32 = x.to(at::kFloat);
  const auto variance = x32.pow(2).mean(-1, true);
  return weight * (x32 * at::rsqrt(variance + config_.rmsNormEps)).to(x.scalar_type());
}

at::Tensor Qwen2::attention(const Layer& layer, size_t index, const at::Tensor& x, KvCache& cache,
                            const Positions& at) const {
  const int64_t t = x.size(1);
  const int64_t heads = config_.numHeads, kvHeads = config_.numKvHeads, d = config_.headDim();
  const int64_t groups = heads / kvHeads;
  auto q = layer.q(x).view({1, t, heads, d}).transpose(1, 2);
  auto k = layer.k(x).view({1, t, kvHeads, d}).transpose(1, 2);
  auto v = layer.v(x).view({1, t, kvHeads, d}).transpose(1, 2);
  q = q * at.cos + rotateHalf(q) * at.sin;
  k = k * at.cos + rotateHalf(k) * at.sin;
  if (at.deviceIndex.defined()) {
    cache.keys_[index].index_copy_(2, at.deviceIndex, k);
    cache.values_[index].index_copy_(2, at.deviceIndex, v);
  } else {
    cache.keys_[index].narrow(2, at.start, t).copy_(k);
    cache.values_[index].narrow(2, at.start, t).copy_(v);
  }
  const auto keys = cache.keys_[index].narrow(2, 0, at.attend);
  const auto values = cache.values_[index].narrow(2, 0, at.attend);
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  at::Tensor out;
  if (t == 1) {
    // One new position: the query heads sharing a kv head become that head's
    // query rows, so keys/values are never repeated.
    out = compat::attention(q.reshape({1, kvHeads, groups, d}), keys, values, at.mask, scale)
              .reshape({1, heads, 1, d});
  } else {
    const auto repeat = [&](const at::Tensor& kv) {
      return kv.unsqueeze(2).expand({1, kvHeads, groups, at.attend, d}).reshape({1, heads, at.attend, d});
    };
    out = compat::attention(q, repeat(keys), repeat(values), at.mask, scale);
  }
  return layer.o(out.transpose(1, 2).reshape({1, t, heads * d}));
}

at::Tensor Qwen2::mlp(const Layer& layer, const at::Tensor& x) const {
  return layer.down(at::silu(layer.gate(x)) * layer.up(x));
}

at::Tensor Qwen2::run(const at::Tensor& embeddings, KvCache& cache, const Positions& at) const {
  at::Tensor h = embeddings;
  for (size_t i = 0; i < layers_.size(); ++i) {
    h = h + attention(layers_[i], i, rmsNorm(h, layers_[i].inputNorm), cache, at);
    h = h + mlp(layers_[i], rmsNorm(h, layers_[i].postAttentionNorm));
  }
  return rmsNorm(h, finalNorm_);
}

at::Tensor Qwen2::forward(const at::Tensor& embeddings, KvCache& cache) const {
  const int64_t t = embeddings.size(1), start = cache.length_, end = start + t;
  TORCH_CHECK(end <= cache.capacity_, "KV cache full: ", start, " + ", t, " > ", cache.capacity_, " positions");
  Positions at;
  at.cos = cache.cos_.narrow(0, start, t);
  at.sin = cache.sin_.narrow(0, start, t);
  at.start = start;
  at.attend = end;
  // Causal: new position i (absolute start + i) attends to positions <= start + i.
  if (t > 1) at.mask = at::full({t, end}, -std::numeric_limits<float>::infinity(), embeddings.options()).triu(start + 1);
  const auto hidden = run(embeddings, cache, at);
  cache.length_ = end;
  cache.position_.fill_(end);
  cache.visible_.narrow(3, 0, end).zero_();
  return hidden;
}

at::Tensor Qwen2::step(const at::Tensor& embedding, KvCache& cache, int64_t attend) const {
  TORCH_CHECK(cache.length_ < attend && attend <= cache.capacity_, "decode step at position ", cache.length_,
              " cannot attend to ", attend, " of ", cache.capacity_, " cached positions");
  // Only device tensors say where this position is, so the step has the same
  // shapes and arguments at every position of a bucket.
  cache.visible_.index_fill_(3, cache.position_, 0.0);
  Positions at;
  at.cos = cache.cos_.index_select(0, cache.position_);
  at.sin = cache.sin_.index_select(0, cache.position_);
  at.deviceIndex = cache.position_;
  at.attend = attend;
  at.mask = cache.visible_.narrow(3, 0, attend);
  const auto hidden = run(embedding, cache, at);
  cache.position_.add_(1);
  return hidden;
}

}  // namespace cosystudio
