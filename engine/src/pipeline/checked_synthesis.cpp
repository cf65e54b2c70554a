#include "cosystudio/checked_synthesis.h"

#include "cosystudio/request_rules.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace cosystudio {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Characters or words, as the scoring would count `text` with no language given.
ScoringUnit unitOf(const std::string& text) { return scoreHeard(text, text, "").unit; }

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f %%", fraction * 100);
  return text;
}

std::string decimal(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

// Passed first, then the lowest error rate, then the highest similarity.
bool better(const SegmentTry& a, const SegmentTry& b) {
  if (a.passed() != b.passed()) return a.passed();
  if (a.score.errorRate != b.score.errorRate) return a.score.errorRate < b.score.errorRate;
  return a.similarity > b.similarity;
}

}  // namespace

const char* checkFailureName(CheckFailure failure) {
  switch (failure) {
    case CheckFailure::NoSpeech: return "no_speech";
    case CheckFailure::OtherWords: return "other_words";
    case CheckFailure::OtherSpeaker: return "other_speaker";
    case CheckFailure::Rushes: return "rushes";
    case CheckFailure::Drags: return "drags";
  }
  return "";
}

uint64_t retakeSeed(uint64_t seed, int attempt) {
  // splitmix64 of the seed and the attempt: distinct, spread seeds, the same each run.
  uint64_t z = seed + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(attempt);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (z ^ (z >> 31)) % (kMaxSeed + 1);  // a seed the window can take
}

std::vector<int> CheckedSynthesis::stillFailing() const {
  std::vector<int> failing;
  for (std::size_t i = 0; i < checks.size(); ++i)
    if (!checks[i].passed()) failing.push_back(int(i));
  return failing;
}

SegmentTry checkSegment(SpeechMaker& speech, const Recognizer& recognizer, const SegmentResult& segment,
                        const Voice& voice, const SynthesisSettings& settings, const CheckThresholds& thresholds) {
  constexpr int kRate = 24000;
  SegmentTry attempt;
  attempt.seed = settings.seed;
  const auto fail = [&](CheckFailure kind, std::string why) {
    attempt.failures.push_back(std::move(why));
    attempt.failureKinds.push_back(kind);
  };
  // The user's words: numbers as written, markup and all (the scoring drops what is not read as text).
  const std::string& meant = segment.userText.empty() ? segment.text : segment.userText;
  const double seconds = double(segment.samples.size()) / kRate;
  if (segment.samples.size() < kRate / 10) {
    attempt.score = scoreHeard(meant, "", "");
    fail(CheckFailure::NoSpeech, "it made no speech");
    return attempt;
  }
  const auto transcript = recognizer.transcribe(audio::Clip{{segment.samples}, kRate, {}}, "auto", false);
  attempt.heard = transcript.text;
  attempt.heardLanguage = transcript.language;
  // The meant text's script decides the unit: the language heard may be wrong when the words are.
  attempt.score = scoreHeard(meant, attempt.heard, "");
  attempt.similarity = speech.speakerSimilarity(segment.samples, kRate, voice);

  const std::string& voiceText = voice.transcript();
  if (!voiceText.empty() && voice.clipSeconds() > 0 &&
      unitOf(voiceText) == attempt.score.unit) {
    const double voiceRate = speakingRate(voiceText, "", voice.clipSeconds());
    const double rate = speakingRate(meant, "", seconds);
    if (voiceRate > 0 && rate > 0) attempt.rateRatio = rate / (voiceRate * settings.speed);
  }

  if (attempt.score.errorRate > thresholds.maxErrorRate)
    fail(CheckFailure::OtherWords, "it says other words (" +
                                       std::string(attempt.score.unit == ScoringUnit::Character ? "character" : "word") +
                                       " error rate " + percent(attempt.score.errorRate) +
                                       "): " + describeDifferences(attempt.score));
  if (attempt.similarity < thresholds.minSimilarity)
    fail(CheckFailure::OtherSpeaker, "it sounds like another speaker (similarity " + decimal(attempt.similarity) + ")");
  if (attempt.rateRatio > thresholds.maxRateRatio)
    fail(CheckFailure::Rushes, "it rushes (speaking rate " + decimal(attempt.rateRatio) + " times the voice's)");
  else if (attempt.rateRatio > 0 && attempt.rateRatio < 1 / thresholds.maxRateRatio)
    fail(CheckFailure::Drags, "it drags or pauses (speaking rate " + decimal(attempt.rateRatio) + " times the voice's)");
  return attempt;
}

CheckedSynthesis synthesizeChecked(SpeechMaker& speech, const Recognizer& recognizer, const SynthesisRequest& request,
                                   const SynthesisSettings& settings, const CheckThresholds& thresholds, int retakes,
                                   const SynthesisCallbacks& callbacks) {
  if (settings.mode == Mode::VoiceConversion)
    throw EngineError(COSYSTUDIO_MESSAGE("Engine", "voice conversion has no text to check the audio against"));
  CheckedSynthesis checked;
  checked.result = speech.synthesize(request, settings, callbacks);
  SynthesisCallbacks retakeCallbacks = callbacks;
  retakeCallbacks.store = {};  // a retake is made, never taken from what the first run kept
  auto& segments = checked.result.segments;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    SegmentCheck check;
    auto start = std::chrono::steady_clock::now();
    check.tries.push_back(checkSegment(speech, recognizer, segments[i], request.voice, settings, thresholds));
    checked.checkSeconds += secondsSince(start);
    for (int attempt = 1; attempt <= retakes && !check.tries[check.kept].passed(); ++attempt) {
      SynthesisRequest again = request;
      again.onlySegment = int(i);
      SynthesisSettings retake = settings;
      retake.seed = retakeSeed(settings.seed, attempt);
      start = std::chrono::steady_clock::now();
      SynthesisResult made = speech.synthesize(again, retake, retakeCallbacks);
      checked.retakeSeconds += secondsSince(start);
      start = std::chrono::steady_clock::now();
      check.tries.push_back(checkSegment(speech, recognizer, made.segments.at(0), request.voice, retake, thresholds));
      checked.checkSeconds += secondsSince(start);
      if (better(check.tries.back(), check.tries[check.kept])) {
        check.kept = check.tries.size() - 1;
        segments[i] = std::move(made.segments.at(0));
      }
    }
    checked.checks.push_back(std::move(check));
  }
  checked.result.joinSegments();  // of the kept tries
  return checked;
}

}  // namespace cosystudio
