#include "hift/causal_conv.h"

#include "model/state_dict.h"

namespace cosystudio {

Conv1dParams Conv1dParams::take(StateDict& weights, const std::string& name, int64_t in, int64_t out,
                                int64_t kernel) {
  return {weights.take(name + ".weight", {out, in, kernel}), weights.take(name + ".bias", {out})};
}

CausalConv1d::CausalConv1d(StateDict& weights, const std::string& name, int64_t in, int64_t out, int64_t kernel,
                           int64_t dilation, PadSide side)
    : conv_(Conv1dParams::take(weights, name, in, out, kernel)),
      dilation_(dilation), padding_((kernel * dilation - dilation) / 2 * 2 + (kernel + 1) % 2), side_(side) {}

at::Tensor CausalConv1d::operator()(const at::Tensor& x) const {
  const auto padded = side_ == PadSide::Left ? at::constant_pad_nd(x, {padding_, 0})
                                             : at::constant_pad_nd(x, {0, padding_});
  return at::conv1d(padded, conv_.weight, conv_.bias, at::IntArrayRef{1}, at::IntArrayRef{0}, at::IntArrayRef{dilation_});
}

at::Tensor CausalConv1d::withLookAhead(const at::Tensor& x) const {
  TORCH_CHECK(side_ == PadSide::Right, "look-ahead needs a right-padded convolution");
  return at::conv1d(x, conv_.weight, conv_.bias, at::IntArrayRef{1}, at::IntArrayRef{0}, at::IntArrayRef{dilation_});
}

CausalConv1d CausalConv1d::to(at::ScalarType dtype) const {
  CausalConv1d copy = *this;
  copy.conv_ = {conv_.weight.to(dtype), conv_.bias.to(dtype)};
  return copy;
}

CausalConv1dDownSample::CausalConv1dDownSample(StateDict& weights, const std::string& name, int64_t in,
                                               int64_t out, int64_t kernel, int64_t stride)
    : conv_(Conv1dParams::take(weights, name, in, out, kernel)), stride_(stride) {}

at::Tensor CausalConv1dDownSample::operator()(const at::Tensor& x) const {
  return at::conv1d(at::constant_pad_nd(x, {stride_ - 1, 0}), conv_.weight, conv_.bias, at::IntArrayRef{stride_});
}

CausalConv1dUpsample::CausalConv1dUpsample(StateDict& weights, const std::string& name, int64_t in, int64_t out,
                                           int64_t kernel, int64_t rate)
    : conv_(Conv1dParams::take(weights, name, in, out, kernel)), rate_(rate) {}

at::Tensor CausalConv1dUpsample::operator()(const at::Tensor& x) const {
  const at::Tensor up = at::upsample_nearest1d(x, at::IntArrayRef{x.size(2) * rate_},
                                               c10::optional<double>(static_cast<double>(rate_)));
  return at::conv1d(at::constant_pad_nd(up, {conv_.weight.size(2) - 1, 0}), conv_.weight, conv_.bias);
}

}  // namespace cosystudio
