// A look-ahead true-peak limiter for export mastering: it lowers the gain
// around the few peaks that stand above the ceiling so that the rest of a take
// can reach a loudness target. libebur128 measures but does not limit, and
// Debian's limiters come as LV2 plugins or inside ffmpeg's filter graph, both
// far heavier than the one gain curve needed here.
#pragma once

#include <vector>

namespace cosystudio::audio {

constexpr double kLimiterLookaheadSeconds = 0.005;
constexpr double kLimiterReleaseSeconds = 0.08;

// The limiter for one take. Its true peaks (4x oversampled, as libebur128
// measures them) are found once; any gain up to `mostGainDb` can then be tried
// against `ceilingDbfs`.
class TruePeakLimiter {
 public:
  TruePeakLimiter(const std::vector<float>& samples, int sampleRate, double mostGainDb, double ceilingDbfs);

  // The take times `gainDb`, with the gain lowered around every peak that
  // would pass `ceilingDbfs`: down `kLimiterLookaheadSeconds` before the peak
  // arrives (no overshoot, no click), back with a `kLimiterReleaseSeconds`
  // time constant. Returns the deepest reduction in dB (0: nothing to limit).
  double render(double gainDb, double ceilingDbfs, std::vector<float>& out) const;

 private:
  const std::vector<float>& samples_;
  std::vector<float> envelope_;
  int sampleRate_;
};

}  // namespace cosystudio::audio
