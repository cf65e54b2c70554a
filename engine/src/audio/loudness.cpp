#include "cosystudio/audio/loudness.h"

#include "peak_limiter.h"

#include <ebur128.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace cosystudio::audio {

namespace {

using Meter = std::unique_ptr<ebur128_state, void (*)(ebur128_state*)>;

Meter measure(const std::vector<float>& samples, int sampleRate, int mode) {
  Meter meter(ebur128_init(1, static_cast<unsigned long>(sampleRate), mode),
              [](ebur128_state* state) { ebur128_destroy(&state); });
  if (meter && !samples.empty()) ebur128_add_frames_float(meter.get(), samples.data(), samples.size());
  return meter;
}

double toDb(double gain) { return 20.0 * std::log10(gain); }

std::optional<double> loudnessOf(const Meter& meter) {
  double lufs = 0;
  if (!meter || ebur128_loudness_global(meter.get(), &lufs) != EBUR128_SUCCESS || !std::isfinite(lufs))
    return std::nullopt;
  return lufs;
}

double truePeakOf(const Meter& meter) {
  double peak = 0;
  if (!meter || ebur128_true_peak(meter.get(), 0, &peak) != EBUR128_SUCCESS || peak <= 0)
    return -std::numeric_limits<double>::infinity();
  return toDb(peak);
}

}  // namespace

std::optional<double> integratedLoudness(const std::vector<float>& samples, int sampleRate) {
  return loudnessOf(measure(samples, sampleRate, EBUR128_MODE_I));
}

double truePeakDbfs(const std::vector<float>& samples, int sampleRate) {
  return truePeakOf(measure(samples, sampleRate, EBUR128_MODE_TRUE_PEAK));
}

namespace {

void applyGain(std::vector<float>& samples, double gainDb) {
  const float gain = float(std::pow(10.0, gainDb / 20.0));
  for (float& s : samples) s *= gain;
}

// The target by gain and limiter. Limiting lowers the loudness (the peaks
// carry some of it), so the gain is raised by what is still missing, along the
// slope the last round showed. A round is kept only when it came closer: on
// audio that is all peaks the limiter takes back any extra gain.
void reachTarget(std::vector<float>& samples, int sampleRate, double target, double peak, double ceilingDbfs,
                 MasteringReport& report) {
  const std::vector<float> original = samples;
  std::optional<TruePeakLimiter> limiter;
  const double mostGain = ceilingDbfs + kMaxLimitingDb - peak;
  double wanted = report.gainDb, slope = 1.0;
  std::optional<double> reached;
  std::vector<float> attempt;
  for (int round = 0; round < 6; ++round) {
    const double gain = std::min(wanted, mostGain);
    double limited = 0.0;
    if (peak + gain > ceilingDbfs) {
      if (!limiter) limiter.emplace(original, sampleRate, mostGain, ceilingDbfs);
      limited = limiter->render(gain, ceilingDbfs, attempt);
    } else {
      attempt = original;
      applyGain(attempt, gain);
    }
    const std::optional<double> after = integratedLoudness(attempt, sampleRate);
    if (round > 0 && !(after && std::abs(target - *after) < std::abs(target - *reached) - 0.01)) break;
    if (round > 0) slope = std::clamp((*after - *reached) / (gain - report.gainDb), 0.2, 1.0);
    samples.swap(attempt);
    report.gainDb = gain;
    report.limitedDb = limited;
    reached = after;
    if (!after || gain < wanted || std::abs(target - *after) < 0.05) break;
    wanted = gain + (target - *after) / slope;
  }
  // EBU R128 allows a programme 0.5 LU around its target where exact
  // normalisation cannot be reached; further off, the target was missed.
  const double shortfall = reached ? target - *reached : 0.0;
  report.heldBackDb = shortfall > 0.5 ? shortfall : 0.0;
  report.peakLimited = report.heldBackDb > 0;
}

}  // namespace

MasteringReport master(std::vector<float>& samples, int sampleRate, std::optional<double> targetLufs,
                       double ceilingDbfs) {
  // One pass measures both.
  const Meter meter = measure(samples, sampleRate, EBUR128_MODE_I | EBUR128_MODE_TRUE_PEAK);
  MasteringReport report;
  report.loudnessBefore = loudnessOf(meter);
  const double peak = truePeakOf(meter);
  if (targetLufs && report.loudnessBefore) {
    report.gainDb = *targetLufs - *report.loudnessBefore;
    // Most takes reach the target by gain alone; only peaks that would pass
    // the ceiling call for the limiter.
    if (peak + report.gainDb > ceilingDbfs)
      reachTarget(samples, sampleRate, *targetLufs, peak, ceilingDbfs, report);
    else
      applyGain(samples, report.gainDb);
  } else if (peak > ceilingDbfs) {
    report.gainDb = ceilingDbfs - peak;
    report.heldBackDb = -report.gainDb;
    report.peakLimited = true;
    applyGain(samples, report.gainDb);
  }
  const Meter after = measure(samples, sampleRate, EBUR128_MODE_I | EBUR128_MODE_TRUE_PEAK);
  report.loudnessAfter = loudnessOf(after);
  report.truePeakAfterDbfs = truePeakOf(after);
  return report;
}

}  // namespace cosystudio::audio
