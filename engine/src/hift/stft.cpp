#include "hift/stft.h"

#include <cmath>

namespace cosystudio {

namespace {

// scipy.signal.get_window('hann', n, fftbins=True) in float64, then float32:
// 0.5 + 0.5·cos(x) on n points of linspace(−π, π, n+1).
at::Tensor periodicHann(int64_t n) {
  at::Tensor w = at::empty({n}, at::kDouble);
  auto* data = w.data_ptr<double>();
  const double step = 2.0 * M_PI / static_cast<double>(n);
  for (int64_t i = 0; i < n; ++i) data[i] = 0.5 + 0.5 * std::cos(-M_PI + static_cast<double>(i) * step);
  return w.to(at::kFloat);
}

}  // namespace

HiftStft::HiftStft(int64_t nFft, int64_t hop) : nFft_(nFft), hop_(hop), window_(periodicHann(nFft)) {}

HiftStft::Spectrum HiftStft::forward(const at::Tensor& signal) const {
  const at::Tensor spec = at::stft(signal, nFft_, hop_, nFft_, window_.to(signal.device()), /*center=*/true,
                                   "reflect", /*normalized=*/false, /*onesided=*/true, /*return_complex=*/true);
  const at::Tensor parts = at::view_as_real(spec);
  return {parts.select(-1, 0), parts.select(-1, 1)};
}

at::Tensor HiftStft::inverse(const at::Tensor& magnitude, const at::Tensor& phase) const {
  const at::Tensor clipped = at::clamp_max(magnitude, 1e2);
  const at::Tensor spec = at::complex(clipped * at::cos(phase), clipped * at::sin(phase));
  return at::istft(spec, nFft_, hop_, nFft_, window_.to(magnitude.device()), /*center=*/true);
}

}  // namespace cosystudio
