#include "hift/harmonic_source.h"

#include "model/state_dict.h"

#include <cmath>

namespace cosystudio {

SineGen2::SineGen2(const HiftConfig& config)
    : dim_(config.nbHarmonics + 1),
      samplingRate_(config.samplingRate),
      upsampleScale_(config.samplesPerMel()),
      sineAmp_(config.nsfAlpha),
      noiseStd_(config.nsfSigma),
      voicedThreshold_(config.nsfVoicedThreshold) {}

at::Tensor SineGen2::operator()(const at::Tensor& f0Samples, SourceTables& tables) const {
  const auto floatOptions = f0Samples.options();
  const at::Tensor multiples = at::arange(1, dim_ + 1, floatOptions).view({1, 1, dim_});
  at::Tensor rad = at::remainder(f0Samples * multiples / samplingRate_, 1);
  rad.select(1, 0).add_(tables.initialPhase().to(rad.device()));

  // One phase increment per frame: linear resampling by 1/u reads the two
  // samples around each frame's centre.
  const int64_t samples = rad.size(1);
  const double down = 1.0 / static_cast<double>(upsampleScale_);
  const at::Tensor radFrames =
      at::upsample_linear1d(rad.transpose(1, 2), at::IntArrayRef{static_cast<int64_t>(samples * down)}, false,
                            c10::optional<double>(down));
  const at::Tensor phase = at::cumsum(radFrames, 2) * 2 * M_PI;
  const at::Tensor phaseSamples =
      at::upsample_nearest1d(phase * upsampleScale_, at::IntArrayRef{radFrames.size(2) * upsampleScale_},
                             c10::optional<double>(static_cast<double>(upsampleScale_)))
          .transpose(1, 2);
  const at::Tensor sines = at::sin(phaseSamples) * sineAmp_;

  const at::Tensor uv = (f0Samples > voicedThreshold_).to(at::kFloat);
  const at::Tensor noiseAmp = uv * noiseStd_ + (1 - uv) * sineAmp_ / 3;
  const at::Tensor noise = noiseAmp * tables.noise(sines.size(1), sines.device());
  return sines * uv + noise;
}

HarmonicSource::HarmonicSource(StateDict& weights, const std::string& name, const HiftConfig& config)
    : sineGen_(config),
      linearWeight_(weights.take(name + ".l_linear.weight", {1, config.nbHarmonics + 1})),
      linearBias_(weights.take(name + ".l_linear.bias", {1})) {}

at::Tensor HarmonicSource::operator()(const at::Tensor& f0Samples, SourceTables& tables,
                                      at::Tensor* sineWaves) const {
  const at::Tensor waves = sineGen_(f0Samples, tables);
  if (sineWaves) *sineWaves = waves;
  return at::tanh(at::linear(waves, linearWeight_, linearBias_));
}

}  // namespace cosystudio
