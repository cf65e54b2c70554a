// The HiFT residual block (cosyvoice/hifigan/generator.py: ResBlock, causal)
// and its Snake activation (cosyvoice/transformer/activation.py).
#pragma once

#include "hift/causal_conv.h"

#include <ATen/ATen.h>

#include <string>
#include <vector>

namespace cosystudio {

class StateDict;

// Snake(x) = x + 1/(α + 1e-9) · sin(α·x)², α per channel (linear scale).
class Snake {
 public:
  Snake() = default;
  Snake(StateDict& weights, const std::string& name, int64_t channels);
  at::Tensor operator()(const at::Tensor& x) const;  // x: (B, C, T)

 private:
  at::Tensor alpha_;         // (1, C, 1)
  at::Tensor inverseAlpha_;  // 1 / (α + 1e-9), as upstream evaluates it on every call
};

// For each dilation d: x += conv2(Snake2(conv1_d(Snake1(x)))), with conv1
// dilated by d, conv2 undilated, both causal (left-padded).
class ResBlock {
 public:
  ResBlock() = default;
  ResBlock(StateDict& weights, const std::string& name, int64_t channels, int64_t kernel,
           const std::vector<int64_t>& dilations);
  at::Tensor operator()(at::Tensor x) const;

 private:
  struct Branch {
    Snake activation1;
    CausalConv1d conv1;
    Snake activation2;
    CausalConv1d conv2;
  };
  std::vector<Branch> branches_;
};

}  // namespace cosystudio
