// Sizes and constants of CausalHiFTGenerator, named as in the `hift:` section of
// cosyvoice3.yaml. The defaults are the released Fun-CosyVoice3-0.5B values.
#pragma once

#include <cstdint>
#include <vector>

namespace cosystudio {

struct HiftConfig {
  int64_t inChannels = 80;  // mel bins
  int64_t baseChannels = 512;
  int64_t nbHarmonics = 8;  // overtones above F0: the source has nbHarmonics + 1 sines
  int64_t samplingRate = 24000;
  double nsfAlpha = 0.1;             // sine amplitude
  double nsfSigma = 0.003;           // noise amplitude in voiced samples
  double nsfVoicedThreshold = 10.0;  // Hz; F0 above it counts as voiced
  std::vector<int64_t> upsampleRates = {8, 5, 3};
  std::vector<int64_t> upsampleKernelSizes = {16, 11, 7};
  int64_t nFft = 16;
  int64_t hopLen = 4;
  std::vector<int64_t> resblockKernelSizes = {3, 7, 11};
  std::vector<std::vector<int64_t>> resblockDilationSizes = {{1, 3, 5}, {1, 3, 5}, {1, 3, 5}};
  std::vector<int64_t> sourceResblockKernelSizes = {7, 7, 11};
  std::vector<std::vector<int64_t>> sourceResblockDilationSizes = {{1, 3, 5}, {1, 3, 5}, {1, 3, 5}};
  double lreluSlope = 0.1;
  double audioLimit = 0.99;
  int64_t convPreLookRight = 4;  // mel frames of look-ahead of conv_pre

  // f0_predictor: CausalConvRNNF0Predictor
  int64_t f0InChannels = 80;
  int64_t f0CondChannels = 512;
  int64_t f0NumClass = 1;

  // Length of the fixed noise table SineGen2 draws at construction
  // (300 s at 24 kHz); one call can vocode at most this many samples.
  int64_t maxSourceSamples = 300 * 24000;

  // Product of the upsample rates: STFT frames per mel frame.
  int64_t framesPerMel() const {
    int64_t p = 1;
    for (auto r : upsampleRates) p *= r;
    return p;
  }
  // Waveform samples per mel frame (480 at 24 kHz).
  int64_t samplesPerMel() const { return framesPerMel() * hopLen; }
};

}  // namespace cosystudio
