// SANM self-attention (FunASR's MultiHeadedAttentionSANM): multi-head
// attention plus an FSMN memory block, a depthwise convolution over time of
// the values, added to the attention's output.
//
//   q, k, v = split(linear_q_k_v(x))                    in -> 3 x d
//   memory  = v + conv1d_depthwise(pad(v), k taps)     pad: (k-1)/2 + shift left, the rest right
//   att     = linear_out(softmax(q k^T / sqrt(d_head)) v)   per head
//   out     = att + memory
#pragma once

#include "core/linear.h"
#include "model/state_dict.h"

#include <ATen/ATen.h>

#include <string>

namespace cosystudio::asr {

class SanmAttention {
 public:
  SanmAttention(StateDict& weights, const std::string& prefix, int64_t inputSize, int64_t size, int64_t heads,
                int64_t kernelSize, int64_t shift, const at::TensorOptions& options);

  // x: (1, T, inputSize) -> (1, T, size).
  at::Tensor forward(const at::Tensor& x) const;

 private:
  int64_t size_, heads_, leftPad_, rightPad_;
  Linear qkv_, out_;
  at::Tensor memoryTaps_;  // (size, 1, k)
};

}  // namespace cosystudio::asr
