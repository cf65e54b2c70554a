// The short-time Fourier transforms around HiFT's filter network: the source
// excitation enters as an STFT, the network's output leaves through an iSTFT.
// Both use a periodic Hann window of n_fft samples, hop `hop`, center=True.
#pragma once

#include <ATen/ATen.h>

namespace cosystudio {

class HiftStft {
 public:
  HiftStft(int64_t nFft, int64_t hop);

  struct Spectrum {
    at::Tensor real, imag;  // (B, nFft/2+1, frames)
  };
  // signal: (B, L) -> frames = L/hop + 1 (reflect padding at both ends).
  Spectrum forward(const at::Tensor& signal) const;

  // magnitude, phase: (B, nFft/2+1, frames) -> (B, hop·(frames−1)). The
  // magnitude is clipped to 100 first, as upstream's _istft does.
  at::Tensor inverse(const at::Tensor& magnitude, const at::Tensor& phase) const;

  int64_t bins() const { return nFft_ / 2 + 1; }

 private:
  int64_t nFft_, hop_;
  at::Tensor window_;  // float32, CPU; moved to the signal's device per call
};

}  // namespace cosystudio
