#include "audio/sinc_resampler.h"

#include "audio/accurate_ops.h"

#include <c10/util/Exception.h>

#include <cmath>
#include <numeric>

namespace cosystudio::audio {
namespace {
constexpr int kZeroCrossings = 6;  // lowpass_filter_width
constexpr double kRolloff = 0.99;
}  // namespace

SincResampleKernel sincResampleKernel(int origRate, int newRate) {
  TORCH_CHECK(origRate > 0 && newRate > 0, "resample: invalid rates ", origRate, " -> ", newRate);
  const std::int64_t gcd = std::gcd(origRate, newRate);
  const std::int64_t orig = origRate / gcd;
  const std::int64_t fresh = newRate / gcd;
  const double base = double(std::min(orig, fresh)) * kRolloff;
  const auto width = std::int64_t(std::ceil(kZeroCrossings * double(orig) / base));

  const auto f64 = at::TensorOptions().dtype(at::kDouble);
  const auto idx = at::arange(-width, width + orig, f64).unsqueeze(0).unsqueeze(0) / double(orig);
  // The phase offsets are an int64 range divided by an int, which torch
  // evaluates in float32 before the sum promotes them to float64.
  const auto phase = at::arange(0, -fresh, -1, at::kLong).div(fresh);
  auto t = phase.unsqueeze(1).unsqueeze(1) + idx;
  t.mul_(base).clamp_(-kZeroCrossings, kZeroCrossings);
  const auto window = at::cos(t * M_PI / kZeroCrossings / 2).pow(2);
  t.mul_(M_PI);
  const double scale = base / double(orig);
  auto kernel = at::where(t == 0, at::ones({}, f64), t.sin() / t);
  kernel.mul_(window * scale);
  return {orig, fresh, width, kernel.to(at::kFloat)};
}

at::Tensor sincResample(const at::Tensor& waveform, int origRate, int newRate) {
  if (origRate == newRate) return waveform;
  TORCH_CHECK(waveform.scalar_type() == at::kFloat, "resample: expected float32 samples, got ",
              waveform.scalar_type());
  const auto kernel = sincResampleKernel(origRate, newRate);
  const auto shape = waveform.sizes().vec();
  const std::int64_t length = shape.back();
  const auto flat = waveform.reshape({-1, length});
  const auto padded = at::constant_pad_nd(flat, {kernel.width, kernel.width + kernel.origStep});
  const auto phases = accurateConv1d(padded.unsqueeze(1), kernel.weights, kernel.origStep);
  const auto interleaved = phases.transpose(1, 2).reshape({flat.size(0), -1});
  const auto targetLength = std::int64_t(
      std::ceil(double(kernel.newStep) * double(length) / double(kernel.origStep)));
  auto outShape = shape;
  outShape.back() = targetLength;
  return interleaved.narrow(1, 0, targetLength).reshape(outShape);
}

}  // namespace cosystudio::audio
