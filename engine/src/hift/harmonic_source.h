// The harmonic-plus-noise excitation of the causal HiFT: SourceModuleHnNSF
// with SineGen2 (cosyvoice/hifigan/generator.py), eval + causal path.
//
//   fn    = f0_up · [1 … H+1]                    per sample (B, L, H+1)
//   rad   = (fn / sr) mod 1 ;  rad[:, 0] += rand_ini
//   phase = 2π · cumsum(linear-downsample(rad, 1/u))   one value per frame (u = 480)
//   sines = 0.1 · sin(nearest-upsample(phase · u, u))  piecewise constant per frame
//   uv    = f0_up > threshold
//   wave  = sines · uv + (uv·σ + (1−uv)·α/3) · sine_waves[:, :L]
//   excitation = tanh(Linear(H+1 → 1)(wave))
//
// The constant-per-frame phase is what the model was trained with; it is kept.
#pragma once

#include "hift/hift_config.h"
#include "hift/source_tables.h"

#include <ATen/ATen.h>

#include <string>

namespace cosystudio {

class StateDict;

// SineGen2: F0 per sample -> (B, L, H+1) sines plus noise.
class SineGen2 {
 public:
  explicit SineGen2(const HiftConfig& config);
  // f0Samples: (B, L, 1) float32 Hz, L a multiple of the upsample scale.
  at::Tensor operator()(const at::Tensor& f0Samples, SourceTables& tables) const;

 private:
  int64_t dim_;
  int64_t samplingRate_;
  int64_t upsampleScale_;
  double sineAmp_, noiseStd_, voicedThreshold_;
};

// SourceModuleHnNSF: the sine bank merged into one excitation channel.
class HarmonicSource {
 public:
  HarmonicSource(StateDict& weights, const std::string& name, const HiftConfig& config);
  // f0Samples: (B, L, 1) float32 -> excitation (B, L, 1). `sineWaves`, when
  // given, receives SineGen2's output.
  at::Tensor operator()(const at::Tensor& f0Samples, SourceTables& tables, at::Tensor* sineWaves = nullptr) const;

 private:
  SineGen2 sineGen_;
  at::Tensor linearWeight_, linearBias_;  // (1, H+1), (1)
};

}  // namespace cosystudio
