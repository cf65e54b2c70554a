// Level, clipping, silence and noise measurements of a clip, with plain advice
// for the person who recorded it. Torch-free, shared by the UI and the CLI.
#pragma once

#include "cosystudio/audio/clip.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cosystudio::audio {

// One piece of advice: what is wrong, the figure it rests on, and an English
// sentence for the command line (the UI words its own, translated).
struct Advice {
  enum class Kind {
    LowSampleRate,    // value: Hz
    NoSound,          // value: 0
    TooLong,          // value: seconds
    TooShort,         // value: seconds
    Clipped,          // value: samples at full scale
    Quiet,            // value: dBFS RMS
    Noisy,            // value: noise floor, dBFS
    LeadingSilence,   // value: seconds
    TrailingSilence,  // value: seconds
    LongPause,        // value: seconds
  };
  Kind kind;
  double value = 0;
  std::string text;
};

struct ClipAnalysis {
  double durationSeconds = 0;
  int sampleRate = 0;
  int channels = 0;

  float peak = 0;                    // largest |sample| over all channels
  double peakDbfs = 0;
  std::int64_t clippedSamples = 0;   // samples at full scale, all channels
  double rmsDbfs = 0;                // level of the mono mix

  // Silence = 10 ms frames quieter than `silenceThresholdDbfs`.
  double silenceThresholdDbfs = 0;
  double leadingSilenceSeconds = 0;
  double trailingSilenceSeconds = 0;
  double internalSilenceSeconds = 0;         // all pauses between sounds
  double longestInternalSilenceSeconds = 0;

  // Level of the quietest tenth of the frames: the background noise when the
  // clip has pauses, the quietest speech when it has none.
  double noiseFloorDbfs = 0;

  std::vector<Advice> advice;  // empty when the clip looks fine
};

// Levels are floored at this value (digital silence has no finite level).
inline constexpr double kSilentDbfs = -120.0;

ClipAnalysis analyseClip(const Clip& clip);

// The sizes of the networks' inputs computed from a usable prompt clip (on the
// CPU, as the engine's front end computes them).
struct PromptFeatureSizes {
  std::int64_t samples16k = 0;        // speech tokenizer and speaker model rate
  std::int64_t samples24k = 0;        // flow rate
  std::int64_t fbankFrames = 0;       // CAM++ input
  std::int64_t whisperMelFrames = 0;  // S3Tokenizer input
  std::int64_t flowMelFrames = 0;     // flow prompt
};
// Throws AudioError when the clip breaks the default ClipLimits.
PromptFeatureSizes promptFeatureSizes(const Clip& clip);

}  // namespace cosystudio::audio
