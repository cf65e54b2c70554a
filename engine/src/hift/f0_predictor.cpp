#include "hift/f0_predictor.h"

#include "model/state_dict.h"

namespace cosystudio {

F0Predictor::F0Predictor(StateDict& weights, const std::string& name, const HiftConfig& config) {
  const int64_t c = config.f0CondChannels;
  // condnet is an nn.Sequential of conv, ELU, conv, ELU...: the convs sit at even indices.
  layers_.push_back(CausalConv1d(weights, name + ".condnet.0", config.f0InChannels, c, 4, 1, PadSide::Right)
                        .to(at::kDouble));
  for (int i = 2; i <= 8; i += 2)
    layers_.push_back(
        CausalConv1d(weights, name + ".condnet." + std::to_string(i), c, c, 3, 1, PadSide::Left).to(at::kDouble));
  classifierWeight_ = weights.take(name + ".classifier.weight", {config.f0NumClass, c}).to(at::kDouble);
  classifierBias_ = weights.take(name + ".classifier.bias", {config.f0NumClass}).to(at::kDouble);
}

at::Tensor F0Predictor::operator()(const at::Tensor& mel, bool finalize) const {
  const at::Tensor x64 = mel.to(at::kDouble);
  at::Tensor x = at::elu(finalize ? layers_[0](x64) : layers_[0].withLookAhead(x64));
  for (size_t i = 1; i < layers_.size(); ++i) x = at::elu(layers_[i](x));
  return at::abs(at::linear(x.transpose(1, 2), classifierWeight_, classifierBias_).squeeze(-1));
}

}  // namespace cosystudio
