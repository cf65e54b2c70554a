// CosyVoice's repetition-aware sampling (`ras_sampling` in cosyvoice/utils/common.py),
// quirks included: nucleus candidates are taken while the fp32 running sum is
// below top_p and fewer than top_k are taken (so the crossing token is kept);
// when the drawn token occurs in the last `win_size` outputs at least
// `win_size * tau_r` times, it is struck out and a token is redrawn from the
// full distribution (stop ids included).
//
// Every draw uses the sampler's own generator, seeded per request; a draw hook
// can replace the draws, e.g. to replay recorded outcomes. Sampling runs on the
// host, whatever the model's device: libtorch's CPU generator makes a seed give
// the same tokens everywhere, and the nucleus rule's running fp32 sum is
// sequential (a GPU's parallel scan would round it otherwise and move the
// crossing token). So the full log-probabilities reach the host every step:
// the repetition check can redraw from all of them.
#pragma once

#include "config/llm_config.h"

#include <ATen/ATen.h>
#include <ATen/core/Generator.h>

#include <functional>
#include <vector>

namespace cosystudio {

// Chooses the next token from fp32 log-probabilities (V) on the CPU; `logp` may
// be modified. `decoded` holds the tokens emitted so far.
class TokenSampler {
 public:
  virtual ~TokenSampler() = default;
  virtual int64_t sample(at::Tensor& logp, const std::vector<int64_t>& decoded) = 0;
};

class GreedySampler : public TokenSampler {
 public:
  int64_t sample(at::Tensor& logp, const std::vector<int64_t>& decoded) override;
};

class RasSampler : public TokenSampler {
 public:
  enum class Draw { Nucleus = 0, Fallback = 1 };
  // Gets the (unnormalised) weights a draw is made from and the token id of
  // each candidate, and returns the index drawn.
  using DrawHook = std::function<int64_t(Draw kind, const at::Tensor& weights, const at::Tensor& tokens)>;

  RasSampler(const RasSamplingConfig& config, uint64_t seed);
  int64_t sample(at::Tensor& logp, const std::vector<int64_t>& decoded) override;
  void setDrawHook(DrawHook hook) { hook_ = std::move(hook); }

 private:
  int64_t draw(Draw kind, const at::Tensor& weights, const at::Tensor& tokens);

  RasSamplingConfig config_;
  at::Generator generator_;
  DrawHook hook_;
};

}  // namespace cosystudio
