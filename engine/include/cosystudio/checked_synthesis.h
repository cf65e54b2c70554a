// Listening back to what the engine made. Each segment is transcribed by the
// recogniser and compared with the text it was meant to say (character or
// word error rate, listen_check.h), its speaker with the voice (CAM++
// similarity), and its speaking rate with the voice's own (babbling and long
// silences change it). A segment that fails is made again alone with new
// seeds, up to a number of times, and the best try is kept.
#pragma once

#include "cosystudio/engine.h"
#include "cosystudio/listen_check.h"
#include "cosystudio/recognizer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cosystudio {

// What a segment must reach to pass; settings of the window and options of
// the command line. The defaults and how they were chosen: README, "Listening back".
struct CheckThresholds {
  double maxErrorRate = 0.2;   // character or word error rate
  double minSimilarity = 0.5;  // cosine of the CAM++ embeddings
  // The segment's units per second against the voice's own (times the
  // speed asked for): outside [1 / maxRateRatio, maxRateRatio] fails.
  double maxRateRatio = 1.8;
};

// What a failing try fails on; each kind once at most, in this order.
enum class CheckFailure { NoSpeech, OtherWords, OtherSpeaker, Rushes, Drags };
// "no_speech", "other_words", "other_speaker", "rushes", "drags": how files and
// front ends name them (check_json.h), so that each words them in its language.
const char* checkFailureName(CheckFailure failure);

struct SegmentTry {
  uint64_t seed = 0;
  std::string heard;          // what the recogniser heard, without its tags
  std::string heardLanguage;  // the language it identified ("" when none)
  HeardScore score;           // the meant text against `heard`
  double similarity = 0;      // speaker cosine with the voice
  double rateRatio = 0;       // 0 where the voice's rate is unknown (no transcript, other units)
  std::vector<std::string> failures;  // why it failed, in words; empty: it passed
  std::vector<CheckFailure> failureKinds;  // what each of `failures` is about
  bool passed() const { return failures.empty(); }
};

struct SegmentCheck {
  std::vector<SegmentTry> tries;  // the segment as first made, then each retake
  std::size_t kept = 0;           // the try whose audio the result holds
  bool passed() const { return !tries.empty() && tries[kept].passed(); }
};

struct CheckedSynthesis {
  SynthesisResult result;            // each segment's kept try in place, joined again
  std::vector<SegmentCheck> checks;  // one per segment of the result
  double checkSeconds = 0;           // listening: recognition, speaker and rate
  double retakeSeconds = 0;          // making failed segments again
  std::vector<int> stillFailing() const;  // 0-based segments whose kept try fails
};

// The seed of retake `attempt` (1, 2, …) of a segment first made with `seed`.
uint64_t retakeSeed(uint64_t seed, int attempt);  // in 0 .. kMaxSeed (request_rules.h)

// Listens to one made segment of `voice` (its userText is what was meant).
SegmentTry checkSegment(SpeechMaker& speech, const Recognizer& recognizer, const SegmentResult& segment,
                        const Voice& voice, const SynthesisSettings& settings, const CheckThresholds& thresholds);

// speech.synthesize, then every segment checked; one that fails is made
// again alone (SynthesisRequest::onlySegment) with retakeSeed(seed, 1…retakes)
// until a try passes. The kept try is the first that passes, else the one
// with the lowest error rate (then the highest similarity). Voice conversion
// has no text to check and is refused.
CheckedSynthesis synthesizeChecked(SpeechMaker& speech, const Recognizer& recognizer, const SynthesisRequest& request,
                                   const SynthesisSettings& settings, const CheckThresholds& thresholds, int retakes,
                                   const SynthesisCallbacks& callbacks = {});

}  // namespace cosystudio
