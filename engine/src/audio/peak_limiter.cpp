#include "peak_limiter.h"

#include "cosystudio/audio/clip.h"

#include <samplerate.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>

namespace cosystudio::audio {

namespace {

constexpr int kOversampling = 4;
// Samples oversampled either side of a loud passage, so that the resampler's
// filter has settled where it matters.
constexpr size_t kMargin = 128;

// The largest magnitude of the 4x oversampled signal (libsamplerate) within
// half a sample of each sample of [begin, end), into `envelope`.
void oversamplePeaks(const std::vector<float>& samples, size_t begin, size_t end, std::vector<float>& envelope) {
  std::vector<float> up((end - begin) * kOversampling + kOversampling);
  SRC_DATA data{};
  data.data_in = samples.data() + begin;
  data.input_frames = long(end - begin);
  data.data_out = up.data();
  data.output_frames = long(up.size());
  data.src_ratio = kOversampling;
  if (const int error = src_simple(&data, SRC_SINC_MEDIUM_QUALITY, 1))
    throw AudioError(std::string("limiter oversampling failed: ") + src_strerror(error));
  const long generated = data.output_frames_gen;
  for (size_t i = begin; i < end; ++i) {
    const long centre = long(i - begin) * kOversampling;
    for (long j = std::max(0L, centre - kOversampling / 2); j <= std::min(generated - 1, centre + kOversampling / 2); ++j)
      envelope[i] = std::max(envelope[i], std::abs(up[size_t(j)]));
  }
}

// |x| at and between the samples. Only passages that reach half of `loud`
// are oversampled: between samples real audio rises at most a few dB above
// them, so quieter ones never come near it (and oversampling a whole take
// costs seconds a minute).
std::vector<float> truePeakEnvelope(const std::vector<float>& samples, float loud) {
  const size_t n = samples.size();
  std::vector<float> envelope(n);
  for (size_t i = 0; i < n; ++i) envelope[i] = std::abs(samples[i]);
  const auto isLoud = [&](size_t i) { return envelope[i] >= loud / 2; };
  for (size_t i = 0; i < n;) {
    if (!isLoud(i)) {
      ++i;
      continue;
    }
    size_t last = i;  // loud samples closer than two margins share one passage
    for (size_t j = i; j < n && j <= last + 2 * kMargin; ++j)
      if (isLoud(j)) last = j;
    const size_t end = std::min(n, last + kMargin + 1);
    oversamplePeaks(samples, i >= kMargin ? i - kMargin : 0, end, envelope);
    i = end;
  }
  return envelope;
}

}  // namespace

TruePeakLimiter::TruePeakLimiter(const std::vector<float>& samples, int sampleRate, double mostGainDb,
                                 double ceilingDbfs)
    : samples_(samples),
      envelope_(truePeakEnvelope(samples, float(std::pow(10.0, (ceilingDbfs - mostGainDb) / 20.0)))),
      sampleRate_(sampleRate) {}

double TruePeakLimiter::render(double gainDb, double ceilingDbfs, std::vector<float>& out) const {
  const size_t n = samples_.size();
  out.resize(n);
  if (n == 0) return 0;
  const double scale = std::pow(10.0, gainDb / 20.0);
  // A little under the ceiling: the oversamplers of libsamplerate and
  // libebur128 differ by a few hundredths of a dB on sharp peaks.
  const double ceiling = std::pow(10.0, (ceilingDbfs - 0.1) / 20.0);
  const size_t lookahead = std::max<size_t>(1, size_t(kLimiterLookaheadSeconds * sampleRate_));

  // The gain each sample needs, then its minimum over the look-ahead window
  // (a sliding minimum, monotonic queue) so the gain is down before the peak.
  const auto needed = [&](size_t i) {
    const double peak = envelope_[i] * scale;
    return peak > ceiling ? ceiling / peak : 1.0;
  };
  std::vector<double> gain(n);
  std::deque<size_t> window;
  for (size_t i = 0, next = 0; i < n; ++i) {
    for (; next < std::min(n, i + lookahead); ++next) {
      while (!window.empty() && needed(window.back()) >= needed(next)) window.pop_back();
      window.push_back(next);
    }
    while (window.front() < i) window.pop_front();
    gain[i] = needed(window.front());
  }
  // Release: the gain rises back towards 1 no faster than the time constant.
  const double rise = 1.0 - std::exp(-1.0 / (kLimiterReleaseSeconds * sampleRate_));
  for (size_t i = 1; i < n; ++i) gain[i] = std::min(gain[i], gain[i - 1] + (1.0 - gain[i - 1]) * rise);
  // Smoothing: the mean over the last `lookahead` samples. Every sample of that
  // window saw this sample's need in its look-ahead, so the mean never exceeds
  // it: the curve turns down gradually and still holds every peak.
  double sum = gain[0] * double(lookahead), deepest = 1.0;
  for (size_t i = 0; i < n; ++i) {
    sum += gain[i] - (i >= lookahead ? gain[i - lookahead] : gain[0]);
    const double smooth = std::min(1.0, sum / double(lookahead));
    deepest = std::min(deepest, smooth);
    out[i] = float(samples_[i] * scale * smooth);
  }
  return -20.0 * std::log10(deepest);
}

}  // namespace cosystudio::audio
