// CausalHiFTGenerator (cosyvoice/hifigan/generator.py): mel (80 × 50 Hz) ->
// 24 kHz waveform. Neural source filter + iSTFT head:
//
//   f0  = F0Predictor(mel)                       float64
//   s   = HarmonicSource(nearest-upsample(f0, 480))   excitation (B, 1, 480·T)
//   S   = STFT(s)  (n_fft 16, hop 4)  -> 18 channels at 120·T+1 frames
//   x   = conv_pre(mel)  (look-ahead 4 frames)
//   3 × [leaky_relu 0.1, ups_i (×8, ×5, ×3), (last: reflect-pad 1 left),
//        x += source_resblock_i(source_down_i(S)), x = mean_j resblock_{3i+j}(x)]
//   x   = conv_post(leaky_relu(x, 0.01))
//   wav = clamp(iSTFT(exp(x[:9]), sin(x[9:])), ±0.99)
//
// Computes in float32 whatever the pipeline's precision (fp16 breaks the sine
// source), the F0 predictor in float64.
#pragma once

#include "hift/causal_conv.h"
#include "hift/f0_predictor.h"
#include "hift/harmonic_source.h"
#include "hift/hift_config.h"
#include "hift/resblock.h"
#include "hift/source_tables.h"
#include "hift/stft.h"
#include "model/state_dict.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <vector>

namespace cosystudio {

// Intermediates of one inference call, for parity checks.
struct HiftTrace {
  at::Tensor f0;              // (B, T') float64
  at::Tensor f0Upsampled;     // (B, L, 1) float32: F0 per sample, the sine source's input
  at::Tensor sineWaves;       // (B, L, H+1) SineGen2 output
  at::Tensor source;          // (B, 1, L) excitation
  at::Tensor stftReal, stftImag;      // (B, n_fft/2+1, L/hop+1) of the source
  at::Tensor magnitude, phase;        // iSTFT input (magnitude before the clip at 100)
};

class HiftGenerator {
 public:
  // Takes every HiFT weight from `weights` (float32, weight norm folded) and
  // calls weights.finish(). The tables are used by every call.
  HiftGenerator(StateDict& weights, const HiftConfig& config, SourceTables tables);
  // How hift.pt is read: float32 on `device`, weight norm folded.
  static StateDictOptions weightOptions(const at::Device& device);
  // Loads `hift.pt` onto `device` with the tables of the official construction.
  static HiftGenerator load(const std::filesystem::path& file, const HiftConfig& config,
                            const SourceTableRecipe& recipe, const at::Device& device = at::kCPU);

  // mel: (B, inChannels, T). finalize=true: the utterance ends here, returns
  // (B, 480·T) samples. finalize=false (streaming): the last 8 frames (3 F0
  // look-ahead, 4 conv_pre look-ahead, 1 iSTFT overlap) only give context;
  // returns (B, 480·(T−8)) samples (none while T ≤ 8) that equal the official
  // output for this call. Throws std::invalid_argument on a malformed mel.
  at::Tensor inference(const at::Tensor& mel, bool finalize, HiftTrace* trace = nullptr);

  const HiftConfig& config() const { return config_; }
  // Mel frames a finalize=false call holds back (8).
  int64_t heldBackFrames() const { return f0Predictor_.lookAhead() + config_.convPreLookRight + 1; }

 private:
  void checkMel(const at::Tensor& mel) const;
  at::Tensor decode(const at::Tensor& mel, const at::Tensor& source, bool finalize, HiftTrace* trace) const;

  HiftConfig config_;
  SourceTables tables_;
  F0Predictor f0Predictor_;
  HarmonicSource source_;
  HiftStft stft_;
  CausalConv1d convPre_;
  std::vector<CausalConv1dUpsample> ups_;
  // Upstream's rate-1 stage is a CausalConv1d with k=1: the same operation.
  std::vector<CausalConv1dDownSample> sourceDowns_;
  std::vector<ResBlock> sourceResblocks_;
  std::vector<ResBlock> resblocks_;
  CausalConv1d convPost_;
  at::Device device_;
};

}  // namespace cosystudio
