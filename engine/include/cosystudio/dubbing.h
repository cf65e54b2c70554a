// Dubbing: subtitles (text/subtitles.h) spoken cue by cue into one track laid
// out on their timeline, each cue's speech at the cue's start and silence
// between cues.
//
// A cue's slot runs from its start to its end, or to the next cue's start
// where that comes first (cues that overlap in the file). Speech longer than
// its slot is made again faster, up to DubbingOptions::maxSpeed; speech that
// still does not fit is kept and flagged: it runs on into the gap after its
// cue, and is cut with a short fade where the next cue begins, so that no two
// cues are ever heard at once. The last cue may run past its end; the track
// then ends with it. Torch-free.
#pragma once

#include "cosystudio/engine.h"
#include "cosystudio/text/subtitles.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio {

// The latest a cue may end: a day, beyond any film or recording subtitled in
// one file. The track is silence up to there (346 MB an hour at 24 kHz), so a
// cue at 99:00:00 asked for 34 GB, and the hours a file can give overflowed
// the sample arithmetic.
constexpr std::int64_t kMaxDubbingMs = std::int64_t(24) * 3'600'000;

struct DubbingOptions {
  // The fastest a cue may be made to fit its slot (kMinSpeed .. kMaxSpeed);
  // SynthesisSettings::speed is the speed every cue is first made at.
  double maxSpeed = 1.5;
  std::string instruction;  // Instruct mode: how every cue is said
};

struct DubbedCue {
  int index = 0;  // its number in the subtitle file (SubtitleCue::index)
  std::int64_t startMs = 0, endMs = 0;
  std::string text;    // the cue's lines joined with a space; empty: silence
  double speed = 1.0;  // of the take kept
  int attempts = 0;    // takes made (0 for a silent cue)
  std::int64_t audioMs = 0;  // the take kept, before any cut
  bool fits = true;          // within its slot
  uint64_t seed = 0;
  // Where its speech lies in DubbedTrack::samples, in samples (after any cut).
  std::size_t begin = 0, end = 0;
  // Its own part of DubbedTrack::warnings: that it does not fit, and the
  // engine's warnings about its segments.
  std::vector<UserMessage> warnings;
};

struct DubbedTrack {
  std::vector<DubbedCue> cues;  // in the order of their start
  std::vector<float> samples;   // the whole track from 0 ms, silence between cues
  int sampleRate = 24000;
  double totalSeconds = 0;
  double realTimeFactor() const;
  // A cue that does not fit (its number and by how many ms) and the engine's
  // warnings about a cue's segments, in the order of the cues.
  std::vector<UserMessage> warnings;
};

// Where `ms` lies at `sampleRate`, rounded to the nearest sample (halves up);
// a time before 0 or past kMaxDubbingMs lies where they do.
std::size_t msToSamples(std::int64_t ms, int sampleRate);

// Why these cues cannot be dubbed with these settings (the request rules of
// request_rules.h but the voice's part, the speed limit, a cue that runs past
// kMaxDubbingMs), found before a model or voice is loaded; nothing when they
// can.
std::optional<UserMessage> dubbingProblem(const std::vector<text::SubtitleCue>& cues, const SynthesisSettings& settings,
                                          const DubbingOptions& options);

// A cue's speech as it was made to fit its slot: the result, at `speed`, after
// `attempts` takes.
struct CueSpeech {
  SynthesisResult result;
  double speed = 1.0;
  int attempts = 0;
};

// Cues made by an earlier run of the same dubbing, kept by the caller so that a
// run that stopped halfway (a cancel, a quit) resumes at the cue it stopped in.
// A cue's speech depends on nothing but its text, its slot and the settings
// (each cue is seeded afresh), so a kept cue is the cue an uninterrupted run
// makes. A cue is numbered by its place in the track (0-based, in the order of
// the starts); a silent cue is never kept. `made(i, cue)` gives cue i's speech
// when one was kept from that very cue; `keep(i, cue, speech)` is given each
// cue as soon as it is made.
struct DubbingCueStore {
  std::function<std::optional<CueSpeech>(int position, const text::SubtitleCue& cue)> made;
  std::function<void(int position, const text::SubtitleCue& cue, const CueSpeech& speech)> keep;
};

// Cue by cue through `speech` in `voice` with `settings` (normalised and split
// as any text would be, so that numbers are read as words and a long cue is
// made in pieces the model handles well; a cue of only blanks or punctuation
// is silence). Always made whole, not streamed: the speed change needs it.
// `onCue` is told before each cue (its position in the track, 0-based), kept
// ones too. Throws EngineError for a dubbingProblem, a voice the mode cannot
// use or the cue that cannot be made (named), Cancelled through
// callbacks.shouldStop.
DubbedTrack renderDubbing(SpeechMaker& speech, const std::vector<text::SubtitleCue>& cues, const Voice& voice,
                          const SynthesisSettings& settings, const DubbingOptions& options,
                          const SynthesisCallbacks& callbacks = {}, const std::function<void(int cue)>& onCue = {},
                          const DubbingCueStore& store = {});

// What an earlier run of the dubbing made, and makes nothing: the cues `store`
// kept from the first up to the first it did not keep, laid out exactly as
// renderDubbing lays them. The track ends with the last of them (with the last
// cue's end when every cue was kept).
DubbedTrack keptDubbing(const std::vector<text::SubtitleCue>& cues, const SynthesisSettings& settings,
                        const DubbingCueStore& store);

}  // namespace cosystudio
