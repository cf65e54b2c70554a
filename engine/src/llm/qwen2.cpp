#include "llm/qwen2.h"

#include "core/torch_compat.h"

#include <cmath>
#include <map>

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
    keys_.push_back(at::empty({1, config.numKvHeads, capacity, headDim}, options));
    values_.push_back(at::empty({1, config.numKvHeads, capacity, headDim}, options));
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
}

std::vector<ParameterSpec> Qwen2::parameters(const Qwen2Config& c, const std::string& prefix) {
  const int64_t h = c.hiddenSize, kv = c.numKvHeads * c.headDim(), ffn = c.intermediateSize;
  std::vector<ParameterSpec> specs = {{prefix + "model.embed_tokens.weight", {c.vocabSize, h}}};
  for (int64_t i = 0; i < c.numLayers; ++i) {
    const std::string layer = prefix + "model.layers." + std::to_string(i) + ".";
    specs.insert(specs.end(), {
                                  {layer + "self_attn.q_proj.weight", {h, h}},
                                  {layer + "self_attn.q_proj.bias", {h}},
                                  {layer + "self_attn.k_proj.weight", {kv, h}},
                                  {layer + "self_attn.k_proj.bias", {kv}},
                                  {layer + "self_attn.v_proj.weight", {kv, h}},
                                  {layer + "self_attn.v_proj.bias", {kv}},
                                  {layer + "self_attn.o_proj.weight", {h, h}},
                                  {layer + "mlp.gate_proj.weight", {ffn, h}},
                                  {layer + "mlp.up_proj.weight", {ffn, h}},
                                  {layer + "mlp.down_proj.weight", {h, ffn}},
                                  {layer + "input_layernorm.weight", {h}},
                                  {layer + "post_attention_layernorm.weight", {h}},
                              });
  }
  specs.push_back({prefix + "model.norm.weight", {h}});
  return specs;
}

Qwen2::Qwen2(const Qwen2Config& config, StateDict& weights, const std::string& prefix) : config_(config) {
  std::map<std::string, at::Tensor> p;
  for (const auto& spec : parameters(config, prefix)) p[spec.key] = weights.take(spec.key, spec.shape);
  embedTokens_ = p.at(prefix + "model.embed_tokens.weight");
  for (int64_t i = 0; i < config.numLayers; ++i) {
    const std::string layer = prefix + "model.layers." + std::to_string(i) + ".";
    layers_.push_back(Layer{
        p.at(layer + "self_attn.q_proj.weight"), p.at(layer + "self_attn.q_proj.bias"),
        p.at(layer + "self_attn.k_proj.weight"), p.at(layer + "self_attn.k_proj.bias"),
        p.at(layer + "self_attn.v_proj.weight"), p.at(layer + "self_attn.v_proj.bias"),
        p.at(layer + "self_attn.o_proj.weight"), p.at(layer + "mlp.gate_proj.weight"),
        p.at(layer + "mlp.up_proj.weight"), p.at(layer + "mlp.down_proj.weight"),
        p.at(layer + "input_layernorm.weight"), p.at(layer + "post_attention_layernorm.weight"),
    });
  }
  finalNorm_ = p.at(prefix + "model.norm.weight");
}

at::Tensor Qwen2::rmsNorm(const at::Tensor& x, const at::Tensor& weight) const {
  const auto x32 = x.to(at::kFloat);
  const auto variance = x32.pow(2).mean(-1, true);
  return weight * (x32 * at::rsqrt(variance + config_.rmsNormEps)).to(x.scalar_type());
}

at::Tensor Qwen2::attention(const Layer& layer, size_t index, const at::Tensor& x, KvCache& cache) const {
  const int64_t t = x.size(1), start = cache.length_, end = start + t;
  const int64_t heads = config_.numHeads, kvHeads = config_.numKvHeads, d = config_.headDim();
  const int64_t groups = heads / kvHeads;
  auto q = at::linear(x, layer.qWeight, layer.qBias).view({1, t, heads, d}).transpose(1, 2);
  auto k = at::linear(x, layer.kWeight, layer.kBias).view({1, t, kvHeads, d}).transpose(1, 2);
  auto v = at::linear(x, layer.vWeight, layer.vBias).view({1, t, kvHeads, d}).transpose(1, 2);

  const auto cos = cache.cos_.narrow(0, start, t), sin = cache.sin_.narrow(0, start, t);
  q = q * cos + rotateHalf(q) * sin;
  k = k * cos + rotateHalf(k) * sin;
  cache.keys_[index].narrow(2, start, t).copy_(k);
  cache.values_[index].narrow(2, start, t).copy_(v);
  const auto keys = cache.keys_[index].narrow(2, 0, end);
  const auto values = cache.values_[index].narrow(2, 0, end);
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  at::Tensor out;
  if (t == 1) {
    // One new position sees every cached one: the query heads sharing a kv head
    // become that head's query rows, so keys/values are never repeated.
    out = compat::attention(q.reshape({1, kvHeads, groups, d}), keys, values, {}, scale).reshape({1, heads, 1, d});
  } else {
    const auto repeat = [&](const at::Tensor& kv) {
      return kv.unsqueeze(2).expand({1, kvHeads, groups, end, d}).reshape({1, heads, end, d});
    };
    // Causal: new position i (absolute start + i) attends to positions <= start + i.
    const auto mask = at::full({t, end}, -std::numeric_limits<float>::infinity(), x.options()).triu(start + 1);
    out = compat::attention(q, repeat(keys), repeat(values), mask, scale);
  }
  return at::linear(out.transpose(1, 2).reshape({1, t, heads * d}), layer.oWeight);
}

at::Tensor Qwen2::mlp(const Layer& layer, const at::Tensor& x) const {
  return at::linear(at::silu(at::linear(x, layer.gateWeight)) * at::linear(x, layer.upWeight), layer.downWeight);
}

at::Tensor Qwen2::forward(const at::Tensor& embeddings, KvCache& cache) const {
  const int64_t t = embeddings.size(1);
  TORCH_CHECK(cache.length_ + t <= cache.capacity_, "KV cache full: ", cache.length_, " + ", t, " > ",
              cache.capacity_, " positions");
  at::Tensor h = embeddings;
  for (size_t i = 0; i < layers_.size(); ++i) {
    h = h + attention(layers_[i], i, rmsNorm(h, layers_[i].inputNorm), cache);
    h = h + mlp(layers_[i], rmsNorm(h, layers_[i].postAttentionNorm));
  }
  cache.length_ += t;
  return rmsNorm(h, finalNorm_);
}

}  // namespace cosystudio
