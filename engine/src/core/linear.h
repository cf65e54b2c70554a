// A linear layer of the LLM's backbone or the flow's DiT: the weight as loaded,
// or, in the int8 precision, that weight quantised to int8 per output channel
// and packed for fbgemm's dynamically quantised product (the input is
// quantised per call, the output and the bias stay float32).
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

 private:
  at::Tensor weight_, bias_;
  c10::IValue packed_;  // quantized::linear_prepack's result once quantised
};

// Whether the int8 products quantise their input to all 8 bits
// (int8SevenBitCause() in cosystudio/runtime.h says why not). fbgemm
// accumulates u8 x s8 products straight into int32 with AVX-512 VNNI; its AVX2
// and plain AVX-512 kernels add pairs of them into a saturating int16 with
// vpmaddubsw, so the input keeps to 7 bits there (libtorch's reduce_range),
// which doubles the error (README, "Reduced precision"): 10 % worst-case error
// at 8 bits on AVX2 against 2.5 % at 7, measured.
bool int8FullRangeInput();

// Empty when int8 linear layers run on `device` with this libtorch on this
// CPU; otherwise why not, in words for the user.
std::string int8LinearProblem(const at::Device& device);

}  // namespace cosystudio
