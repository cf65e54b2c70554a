// The Qwen2 decoder stack inside CosyVoice3's LLM (transformers' Qwen2Model,
// eager path): pre-norm blocks of grouped-query attention with q/k/v biases and
// NeoX-style RoPE, SwiGLU MLP, RMSNorm computed in fp32, and a final norm.
// Keys and values live in a pre-allocated KvCache, so prefill and single-token
// decode steps share one code path.
#pragma once

#include "config/llm_config.h"
#include "core/linear.h"
#include "model/state_dict.h"

#include <ATen/ATen.h>

#include <functional>
#include <string>
#include <vector>

namespace cosystudio {

// A parameter of a network: its checkpoint key and shape. `used` is false for
// keys the file holds but the engine never reads (they are skipped at load).
struct ParameterSpec {
  std::string key;
  std::vector<int64_t> shape;
  bool used = true;
};

// Keys after RoPE and values of every layer for `capacity` positions, plus the
// RoPE tables for those positions.
class KvCache {
 public:
  KvCache(const Qwen2Config& config, int64_t capacity, const at::TensorOptions& options);
  int64_t length() const { return length_; }
  int64_t capacity() const { return capacity_; }

  // Empties the cache for the next request, keeping its buffers where they are.
  void clear();
  // Counts the position a decode step wrote. Qwen2::step leaves the count to
  // its caller, since a replayed CUDA graph of the step runs no host code.
  void advance() { length_ += 1; }

 private:
  friend class Qwen2;
  std::vector<at::Tensor> keys_, values_;  // per layer (1, kv_heads, capacity, head_dim)
  at::Tensor cos_, sin_;                   // (capacity, head_dim), compute dtype
  // The decode step's view of the same state, kept on the device: the next
  // position and an additive mask that is 0 over filled positions, -inf beyond.
  at::Tensor position_;  // (1) int64
  at::Tensor visible_;   // (1, 1, 1, capacity)
  int64_t capacity_ = 0;
  int64_t length_ = 0;
};

class Qwen2 {
 public:
  // Parameters under `prefix` (e.g. "llm.model."), in the order of the official state dict.
  static std::vector<ParameterSpec> parameters(const Qwen2Config& config, const std::string& prefix);

  Qwen2(const Qwen2Config& config, StateDict& weights, const std::string& prefix);

  // Text ids (any integer tensor) -> (..., hidden) embeddings.
  at::Tensor embed(const at::Tensor& ids) const { return at::embedding(embedTokens_, ids); }

  // Runs (1, T, hidden) embeddings at positions cache.length() .. +T-1 with causal
  // attention over everything cached, appends their keys/values, and returns the
  // final-normed hidden states (1, T, hidden).
  at::Tensor forward(const at::Tensor& embeddings, KvCache& cache) const;

  // One decode position (1, 1, hidden) reading the first `attend` cache slots
  // (masked beyond the filled ones). Positions live in device tensors, so all
  // steps with the same `attend` run identical kernels with identical
  // arguments, which is what a captured CUDA graph replays. Device work only:
  // the caller then calls cache.advance().
  at::Tensor step(const at::Tensor& embedding, KvCache& cache, int64_t attend) const;

  // The int8 precision: every layer's projections become int8 products
  // (the embeddings and norms stay as loaded).
  void quantizeLinears();

  const Qwen2Config& config() const { return config_; }
  at::TensorOptions options() const { return embedTokens_.options(); }

 private:
  struct Layer {
    Linear q, k, v, o, gate, up, down;
    at::Tensor inputNorm, postAttentionNorm;
  };

  // Builds the model from `take(key, shape)`, called for each parameter in
  // state-dict order: the one place the checkpoint keys are spelled, shared by
  // loading and by parameters().
  using Take = std::function<at::Tensor(const std::string& key, at::IntArrayRef shape)>;
  Qwen2(const Qwen2Config& config, const std::string& prefix, const Take& take);

  at::Tensor rmsNorm(const at::Tensor& x, const at::Tensor& weight) const;
  // Where a call's new positions are and what they attend to.
  struct Positions {
    at::Tensor cos, sin;     // RoPE of the new positions (T, head_dim)
    at::Tensor deviceIndex;  // cache slot of a decode step, or undefined: slots start..start+T-1
    int64_t start = 0;
    int64_t attend = 0;      // cache slots read
    at::Tensor mask;         // additive, broadcastable to the scores, or undefined
  };

  at::Tensor run(const at::Tensor& embeddings, KvCache& cache, const Positions& at) const;
  at::Tensor attention(const Layer& layer, size_t index, const at::Tensor& x, KvCache& cache,
                       const Positions& at) const;
  at::Tensor mlp(const Layer& layer, const at::Tensor& x) const;

  Qwen2Config config_;
  at::Tensor embedTokens_;
  std::vector<Layer> layers_;
  at::Tensor finalNorm_;
};

}  // namespace cosystudio
