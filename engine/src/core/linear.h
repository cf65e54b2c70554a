// A linear layer of the LLM's backbone or the flow's DiT: the weight as loaded;
// or, in the int8 precision, that weight quantised to int8 per output channel
// and packed for fbgemm's dynamically quantised product (the input is
// quantised to 8 bits per call, the output and the bias stay float32); or a
// bf16 weight reordered once into oneDNN's blocked layout, which each product
// would otherwise copy it into (the same products, their float32 sums
// accumulated in another order).
#pragma once

#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>

#include <string>

namespace cosystudio {

class Linear {
 public:
  Linear() = default;
  explicit Linear(at::Tensor weight, at::Tensor bias = {}) : weight_(std::move(weight)), bias_(std::move(bias)) {}

  at::Tensor operator()(const at::Tensor& x) const;

  // Packs the weight for int8 products and frees the float copy. Call only
  // where int8LinearProblem() is empty.
  void quantize();

  // Reorders a bf16 weight into oneDNN's layout. Call only where
  // oneDnnPacksBf16() is true.
  void packForOneDnn();

 private:
  at::Tensor weight_, bias_;  // weight_ in oneDNN's opaque layout once packed for it
  c10::IValue packed_;        // quantized::linear_prepack's result once quantised
  bool packedForOneDnn_ = false;
};

// Whether bf16 products with weights packed for oneDNN run here: a libtorch
// with oneDNN's linear operators (2.x; not Debian 12's 1.13) on a CPU where
// oneDNN computes bf16 (AVX-512).
bool oneDnnPacksBf16();

// How many levels each side of zero an int8 weight uses: 127, or 63 where
// fbgemm's kernels add pairs of u8 x s8 products into a saturating int16
// (vpmaddubsw: its AVX2 and plain AVX-512 kernels; int8SevenBitCause() in
// cosystudio/runtime.h says where). Two products of a full 8-bit input and a
// weight within ±63 stay below 2^15 (2 x 255 x 63 = 32130), so the input keeps
// all 8 bits everywhere: quantised per call over a whole activation, it is the
// coarser side (alike on even inputs, half the error where one channel is large:
// docs/PERFORMANCE.md, "int8 on AVX2: which side keeps 7 bits"). AVX-512 VNNI
// accumulates straight into int32 and takes both sides at 8 bits.
int int8WeightLevels();

// Empty when int8 linear layers run on `device` with this libtorch on this
// CPU; otherwise why not, in words for the user.
std::string int8LinearProblem(const at::Device& device);

}  // namespace cosystudio
