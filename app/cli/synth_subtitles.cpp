// synth --srt: subtitles (SRT or WebVTT) dubbed cue by cue onto their
// timeline in one voice, as one track.
#include "synth.h"

#include "cosystudio/dubbing.h"
#include "cosystudio/settings_json.h"
#include "cosystudio/text/subtitles.h"

#include <algorithm>
#include <cstdio>

namespace cosystudio::cli {
namespace {

// The cues of a subtitle file; a malformed one refused naming the file and line.
std::vector<text::SubtitleCue> readCues(const std::string& path) {
  try {
    return text::parseSubtitles(readTextFile(path, "subtitle file"));
  } catch (const text::SubtitleError& e) {
    throw std::runtime_error(path + ", " + e.what());
  }
}

// The cues that were spoken, where the track has them; a silent one has no subtitle.
SubtitleLines spokenCues(const DubbedTrack& track) {
  SubtitleLines lines;
  for (const DubbedCue& dubbed : track.cues)
    if (dubbed.end > dubbed.begin) {
      lines.spans.push_back({dubbed.begin, dubbed.end});
      lines.texts.push_back(dubbed.text);
    }
  return lines;
}

nlohmann::ordered_json cueJson(const DubbedCue& cue) {
  return {{"index", cue.index},     {"start_ms", cue.startMs}, {"end_ms", cue.endMs},
          {"text", cue.text},       {"speed", cue.speed},      {"attempts", cue.attempts},
          {"audio_ms", cue.audioMs}, {"fits", cue.fits},        {"seed", cue.seed}};
}

}  // namespace

int synthSubtitles(const SynthOptions& o) {
  // Everything cheap is checked before the model loads.
  const std::vector<text::SubtitleCue> cues = readCues(o.srt);
  const SynthesisSettings settings = o.settings();
  DubbingOptions dubbing = o.dubbing;
  dubbing.instruction = o.voice.instruction;
  if (const auto problem = dubbingProblem(cues, settings, dubbing))
    throw std::runtime_error(o.srt + ": " + problem->render());
  checkOutputPath(o.render.out);
  o.voice.checkPromptClip();
  ChosenVoice chosen(o.voice);

  RenderRun run(o.render);
  const Voice voice = run.prepareVoice(chosen);
  int cue = 0;
  const auto progressLine = [&](const Progress& p) {
    char status[160];
    std::snprintf(status, sizeof status, "cue %d/%zu, segment %d/%d: %s, %.1f s", cue + 1, cues.size(),
                  p.segment + 1, p.segmentCount, stageName(p.stage), p.elapsedSeconds);
    return std::string(status);
  };
  const DubbedTrack track = run.render(progressLine, [&](SpeechMaker& speech, const SynthesisCallbacks& callbacks) {
    return renderDubbing(speech, cues, voice, settings, dubbing, callbacks, [&](int index) { cue = index; });
  });
  // A dubbed cue keeps its subtitle whole: no recogniser times its words.
  run.write(track.samples, track.sampleRate, [&] { return spokenCues(track); }, nullptr);

  std::vector<std::string> warnings;
  for (const UserMessage& warning : track.warnings) warnings.push_back(warning.render());
  if (o.render.json) {
    nlohmann::ordered_json cuesJson = nlohmann::ordered_json::array();
    for (const DubbedCue& dubbed : track.cues) cuesJson.push_back(cueJson(dubbed));
    run.printJson(nlohmann::ordered_json{{"srt", o.srt},
                                         {"max_speed", dubbing.maxSpeed},
                                         {"device", run.whereMade()},
                                         {"load_seconds", run.loadSeconds()},
                                         {"voice_seconds", run.voiceSeconds()},
                                         {"synthesis_seconds", track.totalSeconds},
                                         {"real_time_factor", track.realTimeFactor()},
                                         {"cues", cuesJson},
                                         {"warnings", warnings},
                                         {"settings", nlohmann::ordered_json::parse(settingsJson(settings))}});
  } else {
    const auto count = [&](const auto& test) { return std::count_if(track.cues.begin(), track.cues.end(), test); };
    char summary[200];
    std::snprintf(summary, sizeof summary, "%zu cues (%td made faster, %td too long), seed %llu, real-time factor %.2f",
                  track.cues.size(), count([](const DubbedCue& c) { return c.attempts > 1; }),
                  count([](const DubbedCue& c) { return !c.fits; }), static_cast<unsigned long long>(settings.seed),
                  track.realTimeFactor());
    run.printSummary(warnings, summary);
  }
  return 0;
}

}  // namespace cosystudio::cli
