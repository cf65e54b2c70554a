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
  std::optional<double> loudnessAfter;   // LUFS, as exported
  double gainDb = 0;        // the level change applied to the whole
  double limitedDb = 0;     // the deepest reduction of the peak limiter (0: not used)
  // The level was held back from the target (or, without one, turned down) to
  // keep the true peak at the ceiling; `heldBackDb` says by how much.
  bool peakLimited = false;
  double heldBackDb = 0;
  double truePeakAfterDbfs = 0;
};

// The ceiling an export uses: a loudness target keeps the usual -1 dBTP of
// headroom; without one only clipping (above 0 dBFS) is prevented.
inline double exportCeilingDbfs(std::optional<double> targetLufs) { return targetLufs ? -1.0 : 0.0; }

// The most the limiter may take off a peak to reach a loudness target; beyond
// it speech audibly flattens, so the level is held back instead (and reported).
constexpr double kMaxLimitingDb = 9.0;

// Scales `samples` in place. With `targetLufs`: the gain that reaches it, the
// peaks above `ceilingDbfs` taken down by a true-peak limiter (at most
// kMaxLimitingDb). Without: only turned down as far as the ceiling needs.
MasteringReport master(std::vector<float>& samples, int sampleRate, std::optional<double> targetLufs,
                       double ceilingDbfs = -1.0);

}  // namespace cosystudio::audio
