// The convolution and matrix products of the front end, kept at full float32
// accuracy on every device. cuDNN runs float32 convolutions in TF32 on Ampere
// and newer GPUs by default (cuBLAS does for matmuls when a caller enables it),
// which keeps 10 mantissa bits: enough to move resampled samples by 1e-4 and
// flip speech tokens. Off the CPU these ops therefore run in float64 and are
// rounded back; on the CPU they run in float32, as the official front end does.
#pragma once

#include <ATen/ATen.h>

namespace cosystudio::audio {

inline at::ScalarType accurateType(const at::Device& device) {
  return device.is_cpu() ? at::kFloat : at::kDouble;
}

// Runs on the input's device; the weights may lie anywhere.
inline at::Tensor accurateConv1d(const at::Tensor& input, const at::Tensor& weight,
                                 std::int64_t stride) {
  const auto type = accurateType(input.device());
  return at::conv1d(input.to(type), weight.to(input.device(), type), {}, stride).to(at::kFloat);
}

// Runs on the device of whichever operand is not on the CPU (a filter bank
// built on the CPU follows the signal).
inline at::Tensor accurateMatmul(const at::Tensor& a, const at::Tensor& b) {
  const auto device = a.is_cpu() ? b.device() : a.device();
  const auto type = accurateType(device);
  return at::matmul(a.to(device, type), b.to(device, type)).to(at::kFloat);
}

}  // namespace cosystudio::audio
