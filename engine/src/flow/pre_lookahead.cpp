#include "flow/pre_lookahead.h"

#include <stdexcept>

namespace cosystudio {

PreLookaheadLayer::PreLookaheadLayer(StateDict& weights, const std::string& prefix,
                                     const FlowConfig& config, const at::TensorOptions& options)
    : lookahead_(config.preLookaheadLen) {
  const int64_t c = config.melDim, h = config.preLookaheadChannels;
  conv1Weight_ = weights.take(prefix + "conv1.weight", {h, c, lookahead_ + 1}).to(options);
  conv1Bias_ = weights.take(prefix + "conv1.bias", {h}).to(options);
  conv2Weight_ = weights.take(prefix + "conv2.weight", {c, h, 3}).to(options);
  conv2Bias_ = weights.take(prefix + "conv2.bias", {c}).to(options);
}

at::Tensor PreLookaheadLayer::forward(const at::Tensor& x, const at::Tensor& context) const {
  at::Tensor y = x.transpose(1, 2);
  if (context.defined()) {
    if (context.size(1) != lookahead_)
      throw std::invalid_argument("PreLookaheadLayer: look-ahead context has " +
                                  std::to_string(context.size(1)) + " tokens, expected " +
                                  std::to_string(lookahead_));
    y = at::cat({y, context.transpose(1, 2)}, 2);
  } else {
    y = at::constant_pad_nd(y, {0, lookahead_}, 0.0);
  }
  y = at::leaky_relu(at::conv1d(y, conv1Weight_, conv1Bias_), 0.01);
  y = at::conv1d(at::constant_pad_nd(y, {2, 0}, 0.0), conv2Weight_, conv2Bias_);
  return y.transpose(1, 2) + x;
}

}  // namespace cosystudio
