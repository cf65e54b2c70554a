#include "audio/kaldi_fbank.h"

#include "audio/accurate_ops.h"
#include "audio/mel_filters.h"

#include <limits>

namespace cosystudio::audio {
namespace {
constexpr int kSampleRate = 16000;
constexpr int kFrameLength = 400;  // 25 ms
constexpr int kFrameShift = 160;   // 10 ms
constexpr int kFftSize = 512;      // frame length rounded up to a power of two
constexpr int kMelBins = 80;
constexpr double kLowFreq = 20.0;
constexpr double kHighFreq = 0.0;  // 0 = Nyquist
constexpr double kPreemphasis = 0.97;
}  // namespace

at::Tensor kaldiFbank(const at::Tensor& waveform, FbankWindow window) {
  // Kaldi reads the first channel only.
  const auto signal = (waveform.dim() == 2 ? waveform[0] : waveform).contiguous();
  const auto options = signal.options();
  const std::int64_t length = signal.size(0);
  if (length < kFrameLength) return at::empty({0, kMelBins}, options);

  // snip_edges: only frames that fit entirely.
  const std::int64_t frames = 1 + (length - kFrameLength) / kFrameShift;
  auto x = signal.as_strided({frames, kFrameLength}, {kFrameShift, 1});
  x = x - x.mean(1).unsqueeze(1);  // DC offset per frame
  // Pre-emphasis; the first sample of a frame uses itself as its predecessor.
  const auto previous = at::replication_pad1d(x.unsqueeze(0), {1, 0}).squeeze(0);
  x = x - kPreemphasis * previous.narrow(1, 0, kFrameLength);
  // Kaldi's Hamming window is the symmetric one: 0.54 - 0.46 cos(2 pi n / (N - 1)).
  const auto weights = window == FbankWindow::Hamming
                           ? at::hamming_window(kFrameLength, /*periodic=*/false, 0.54, 0.46, at::kFloat)
                           : poveyWindow(kFrameLength);
  x = x * weights.to(signal.device()).unsqueeze(0);
  x = at::constant_pad_nd(x, {0, kFftSize - kFrameLength});

  const auto power = at::fft_rfft(x).abs().pow(2.0);
  const auto banks = kaldiMelBanks(kMelBins, kFftSize, kSampleRate, kLowFreq, kHighFreq);
  const auto energies = accurateMatmul(power, banks.t());
  const auto floor = at::scalar_tensor(std::numeric_limits<float>::epsilon(), options);
  return at::max(energies, floor).log();
}

at::Tensor subtractFrameMean(const at::Tensor& features) {
  return features - features.mean(0, /*keepdim=*/true);
}

}  // namespace cosystudio::audio
