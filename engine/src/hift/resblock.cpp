#include "hift/resblock.h"

#include "model/state_dict.h"

namespace cosystudio {

Snake::Snake(StateDict& weights, const std::string& name, int64_t channels)
    : alpha_(weights.take(name + ".alpha", {channels}).view({1, channels, 1})),
      inverseAlpha_(1.0 / (alpha_ + 1e-9)) {}

at::Tensor Snake::operator()(const at::Tensor& x) const {
  // In place after the first product: each step of 10 s of audio is a 60 MB tensor at the last stage.
  at::Tensor y = x * alpha_;
  y.sin_().pow_(2).mul_(inverseAlpha_);
  return y.add_(x);
}

ResBlock::ResBlock(StateDict& weights, const std::string& name, int64_t channels, int64_t kernel,
                   const std::vector<int64_t>& dilations) {
  for (size_t i = 0; i < dilations.size(); ++i) {
    const std::string n = std::to_string(i);
    branches_.push_back({
        Snake(weights, name + ".activations1." + n, channels),
        CausalConv1d(weights, name + ".convs1." + n, channels, channels, kernel, dilations[i], PadSide::Left),
        Snake(weights, name + ".activations2." + n, channels),
        CausalConv1d(weights, name + ".convs2." + n, channels, channels, kernel, 1, PadSide::Left),
    });
  }
}

at::Tensor ResBlock::operator()(at::Tensor x) const {
  for (const auto& b : branches_) x = b.conv2(b.activation2(b.conv1(b.activation1(x)))) + x;
  return x;
}

}  // namespace cosystudio
