#include "cosystudio/audio/loudness.h"

#include <ebur128.h>

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

MasteringReport master(std::vector<float>& samples, int sampleRate, std::optional<double> targetLufs,
                       double ceilingDbfs) {
  // One pass measures both.
  const Meter meter = measure(samples, sampleRate, EBUR128_MODE_I | EBUR128_MODE_TRUE_PEAK);
  MasteringReport report;
  report.loudnessBefore = loudnessOf(meter);
  if (targetLufs && report.loudnessBefore) report.gainDb = *targetLufs - *report.loudnessBefore;
  const double peak = truePeakOf(meter);
  if (peak + report.gainDb > ceilingDbfs) {
    report.gainDb = ceilingDbfs - peak;
    report.peakLimited = true;
  }
  const float gain = float(std::pow(10.0, report.gainDb / 20.0));
  for (float& s : samples) s *= gain;
  report.truePeakAfterDbfs = peak + report.gainDb;
  return report;
}

}  // namespace cosystudio::audio
