// Clip measurements for the UI and `cosystudio-cli inspect`.
#include "cosystudio/audio/analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cosystudio::audio {
namespace {

// Integer PCM saturates one step below 1.0; anything from there up is clipped.
constexpr float kFullScale = 32767.0f / 32768.0f;
constexpr double kFrameSeconds = 0.01;

double toDbfs(double amplitude) {
  return amplitude > 0 ? std::max(kSilentDbfs, 20.0 * std::log10(amplitude)) : kSilentDbfs;
}

// Advice whose sentence quotes `value` through the printf `pattern`.
Advice advise(Advice::Kind kind, double value, const char* pattern) {
  char text[256];
  std::snprintf(text, sizeof text, pattern, value);
  return {kind, value, text};
}

// RMS level of consecutive 10 ms frames (the last one may be shorter).
std::vector<double> frameLevels(const std::vector<float>& samples, int sampleRate) {
  const size_t frameLength = std::max<size_t>(1, size_t(sampleRate * kFrameSeconds));
  std::vector<double> levels;
  for (size_t start = 0; start < samples.size(); start += frameLength) {
    const size_t end = std::min(samples.size(), start + frameLength);
    double energy = 0;
    for (size_t i = start; i < end; ++i) energy += double(samples[i]) * samples[i];
    levels.push_back(toDbfs(std::sqrt(energy / double(end - start))));
  }
  return levels;
}

// `pausesFound`: the clip has quiet stretches well below its loudest sound, so
// its quietest frames measure the background rather than the voice.
void addAdvice(ClipAnalysis& a, bool pausesFound) {
  using Kind = Advice::Kind;
  auto& advice = a.advice;
  if (a.sampleRate < kMinPromptSampleRate)
    advice.push_back(advise(Kind::LowSampleRate, a.sampleRate,
                            "The sample rate (%.0f Hz) is below the 16 kHz the model needs."));
  if (a.leadingSilenceSeconds >= a.durationSeconds) {
    advice.push_back({Kind::NoSound, 0, "The clip contains no sound."});
    return;
  }
  if (a.durationSeconds > kMaxPromptSeconds)
    advice.push_back(advise(Kind::TooLong, a.durationSeconds,
                            "The clip is %.1f s long; the model accepts at most 30 s. Trim it to the best 5-15 s."));
  else if (a.durationSeconds < kShortPromptSeconds)
    advice.push_back(advise(Kind::TooShort, a.durationSeconds,
                            "The clip is only %.1f s long; 5-15 s of clear speech clones a voice more reliably."));
  if (a.clippedSamples > 0)
    advice.push_back(advise(Kind::Clipped, double(a.clippedSamples),
                            "%.0f samples are at full scale: the recording is probably clipped (distorted). "
                            "Record again with less input gain."));
  if (a.rmsDbfs < -35)
    advice.push_back(advise(Kind::Quiet, a.rmsDbfs,
                            "The recording is quiet (%.1f dBFS RMS). Speak closer to the microphone or raise the "
                            "input gain."));
  if (pausesFound && a.noiseFloorDbfs > -50)
    advice.push_back(advise(Kind::Noisy, a.noiseFloorDbfs,
                            "Background noise is audible (noise floor %.1f dBFS). The clone will copy it; record in "
                            "a quieter place."));
  if (a.leadingSilenceSeconds > 1)
    advice.push_back(advise(Kind::LeadingSilence, a.leadingSilenceSeconds, "%.1f s of silence at the start: trim it."));
  if (a.trailingSilenceSeconds > 1)
    advice.push_back(advise(Kind::TrailingSilence, a.trailingSilenceSeconds, "%.1f s of silence at the end: trim it."));
  if (a.longestInternalSilenceSeconds > 2)
    advice.push_back(advise(Kind::LongPause, a.longestInternalSilenceSeconds,
                            "There is a %.1f s pause inside the clip; the clone may copy long pauses. Shorten it."));
}

}  // namespace

ClipAnalysis analyseClip(const Clip& clip) {
  ClipAnalysis a;
  a.durationSeconds = clip.durationSeconds();
  a.sampleRate = clip.sampleRate;
  a.channels = clip.channelCount();

  for (const auto& channel : clip.channels)
    for (const float sample : channel) {
      const float magnitude = std::fabs(sample);
      a.peak = std::max(a.peak, magnitude);
      if (magnitude >= kFullScale) ++a.clippedSamples;
    }
  a.peakDbfs = toDbfs(a.peak);

  const Clip mono = downmixToMono(clip);
  if (mono.frames() == 0 || clip.sampleRate <= 0) {
    a.rmsDbfs = a.noiseFloorDbfs = a.silenceThresholdDbfs = kSilentDbfs;
    addAdvice(a, false);
    return a;
  }
  const auto& samples = mono.channels[0];
  double energy = 0;
  for (const float sample : samples) energy += double(sample) * sample;
  a.rmsDbfs = toDbfs(std::sqrt(energy / double(samples.size())));

  const std::vector<double> levels = frameLevels(samples, clip.sampleRate);
  std::vector<double> sorted = levels;
  std::sort(sorted.begin(), sorted.end());
  a.noiseFloorDbfs = sorted[(sorted.size() - 1) / 10];
  // Silence sits just above the noise floor, but never above -60 dBFS in a quiet
  // recording, nor within 20 dB of the loudest frame in a noisy one.
  a.silenceThresholdDbfs =
      std::min(std::max(a.noiseFloorDbfs + 10.0, -60.0), sorted.back() - 20.0);
  const bool pausesFound = sorted.back() - a.noiseFloorDbfs >= 15.0;

  const double frameSeconds = std::max<size_t>(1, size_t(clip.sampleRate * kFrameSeconds)) /
                              double(clip.sampleRate);
  const auto isSilent = [&](double level) {
    return level <= kSilentDbfs || level < a.silenceThresholdDbfs;
  };
  const auto firstSound = std::find_if_not(levels.begin(), levels.end(), isSilent);
  if (firstSound == levels.end()) {
    a.leadingSilenceSeconds = a.durationSeconds;
    addAdvice(a, pausesFound);
    return a;
  }
  const auto lastSound = std::find_if_not(levels.rbegin(), levels.rend(), isSilent).base();
  a.leadingSilenceSeconds = double(firstSound - levels.begin()) * frameSeconds;
  a.trailingSilenceSeconds =
      std::max(0.0, a.durationSeconds - double(lastSound - levels.begin()) * frameSeconds);

  size_t run = 0, longest = 0, total = 0;
  for (auto it = firstSound; it != lastSound; ++it) {
    run = isSilent(*it) ? run + 1 : 0;
    total += isSilent(*it);
    longest = std::max(longest, run);
  }
  a.internalSilenceSeconds = double(total) * frameSeconds;
  a.longestInternalSilenceSeconds = double(longest) * frameSeconds;
  addAdvice(a, pausesFound);
  return a;
}

}  // namespace cosystudio::audio
