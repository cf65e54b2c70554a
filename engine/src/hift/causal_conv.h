// The causal 1-D convolutions of CausalHiFTGenerator and its F0 predictor
// (cosyvoice/transformer/convolution.py). Weights come folded from weight norm;
// all three keep the PyTorch Conv1d layout (out, in, k).
#pragma once

#include <ATen/ATen.h>

#include <string>

namespace cosystudio {

class StateDict;

// Conv1d weight `<name>.weight` (out, in, k) and `<name>.bias` (out).
struct Conv1dParams {
  at::Tensor weight, bias;
  static Conv1dParams take(StateDict& weights, const std::string& name, int64_t in, int64_t out, int64_t kernel);
};

// Which side CausalConv1d pads: `left` makes the layer causal; `right` gives it
// look-ahead (conv_pre, the F0 predictor's first layer).
enum class PadSide { Left, Right };

// Stride-1 Conv1d that pads `padding()` zeros on one side so that the output
// has the input's length. padding = (k·d − d)/2·2 + (k+1)%2, i.e. (k−1)·d for
// odd k, 3 for k=4, as upstream computes it.
class CausalConv1d {
 public:
  CausalConv1d() = default;
  CausalConv1d(StateDict& weights, const std::string& name, int64_t in, int64_t out, int64_t kernel,
               int64_t dilation, PadSide side);

  // Zero padding (the final, non-streaming path). x: (B, in, T) -> (B, out, T).
  at::Tensor operator()(const at::Tensor& x) const;
  // Right-padded layer whose padding is the real look-ahead: the last
  // padding() input frames are context only. (B, in, T) -> (B, out, T − padding).
  at::Tensor withLookAhead(const at::Tensor& x) const;

  int64_t padding() const { return padding_; }
  at::Device device() const { return conv_.weight.device(); }
  // A copy computing in another floating type (the F0 predictor runs in float64).
  CausalConv1d to(at::ScalarType dtype) const;

 private:
  Conv1dParams conv_;
  int64_t dilation_ = 1;
  int64_t padding_ = 0;
  PadSide side_ = PadSide::Left;
};

// Strided downsampling conv (kernel 2u, stride u) after u−1 zeros on the left.
class CausalConv1dDownSample {
 public:
  CausalConv1dDownSample() = default;
  CausalConv1dDownSample(StateDict& weights, const std::string& name, int64_t in, int64_t out, int64_t kernel,
                         int64_t stride);
  at::Tensor operator()(const at::Tensor& x) const;

 private:
  Conv1dParams conv_;
  int64_t stride_ = 1;
};

// Nearest-neighbour upsampling by u followed by a left-padded (k−1 zeros)
// stride-1 Conv1d. Not a transposed convolution: the weights are (out, in, k).
class CausalConv1dUpsample {
 public:
  CausalConv1dUpsample() = default;
  CausalConv1dUpsample(StateDict& weights, const std::string& name, int64_t in, int64_t out, int64_t kernel,
                       int64_t rate);
  at::Tensor operator()(const at::Tensor& x) const;

 private:
  Conv1dParams conv_;
  int64_t rate_ = 1;
};

}  // namespace cosystudio
