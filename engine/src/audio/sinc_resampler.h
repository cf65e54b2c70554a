// torchaudio's default resampler (transforms.Resample: windowed sinc with a
// Hann window, 6 zero crossings, rolloff 0.99), reproduced exactly because the
// speech tokens and the speaker embedding react to its particular errors.
#pragma once

#include <ATen/ATen.h>

namespace cosystudio::audio {

struct SincResampleKernel {
  std::int64_t origStep;  // original rate / gcd: the conv stride
  std::int64_t newStep;   // target rate / gcd: the number of output phases
  std::int64_t width;     // zero padding on the left
  at::Tensor weights;     // (newStep, 1, 2 * width + origStep) float32, on the CPU
};

SincResampleKernel sincResampleKernel(int origRate, int newRate);

// Resamples the last dimension of a float32 tensor on its device. Equal rates
// return the input unchanged, as the official loader skips the step.
at::Tensor sincResample(const at::Tensor& waveform, int origRate, int newRate);

}  // namespace cosystudio::audio
