#include "audio/whisper_mel.h"

#include "audio/accurate_ops.h"
#include "audio/mel_filters.h"

#include <c10/util/Exception.h>

namespace cosystudio::audio {
namespace {
constexpr int kSampleRate = 16000;
constexpr int kFftSize = 400;
constexpr int kHop = 160;
constexpr int kMelBins = 128;
}  // namespace

at::Tensor whisperLogMel(const at::Tensor& waveform) {
  const auto signal = waveform.reshape({1, -1});
  TORCH_CHECK(signal.size(1) > kFftSize / 2, "whisper log-mel: need more than ", kFftSize / 2,
              " samples, got ", signal.size(1));
  const auto device = signal.device();
  // torch.stft(center=True): reflect-pad half a window on each side.
  const auto padded =
      at::reflection_pad1d(signal.unsqueeze(0), {kFftSize / 2, kFftSize / 2}).squeeze(0);
  const auto window = at::hann_window(kFftSize, at::kFloat).to(device);
  const auto spectrum = at::stft(padded, kFftSize, kHop, kFftSize, window, /*normalized=*/false,
                                 /*onesided=*/true, /*return_complex=*/true);
  // The last frame is dropped, which makes T = N / 160.
  const auto power = spectrum.narrow(-1, 0, spectrum.size(-1) - 1).abs().pow(2);
  const auto filters = slaneyMelFilters(kSampleRate, kFftSize, kMelBins, 0.0, kSampleRate / 2.0);
  const auto mel = accurateMatmul(filters, power);
  auto logMel = mel.clamp_min(1e-10).log10();
  logMel = at::maximum(logMel, logMel.max() - 8.0);
  return (logMel + 4.0) / 4.0;
}

}  // namespace cosystudio::audio
