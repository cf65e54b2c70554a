#include "audio/mel_filters.h"

#include <cmath>
#include <vector>

namespace cosystudio::audio {
namespace {

// Slaney's mel scale: linear below 1 kHz, logarithmic above (librosa, htk=False).
constexpr double kLinearHzPerMel = 200.0 / 3;
constexpr double kLogStartHz = 1000.0;
constexpr double kLogStartMel = kLogStartHz / kLinearHzPerMel;
const double kLogStep = std::log(6.4) / 27.0;

double hzToSlaneyMel(double hz) {
  return hz >= kLogStartHz ? kLogStartMel + std::log(hz / kLogStartHz) / kLogStep
                           : hz / kLinearHzPerMel;
}

double slaneyMelToHz(double mel) {
  return mel >= kLogStartMel ? kLogStartHz * std::exp(kLogStep * (mel - kLogStartMel))
                             : kLinearHzPerMel * mel;
}

// numpy.linspace(start, stop, count): start + k * step, the last point exact.
std::vector<double> linspace(double start, double stop, int count) {
  std::vector<double> points(count);
  const double step = (stop - start) / (count - 1);
  for (int k = 0; k < count; ++k) points[k] = double(k) * step + start;
  points.back() = stop;
  return points;
}

}  // namespace

at::Tensor slaneyMelFilters(int sampleRate, int nFft, int nMels, double fMin, double fMax) {
  const int bins = nFft / 2 + 1;
  // numpy.fft.rfftfreq(n_fft, 1 / sr)
  const double binHz = 1.0 / (nFft * (1.0 / sampleRate));
  std::vector<double> mels = linspace(hzToSlaneyMel(fMin), hzToSlaneyMel(fMax), nMels + 2);
  std::vector<double> edgesHz(mels.size());
  for (size_t i = 0; i < mels.size(); ++i) edgesHz[i] = slaneyMelToHz(mels[i]);

  auto filters = at::empty({nMels, bins}, at::kFloat);
  auto out = filters.accessor<float, 2>();
  for (int m = 0; m < nMels; ++m) {
    const double lowerWidth = edgesHz[m + 1] - edgesHz[m];
    const double upperWidth = edgesHz[m + 2] - edgesHz[m + 1];
    const double areaNorm = 2.0 / (edgesHz[m + 2] - edgesHz[m]);
    for (int k = 0; k < bins; ++k) {
      const double hz = double(k) * binHz;
      const double rising = -(edgesHz[m] - hz) / lowerWidth;
      const double falling = (edgesHz[m + 2] - hz) / upperWidth;
      // librosa stores the triangle as float32 before normalising it in float64.
      const float triangle = float(std::max(0.0, std::min(rising, falling)));
      out[m][k] = float(double(triangle) * areaNorm);
    }
  }
  return filters;
}

at::Tensor kaldiMelBanks(int nMels, int paddedWindow, double sampleRate, double lowFreq,
                         double highFreq) {
  const auto melScale = [](double hz) { return 1127.0 * std::log(1.0 + hz / 700.0); };
  const double nyquist = 0.5 * sampleRate;
  if (highFreq <= 0.0) highFreq += nyquist;
  const double binHz = sampleRate / paddedWindow;
  const double melLow = melScale(lowFreq);
  const double melDelta = (melScale(highFreq) - melLow) / (nMels + 1);

  // Same float32 tensor arithmetic as torchaudio, so the banks agree bit for bit.
  const auto bin = at::arange(nMels, at::kLong).unsqueeze(1);
  const auto leftMel = melLow + bin * melDelta;
  const auto centerMel = melLow + (bin + 1.0) * melDelta;
  const auto rightMel = melLow + (bin + 2.0) * melDelta;
  const auto fftHz = binHz * at::arange(double(paddedWindow / 2), at::kFloat);
  const auto mel = (1.0 + fftHz / 700.0).log().mul(1127.0).unsqueeze(0);
  const auto upSlope = (mel - leftMel) / (centerMel - leftMel);
  const auto downSlope = (rightMel - mel) / (rightMel - centerMel);
  const auto banks = at::max(at::zeros({1}, at::kFloat), at::min(upSlope, downSlope));
  return at::constant_pad_nd(banks, {0, 1});
}

at::Tensor poveyWindow(int length) {
  return at::hann_window(length, /*periodic=*/false, at::kFloat).pow(0.85);
}

}  // namespace cosystudio::audio
