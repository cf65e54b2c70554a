// Loudness (EBU R128, through libebur128) and the mastering applied when a
// take is exported: an optional loudness target and a peak guard so that
// nothing clips. Torch-free, for the UI and the CLI.
#pragma once

#include <optional>
#include <vector>

namespace cosystudio::audio {

// Integrated loudness of mono audio in LUFS; nullopt for audio too short or
// too quiet to measure (silence).
std::optional<double> integratedLoudness(const std::vector<float>& samples, int sampleRate);

// Highest sample magnitude in dBFS (oversampled true peak), -inf for silence.
double truePeakDbfs(const std::vector<float>& samples, int sampleRate);

struct MasteringReport {
  std::optional<double> loudnessBefore;  // LUFS
  double gainDb = 0;          // applied in all
  bool peakLimited = false;   // the gain was lowered (or the audio turned down) to keep the peak at the ceiling
  double truePeakAfterDbfs = 0;
};

// The ceiling an export uses: a loudness target keeps the usual -1 dBTP of
// headroom; without one only clipping (above 0 dBFS) is prevented.
inline double exportCeilingDbfs(std::optional<double> targetLufs) { return targetLufs ? -1.0 : 0.0; }

// Scales `samples` in place: to `targetLufs` when given, then down as far as
// needed for the true peak to stay at or below `ceilingDbfs`.
MasteringReport master(std::vector<float>& samples, int sampleRate, std::optional<double> targetLufs,
                       double ceilingDbfs = -1.0);

}  // namespace cosystudio::audio
