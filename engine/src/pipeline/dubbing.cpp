// Subtitles dubbed cue by cue: each cue an ordinary request, made again faster
// while it overruns its slot, placed at its start sample on a silent track.
#include "cosystudio/dubbing.h"
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/request_rules.h"
#include "cosystudio/text/text_normalize.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace cosystudio {
namespace {

// Takes of one cue at most: the speed change scales the length of the same
// speech (the seed keeps the tokens), so the second take nearly always fits.
constexpr int kMaxAttempts = 3;
// Asks for a little more speed than the overrun alone, for the rounding of
// mel frames.
constexpr double kSpeedMargin = 1.02;

std::string spokenText(const text::SubtitleCue& cue) {
  std::string text = cue.text;
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

bool isSilent(std::string text) {
  text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
             text.end());
  return text::isOnlyPunctuation(text);
}

// The speed that should bring `samples` into `slot`, rounded up to hundredths
// (a speed a user can type to make the cue again), at most `maxSpeed`.
double fasterSpeed(double speed, std::size_t samples, std::size_t slot, double maxSpeed) {
  if (slot == 0) return maxSpeed;
  const double needed = speed * double(samples) / double(slot) * kSpeedMargin;
  return std::min(maxSpeed, std::ceil(needed * 100.0) / 100.0);
}

std::string speedText(double speed) {
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", speed);
  return text;
}

// Ends `samples` with a linear fade over its last 10 ms, where it is cut.
void fadeOut(std::vector<float>& samples, int sampleRate) {
  const std::size_t fade = std::min(samples.size(), audio::crossfadeSamples(sampleRate));
  for (std::size_t i = 0; i < fade; ++i) samples[samples.size() - fade + i] *= float(fade - i) / float(fade);
}

// Every cue's request as far as the voice decides it; without a voice, as if it
// had what the mode needs.
RequestOutline outlineOf(const SynthesisSettings& settings, const DubbingOptions& options, const Voice* voice) {
  RequestOutline outline;
  outline.mode = settings.mode;
  outline.voice = !voice || voice->isValid();
  outline.text = true;  // a cue without text is silence
  outline.transcript = !voice || (voice->isValid() && !voice->transcript().empty());
  outline.instruction = !options.instruction.empty();
  outline.speed = settings.speed;
  return outline;
}

// The cue's speech, made again faster while it is longer than `slot` samples.
CueSpeech makeToFit(SpeechMaker& speech, const SynthesisRequest& request, SynthesisSettings settings, std::size_t slot,
                    double maxSpeed, const SynthesisCallbacks& callbacks) {
  CueSpeech take;
  for (;;) {
    take.speed = settings.speed;
    take.result = speech.synthesize(request, settings, callbacks);
    ++take.attempts;
    const std::size_t size = take.result.samples.size();
    if (size <= slot || settings.speed >= maxSpeed || take.attempts == kMaxAttempts) return take;
    settings.speed = fasterSpeed(settings.speed, size, slot, maxSpeed);
  }
}

// The cues in the order of their start, which is the track's.
std::vector<text::SubtitleCue> inTrackOrder(std::vector<text::SubtitleCue> cues) {
  std::stable_sort(cues.begin(), cues.end(),
                   [](const text::SubtitleCue& a, const text::SubtitleCue& b) { return a.startMs < b.startMs; });
  return cues;
}

// Where cue i of `ordered` may speak, in samples: from its start to its end,
// or to the next cue's start where that comes first.
struct Slot {
  std::size_t begin = 0, end = 0;
  std::size_t size() const { return end - begin; }
};

Slot slotOf(const std::vector<text::SubtitleCue>& ordered, std::size_t i, int rate) {
  const text::SubtitleCue& cue = ordered[i];
  const std::int64_t nextStartMs = i + 1 == ordered.size() ? cue.endMs : ordered[i + 1].startMs;
  const std::size_t begin = msToSamples(cue.startMs, rate);
  return {begin, std::max(begin, msToSamples(std::min(cue.endMs, nextStartMs), rate))};
}

// Lays cue i of `ordered` on the track: its speech at its start (none: a
// silent cue), flagged when it overruns its slot and cut with a fade where the
// next cue begins.
void place(DubbedTrack& track, const std::vector<text::SubtitleCue>& ordered, std::size_t i,
           const SynthesisSettings& settings, CueSpeech* take) {
  const text::SubtitleCue& cue = ordered[i];
  const int rate = track.sampleRate;
  const Slot slot = slotOf(ordered, i, rate);
  DubbedCue& dubbed = track.cues.emplace_back();
  dubbed.index = cue.index;
  dubbed.startMs = cue.startMs;
  dubbed.endMs = cue.endMs;
  dubbed.text = spokenText(cue);
  dubbed.speed = settings.speed;
  dubbed.seed = settings.seed;
  dubbed.begin = dubbed.end = slot.begin;
  if (!take) return;

  for (const std::string& warning : take->result.warnings())
    dubbed.warnings.push_back({COSYSTUDIO_MESSAGE("Engine", "cue %1: %2"), {std::to_string(cue.index), warning}});
  std::vector<float> speech = take->result.samples;
  const std::size_t begin = slot.begin;
  dubbed.speed = take->speed;
  dubbed.attempts = take->attempts;
  dubbed.audioMs = text::samplesToMs(speech.size(), rate);
  dubbed.fits = begin + speech.size() <= slot.end;
  // Up to the next cue's start: never heard over it.
  const bool last = i + 1 == ordered.size();
  const std::size_t limit = last ? begin + speech.size() : msToSamples(ordered[i + 1].startMs, rate);
  const bool cut = begin + speech.size() > limit;
  if (!dubbed.fits) {
    const std::string overrunMs = std::to_string(text::samplesToMs(begin + speech.size() - slot.end, rate));
    dubbed.warnings.push_back(
        cut ? UserMessage(COSYSTUDIO_MESSAGE("Engine", "cue %1 is %2 ms too long even at speed %3: it is cut "
                                                       "with a fade where the next cue begins"),
                          {std::to_string(cue.index), overrunMs, speedText(take->speed)})
            : UserMessage(COSYSTUDIO_MESSAGE("Engine", "cue %1 is %2 ms too long even at speed %3: it runs on "
                                                       "past its end"),
                          {std::to_string(cue.index), overrunMs, speedText(take->speed)}));
  }
  if (cut) {
    speech.resize(limit - begin);
    fadeOut(speech, rate);
  }
  track.warnings.insert(track.warnings.end(), dubbed.warnings.begin(), dubbed.warnings.end());
  dubbed.end = begin + speech.size();
  if (track.samples.size() < dubbed.end) track.samples.resize(dubbed.end, 0.0f);
  std::copy(speech.begin(), speech.end(), track.samples.begin() + std::ptrdiff_t(begin));
}

// A track of every cue runs at least to the last cue's end.
void endWithTheCues(DubbedTrack& track, const std::vector<text::SubtitleCue>& ordered) {
  std::int64_t lastEndMs = 0;
  for (const text::SubtitleCue& cue : ordered) lastEndMs = std::max(lastEndMs, cue.endMs);
  track.samples.resize(std::max(track.samples.size(), msToSamples(lastEndMs, track.sampleRate)), 0.0f);
}

}  // namespace

double DubbedTrack::realTimeFactor() const {
  const double audioSeconds = sampleRate > 0 ? double(samples.size()) / sampleRate : 0.0;
  return audioSeconds > 0 ? totalSeconds / audioSeconds : 0.0;
}

std::size_t msToSamples(std::int64_t ms, int sampleRate) {
  // Within the limit the product fits 64 bits at any rate an int holds.
  return std::size_t((std::clamp<std::int64_t>(ms, 0, kMaxDubbingMs) * sampleRate + 500) / 1000);
}

std::optional<UserMessage> dubbingProblem(const std::vector<text::SubtitleCue>& cues, const SynthesisSettings& settings,
                                          const DubbingOptions& options) {
  if (cues.empty()) return COSYSTUDIO_MESSAGE("Engine", "the subtitles have no cues");
  if (settings.mode == Mode::VoiceConversion)
    return COSYSTUDIO_MESSAGE("Engine", "dubbing speaks the subtitles' text, it cannot convert a voice");
  if (const auto problem = requestProblemMessage(requestProblem(outlineOf(settings, options, nullptr)), settings.speed))
    return problem;
  if (!(options.maxSpeed >= settings.speed && options.maxSpeed <= kMaxSpeed))
    return UserMessage(COSYSTUDIO_MESSAGE("Engine", "the fastest dubbing speed must be from the speed (%1) to 2.0, not %2"),
                       {speedText(settings.speed), speedText(options.maxSpeed)});
  for (const text::SubtitleCue& cue : cues)
    if (const std::int64_t end = std::max(cue.startMs, cue.endMs); end > kMaxDubbingMs)
      return UserMessage(COSYSTUDIO_MESSAGE("Engine", "cue %1 runs to %2, past the %3 hours a dubbing may last"),
                         {std::to_string(cue.index), text::srtTime(end), std::to_string(kMaxDubbingMs / 3'600'000)});
  return std::nullopt;
}

DubbedTrack renderDubbing(SpeechMaker& speech, const std::vector<text::SubtitleCue>& cues, const Voice& voice,
                          const SynthesisSettings& settings, const DubbingOptions& options,
                          const SynthesisCallbacks& callbacks, const std::function<void(int cue)>& onCue,
                          const DubbingCueStore& store) {
  if (const auto problem = dubbingProblem(cues, settings, options)) throw EngineError(*problem);
  if (const auto problem = requestProblemMessage(requestProblem(outlineOf(settings, options, &voice)), settings.speed))
    throw EngineError(*problem);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<text::SubtitleCue> ordered = inTrackOrder(cues);
  SynthesisSettings cueSettings = settings;
  cueSettings.stream = false;
  SynthesisCallbacks cueCallbacks = callbacks;
  cueCallbacks.store = {};  // each cue is a request of its own: segment indices would meet
  SynthesisRequest request;
  request.voice = voice;
  request.instruction = options.instruction;

  DubbedTrack track;
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    const text::SubtitleCue& cue = ordered[i];
    if (onCue) onCue(int(i));
    if (callbacks.shouldStop && callbacks.shouldStop()) throw Cancelled();
    request.text = spokenText(cue);
    if (isSilent(request.text)) {
      place(track, ordered, i, settings, nullptr);
      continue;
    }
    std::optional<CueSpeech> take = store.made ? store.made(int(i), cue) : std::nullopt;
    if (!take) {
      try {
        take = makeToFit(speech, request, cueSettings, slotOf(ordered, i, track.sampleRate).size(), options.maxSpeed,
                         cueCallbacks);
      } catch (const Cancelled&) {
        throw;
      } catch (const EngineError& e) {
        throw EngineError({COSYSTUDIO_MESSAGE("Engine", "cue %1 of the subtitles: %2"),
                           {std::to_string(cue.index), e.message()}});
      }
      if (store.keep) store.keep(int(i), cue, *take);
    }
    place(track, ordered, i, settings, &*take);
  }
  endWithTheCues(track, ordered);
  track.totalSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return track;
}

DubbedTrack keptDubbing(const std::vector<text::SubtitleCue>& cues, const SynthesisSettings& settings,
                        const DubbingCueStore& store) {
  const std::vector<text::SubtitleCue> ordered = inTrackOrder(cues);
  DubbedTrack track;
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    std::optional<CueSpeech> take;
    if (!isSilent(spokenText(ordered[i]))) {
      take = store.made ? store.made(int(i), ordered[i]) : std::nullopt;
      if (!take) return track;
    }
    place(track, ordered, i, settings, take ? &*take : nullptr);
  }
  endWithTheCues(track, ordered);
  return track;
}

}  // namespace cosystudio
