// A script rendered line by line into one take: each line is an ordinary
// request in its speaker's voice, and the lines' segments are joined the way
// the engine joins a request's segments, with a pause where the speaker changes.
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/script.h"

#include <chrono>

namespace cosystudio {

double ScriptResult::realTimeFactor() const {
  const double audioSeconds = sampleRate > 0 ? double(samples.size()) / sampleRate : 0.0;
  return audioSeconds > 0 ? totalSeconds / audioSeconds : 0.0;
}

std::vector<std::string> ScriptSegment::warnings() const {
  std::vector<std::string> named;
  for (const std::string& warning : result.warnings)
    named.push_back(speaker + ", line " + std::to_string(line + 1) + ": " + warning);
  return named;
}

std::vector<std::string> ScriptResult::warnings() const {
  std::vector<std::string> all;
  for (const ScriptSegment& segment : segments) {
    const std::vector<std::string> named = segment.warnings();
    all.insert(all.end(), named.begin(), named.end());
  }
  return all;
}

std::vector<int> ScriptResult::linesStillFailing() const {
  std::vector<int> lines;
  for (const ScriptSegment& segment : segments)
    if (segment.check && !segment.check->passed() && (lines.empty() || lines.back() != segment.line))
      lines.push_back(segment.line);
  return lines;
}

ScriptResult renderScript(SpeechMaker& speech, const Script& script, const std::map<std::string, Voice>& voices,
                          const SynthesisSettings& settings, const SynthesisCallbacks& callbacks,
                          const std::function<void(int line)>& onLine, const ScriptLineStore& store,
                          const ScriptListening& listening) {
  if (const auto problem = scriptProblem(script, voices, settings)) throw EngineError(*problem);
  const auto start = std::chrono::steady_clock::now();
  SynthesisCallbacks lineCallbacks = callbacks;
  lineCallbacks.store = {};  // a script keeps whole lines (`store`), not the segments of each
  ScriptResult take;
  for (std::size_t i = 0; i < script.lines.size(); ++i) {
    const ScriptLine& line = script.lines[i];
    if (onLine) onLine(int(i));
    SynthesisRequest request;
    request.text = line.text;
    request.instruction = line.instruction;
    request.voice = voices.at(line.speaker);
    SynthesisSettings lineSettings = settings;
    lineSettings.mode = line.mode.value_or(settings.mode);
    lineSettings.speed = line.speed.value_or(settings.speed);
    lineSettings.seed = line.seed.value_or(settings.seed);
    std::optional<SynthesisResult> kept = store.made ? store.made(int(i), line) : std::nullopt;
    std::vector<SegmentCheck> checks;
    SynthesisResult result;
    if (kept) {
      result = std::move(*kept);
    } else if (listening.recognizer) {
      CheckedSynthesis checked = synthesizeChecked(speech, *listening.recognizer, request, lineSettings,
                                                   listening.thresholds, listening.retakes, lineCallbacks);
      result = std::move(checked.result);
      checks = std::move(checked.checks);
    } else {
      result = speech.synthesize(request, lineSettings, lineCallbacks);
    }
    if (!kept && store.keep) store.keep(int(i), line, result);
    take.sampleRate = result.sampleRate;

    const bool newSpeaker = !take.segments.empty() && take.segments.back().speaker != line.speaker;
    if (newSpeaker && !take.samples.empty()) {
      const std::vector<float> pause(std::size_t(script.speakerPauseSeconds * take.sampleRate), 0.0f);
      audio::appendWithCrossfade(take.samples, pause.data(), pause.size(), take.sampleRate);
    }
      for (std::size_t k = 0; k < result.segments.size(); ++k) {
      SegmentResult& segment = result.segments[k];
      ScriptSegment placed;
      if (k < checks.size()) placed.check = std::move(checks[k]);
      placed.line = int(i);
      placed.speaker = line.speaker;
      placed.seed = result.seed;
      placed.begin =
          audio::appendWithCrossfade(take.samples, segment.samples.data(), segment.samples.size(), take.sampleRate);
      placed.end = take.samples.size();
      placed.result = std::move(segment);
      take.segments.push_back(std::move(placed));
    }
  }
  take.totalSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return take;
}

}  // namespace cosystudio
