#include "asr/sensevoice_encoder.h"

#include <cmath>

namespace cosystudio::asr {
namespace {

constexpr double kLayerNormEps = 1e-5;  // torch.nn.LayerNorm's default, which SenseVoice's LayerNorm keeps

// FunASR's SinusoidalPositionEncoder, positions from 1, computed in float32 in
// its order so that the sums match: [sin(p w_i) ..., cos(p w_i) ...] with
// w_i = exp(-i log(10000) / (depth / 2 - 1)).
at::Tensor sinusoidalPositions(int64_t frames, int64_t depth, const at::TensorOptions& options) {
  const auto increment = at::log(at::full({1}, 10000.0, options)) / (static_cast<double>(depth) / 2 - 1);
  const auto timescales = at::exp(at::arange(depth / 2, options) * -increment);
  const auto scaled = at::arange(1, frames + 1, options).reshape({-1, 1}) * timescales.reshape({1, -1});
  return at::cat({at::sin(scaled), at::cos(scaled)}, 1).unsqueeze(0);
}

}  // namespace

SenseVoiceEncoder::SenseVoiceEncoder(StateDict& weights, const std::string& prefix, const SenseVoiceConfig& config,
                                     const at::TensorOptions& options)
    : config_(config) {
  layers_.push_back(takeLayer(weights, prefix + "encoders0.0.", config.inputSize(), options));
  for (int64_t i = 0; i + 1 < config.blocks; ++i)
    layers_.push_back(takeLayer(weights, prefix + "encoders." + std::to_string(i) + ".", config.outputSize, options));
  afterNorm_ = takeNorm(weights, prefix + "after_norm.", config.outputSize, options);
  for (int64_t i = 0; i < config.tpBlocks; ++i)
    tpLayers_.push_back(
        takeLayer(weights, prefix + "tp_encoders." + std::to_string(i) + ".", config.outputSize, options));
  tpNorm_ = takeNorm(weights, prefix + "tp_norm.", config.outputSize, options);
}

SenseVoiceEncoder::Norm SenseVoiceEncoder::takeNorm(StateDict& weights, const std::string& prefix, int64_t size,
                                                    const at::TensorOptions& options) {
  return {weights.take(prefix + "weight", {size}).to(options), weights.take(prefix + "bias", {size}).to(options)};
}

at::Tensor SenseVoiceEncoder::apply(const Norm& norm, const at::Tensor& x) {
  return at::layer_norm(x, {x.size(-1)}, norm.weight, norm.bias, kLayerNormEps);
}

SenseVoiceEncoder::Layer SenseVoiceEncoder::takeLayer(StateDict& weights, const std::string& prefix,
                                                      int64_t inputSize, const at::TensorOptions& options) const {
  const int64_t d = config_.outputSize, hidden = config_.linearUnits;
  return Layer{
      takeNorm(weights, prefix + "norm1.", inputSize, options),
      takeNorm(weights, prefix + "norm2.", d, options),
      SanmAttention(weights, prefix + "self_attn.", inputSize, d, config_.heads, config_.kernelSize,
                    config_.sanmShift, options),
      Linear(weights.take(prefix + "feed_forward.w_1.weight", {hidden, d}).to(options),
             weights.take(prefix + "feed_forward.w_1.bias", {hidden}).to(options)),
      Linear(weights.take(prefix + "feed_forward.w_2.weight", {d, hidden}).to(options),
             weights.take(prefix + "feed_forward.w_2.bias", {d}).to(options)),
      inputSize == d,
  };
}

at::Tensor SenseVoiceEncoder::Layer::forward(const at::Tensor& x) const {
  const auto attended = attention.forward(apply(norm1, x));
  const auto y = residual ? x + attended : attended;
  return y + w2(at::relu(w1(apply(norm2, y))));
}

at::Tensor SenseVoiceEncoder::forward(const at::Tensor& input) const {
  auto x = input * std::sqrt(static_cast<double>(config_.outputSize));
  x = x + sinusoidalPositions(x.size(1), x.size(2), x.options());
  for (const auto& layer : layers_) x = layer.forward(x);
  x = apply(afterNorm_, x);
  for (const auto& layer : tpLayers_) x = layer.forward(x);
  return apply(tpNorm_, x);
}

}  // namespace cosystudio::asr
