// PreLookaheadLayer (cosyvoice/transformer/upsample_encoder.py): lets every
// token embedding see `preLookaheadLen` tokens ahead before the ×2 repeat.
//   y = conv1(right_pad(x, L))   Conv1d(C -> H, k = L+1), pad = zeros or the real look-ahead tokens
//   y = conv2(left_pad(leaky_relu(y, 0.01), 2))   Conv1d(H -> C, k = 3)
//   out = y + x
#pragma once

#include "flow/flow_config.h"
#include "model/state_dict.h"

#include <ATen/ATen.h>

#include <string>

namespace cosystudio {

class PreLookaheadLayer {
 public:
  PreLookaheadLayer(StateDict& weights, const std::string& prefix, const FlowConfig& config,
                    const at::TensorOptions& options);

  // x: (1, N, C) token embeddings. context: (1, L, C) embeddings of the tokens
  // after x used only as look-ahead (streaming, not final), or undefined for
  // zero padding (final). Returns (1, N, C).
  at::Tensor forward(const at::Tensor& x, const at::Tensor& context = {}) const;

 private:
  int64_t lookahead_;
  at::Tensor conv1Weight_, conv1Bias_, conv2Weight_, conv2Bias_;
};

}  // namespace cosystudio
