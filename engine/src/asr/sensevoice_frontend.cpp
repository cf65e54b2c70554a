#include "asr/sensevoice_frontend.h"

#include "audio/kaldi_fbank.h"

namespace cosystudio::asr {
namespace {
// Kaldi's fbank reads samples in the int16 range.
constexpr double kInt16Scale = 32768.0;
}  // namespace

SenseVoiceFrontend::SenseVoiceFrontend(const SenseVoiceConfig& config, const FeatureNormalization& normalization)
    : lfrM_(config.lfrM), lfrN_(config.lfrN) {
  const auto dims = static_cast<int64_t>(normalization.shift.size());
  shift_ = at::from_blob(const_cast<float*>(normalization.shift.data()), {dims}, at::kFloat).clone();
  scale_ = at::from_blob(const_cast<float*>(normalization.scale.data()), {dims}, at::kFloat).clone();
}

at::Tensor SenseVoiceFrontend::features(const at::Tensor& speech16k) const {
  const auto fbank = audio::kaldiFbank(speech16k * kInt16Scale, audio::FbankWindow::Hamming);
  return normalize(stackFrames(fbank));
}

at::Tensor SenseVoiceFrontend::stackFrames(const at::Tensor& fbank) const {
  const int64_t frames = fbank.size(0), bins = fbank.size(1);
  if (frames == 0) return at::empty({0, bins * lfrM_}, fbank.options());
  const int64_t outputFrames = (frames + lfrN_ - 1) / lfrN_;
  const int64_t front = (lfrM_ - 1) / 2;
  // Every window must fit: the last one starts at (outputFrames - 1) * lfrN_.
  const int64_t back = std::max<int64_t>(0, (outputFrames - 1) * lfrN_ + lfrM_ - (frames + front));
  const auto padded = at::cat({fbank.narrow(0, 0, 1).expand({front, bins}), fbank,
                               fbank.narrow(0, frames - 1, 1).expand({back, bins})});
  // unfold: (outputFrames, bins, lfrM); FunASR concatenates whole frames.
  return padded.unfold(0, lfrM_, lfrN_).narrow(0, 0, outputFrames).transpose(1, 2).reshape({outputFrames, -1});
}

at::Tensor SenseVoiceFrontend::normalize(const at::Tensor& stacked) const {
  return (stacked + shift_.to(stacked.device())) * scale_.to(stacked.device());
}

}  // namespace cosystudio::asr
