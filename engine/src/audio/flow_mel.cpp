#include "audio/flow_mel.h"

#include "audio/accurate_ops.h"
#include "audio/mel_filters.h"

#include <c10/util/Exception.h>

namespace cosystudio::audio {
namespace {
constexpr int kSampleRate = 24000;
constexpr int kFftSize = 1920;
constexpr int kHop = 480;
constexpr int kMelBins = 80;
constexpr int kPad = (kFftSize - kHop) / 2;  // 720, instead of stft's centring
}  // namespace

at::Tensor flowMel(const at::Tensor& waveform) {
  const auto signal = waveform.reshape({1, -1});
  TORCH_CHECK(signal.size(1) > kPad, "flow mel: need more than ", kPad, " samples, got ",
              signal.size(1));
  const auto device = signal.device();
  const auto padded = at::reflection_pad1d(signal.unsqueeze(1), {kPad, kPad}).squeeze(1);
  const auto window = at::hann_window(kFftSize, at::kFloat).to(device);
  const auto spectrum = at::view_as_real(at::stft(padded, kFftSize, kHop, kFftSize, window,
                                                  /*normalized=*/false, /*onesided=*/true,
                                                  /*return_complex=*/true));
  const auto magnitude = (spectrum.pow(2).sum(-1) + 1e-9).sqrt();
  const auto basis = slaneyMelFilters(kSampleRate, kFftSize, kMelBins, 0.0, kSampleRate / 2.0);
  const auto mel = accurateMatmul(basis, magnitude);
  return mel.clamp_min(1e-5).log();
}

}  // namespace cosystudio::audio
