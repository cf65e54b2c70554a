// CausalConvRNNF0Predictor (cosyvoice/hifigan/f0_predictor.py): mel -> F0 in Hz.
//
//   condnet: CausalConv1d(in→C, k4, right) ELU, 4 × [CausalConv1d(C→C, k3, left) ELU]
//   f0 = |Linear(C→num_class)(x)|
//
// Runs in float64 as upstream does (it casts the module and the mel before the
// call); the streaming path depends on that precision. Upstream also folds the
// weight norm in float64; the weights given here are cast from the loader's
// float32 fold, which leaves F0 about 1e-7 relative off the official values.
#pragma once

#include "hift/causal_conv.h"
#include "hift/hift_config.h"

#include <ATen/ATen.h>

#include <vector>

namespace cosystudio {

class StateDict;

class F0Predictor {
 public:
  F0Predictor(StateDict& weights, const std::string& name, const HiftConfig& config);

  // mel: (B, in, T) any floating type. Returns F0 (B, T) float64 when finalize,
  // else (B, T − lookAhead()): the last frames then serve as right context only.
  at::Tensor operator()(const at::Tensor& mel, bool finalize) const;

  // Mel frames of right context the first layer needs (3).
  int64_t lookAhead() const { return layers_.front().padding(); }

 private:
  std::vector<CausalConv1d> layers_;  // float64
  at::Tensor classifierWeight_, classifierBias_;  // float64
};

}  // namespace cosystudio
