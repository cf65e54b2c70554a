// synth --text or --text-file: the text spoken in one voice (or with --mode vc
// the --source clip re-voiced), every segment listened to with --check.
#include "synth.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/checked_synthesis.h"
#include "cosystudio/settings_json.h"

#include <cstdio>
#include <memory>

namespace cosystudio::cli {
namespace {

bool isBlank(const std::string& text) { return text.find_first_not_of(" \t\r\n") == std::string::npos; }

std::string progressLine(const Progress& p) {
  char line[160];
  std::snprintf(line, sizeof line, "segment %d/%d: %s, %d tokens, %.1f s", p.segment + 1, p.segmentCount,
                stageName(p.stage), p.tokens, p.elapsedSeconds);
  return line;
}

// One cue per segment, where the engine's crossfade puts it.
SubtitleLines segmentLines(const SynthesisResult& result) {
  SubtitleLines lines;
  std::vector<std::size_t> sizes;
  for (const SegmentResult& segment : result.segments) {
    sizes.push_back(segment.samples.size());
    lines.texts.push_back(segment.userText);
    lines.segments.push_back(&segment);
  }
  lines.spans = audio::crossfadeSpans(sizes, result.sampleRate);
  return lines;
}

// What listening found, for people: each segment still failing and why.
void printChecks(const CheckedSynthesis& checked) {
  std::size_t retaken = 0;
  for (std::size_t i = 0; i < checked.checks.size(); ++i) {
    const SegmentCheck& check = checked.checks[i];
    retaken += check.tries.size() > 1;
    if (!check.passed())
      for (const std::string& failure : check.tries[check.kept].failures)
        std::fprintf(stderr, "segment %zu fails%s: %s\n", i + 1,
                     check.tries.size() > 1 ? (" after " + std::to_string(check.tries.size() - 1) +
                                               (check.tries.size() == 2 ? " retake" : " retakes"))
                                                  .c_str()
                                            : "",
                     failure.c_str());
  }
  std::printf("checked %zu segment%s: %zu still failing, %zu made again; listening took %.2f s, retakes %.2f s\n",
              checked.checks.size(), checked.checks.size() == 1 ? "" : "s", checked.stillFailing().size(), retaken,
              checked.checkSeconds, checked.retakeSeconds);
}

}  // namespace

int synthText(const SynthOptions& o) {
  // Everything cheap is checked before the model loads.
  const std::string text = o.textFile.empty() ? o.text : readTextFile(o.textFile, "text file");
  if (o.voice.namedMode() != Mode::VoiceConversion && isBlank(text))
    throw std::runtime_error(o.textFile.empty() ? "the text is empty" : "the text file " + o.textFile + " is empty");
  checkOutputPath(o.render.out);
  o.voice.checkPromptClip();
  ChosenVoice voice(o.voice);
  if (!o.source.empty()) checkClip(o.source, "source clip");
  const SynthesisSettings settings = o.settings();
  const std::unique_ptr<Recognizer> recognizer =
      o.listen.recognizer(o.render.engine.device, o.render.output.needsWords());
  const bool checking = o.listen.check;

  RenderRun run(o.render);
  SynthesisRequest request;
  request.text = text;
  request.instruction = o.voice.instruction;
  if (!o.source.empty()) request.sourceClip = audio::loadClip(o.source);

  request.voice = run.prepareVoice(voice);

  int chunks = 0;
  const CheckedSynthesis checked = run.render(progressLine, [&](SpeechMaker& speech, SynthesisCallbacks callbacks) {
    callbacks.onAudio = [&chunks](const AudioChunk&) { ++chunks; };
    if (checking)
      return synthesizeChecked(speech, *recognizer, request, settings, o.listen.thresholds, o.listen.retakes,
                               callbacks);
    CheckedSynthesis unchecked;
    unchecked.result = speech.synthesize(request, settings, callbacks);
    return unchecked;
  });
  const SynthesisResult& result = checked.result;
  run.write(result.samples, result.sampleRate, [&] { return segmentLines(result); }, recognizer.get());

  if (o.render.json) {
    nlohmann::ordered_json segments = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < result.segments.size(); ++i) {
      const SegmentResult& s = result.segments[i];
      segments.push_back({{"text", s.text},
                          {"user_text", s.userText},
                          {"tokens", s.speechTokens},
                          {"seconds", double(s.samples.size()) / result.sampleRate},
                          {"reached_token_cap", s.reachedTokenCap}});
      if (checking) segments.back()["check"] = checkJson(checked.checks[i]);
    }
    nlohmann::ordered_json figures{
        {"mode", o.voice.mode},
        {"seed", result.seed},
        {"stream", settings.stream},
        {"chunks", chunks},
        {"device", run.whereMade()},
        {"checkpoint", run.engine().options().llmCheckpoint},  // empty: made on a server
        {"load_seconds", run.loadSeconds()},
        {"voice_seconds", run.voiceSeconds()},
        {"synthesis_seconds", result.totalSeconds},
        {"first_audio_seconds", result.firstAudioSeconds},
        {"real_time_factor", result.realTimeFactor()},
        {"segments", segments},
        {"warnings", result.warnings()},
        {"settings", nlohmann::ordered_json::parse(settingsJson(settings))},
    };
    if (checking)
      figures.update(nlohmann::ordered_json{{"check_seconds", checked.checkSeconds},
                                            {"retake_seconds", checked.retakeSeconds},
                                            {"still_failing", checked.stillFailing()}});
    run.printJson(figures);
  } else {
    char summary[200];
    std::snprintf(summary, sizeof summary, "%zu segment%s, seed %llu, real-time factor %.2f (first audio after %.2f s)",
                  result.segments.size(), result.segments.size() == 1 ? "" : "s",
                  static_cast<unsigned long long>(result.seed), result.realTimeFactor(), result.firstAudioSeconds);
    run.printSummary(result.warnings(), summary);
    if (checking) printChecks(checked);
  }
  return 0;
}

}  // namespace cosystudio::cli
