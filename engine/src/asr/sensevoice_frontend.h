// SenseVoice's front end (FunASR's WavFrontend, no dither):
//   16 kHz waveform x 32768 -> Kaldi fbank (80 bins, 25/10 ms, Hamming)
//   -> low frame rate: each output frame stacks lfr_m fbank frames, one every
//      lfr_n (T' = ceil(T / lfr_n); (lfr_m - 1) / 2 copies of frame 0 in front,
//      the last frame repeated at the end)
//   -> (x + shift) * scale from am.mvn
#pragma once

#include "asr/am_mvn.h"
#include "asr/sensevoice_config.h"

#include <ATen/ATen.h>

namespace cosystudio::asr {

class SenseVoiceFrontend {
 public:
  SenseVoiceFrontend(const SenseVoiceConfig& config, const FeatureNormalization& normalization);

  // speech16k: (N,) float32 in [-1, 1]. Returns (T', lfr_m * 80), or (0, ...)
  // for a clip shorter than one 25 ms frame.
  at::Tensor features(const at::Tensor& speech16k) const;

  // The two steps after the fbank, for the parity checks.
  at::Tensor stackFrames(const at::Tensor& fbank) const;
  at::Tensor normalize(const at::Tensor& stacked) const;

 private:
  int64_t lfrM_, lfrN_;
  at::Tensor shift_, scale_;  // (lfr_m * 80) on the CPU
};

}  // namespace cosystudio::asr
