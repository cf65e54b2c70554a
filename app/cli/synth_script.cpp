// synth --script: every line of a script project in its speaker's saved
// voice, as one take.
#include "synth.h"

#include "cosystudio/script.h"

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>

namespace cosystudio::cli {

int synthScript(const SynthOptions& o) {
  // Everything cheap is checked before the model loads.
  Script script = loadScript(o.script);
  std::vector<std::filesystem::path> folders{std::filesystem::absolute(o.script).parent_path()};
  folders.insert(folders.end(), o.voiceFolders.begin(), o.voiceFolders.end());
  std::vector<std::string> notes;
  const std::map<std::string, Voice> voices = loadCast(script, folders, &notes);
  for (const std::string& note : notes) std::fprintf(stderr, "warning: %s\n", note.c_str());
  const SynthesisSettings settings = o.settings();
  if (const auto problem = scriptProblem(script, voices, settings)) throw EngineError(*problem);
  checkOutputPath(o.render.out);
  // A script is long: a failing line is made again twice unless --retakes says otherwise.
  const std::unique_ptr<Recognizer> recognizer =
      o.listen.recognizer(o.render.engine.device, o.render.output.needsWords());
  const ScriptListening listening{o.listen.check ? recognizer.get() : nullptr, o.listen.thresholds,
                                  o.listen.retakesOr(2)};

  RenderRun run(o.render);
  int line = 0;
  const auto progressLine = [&](const Progress& p) {
    char status[200];
    std::snprintf(status, sizeof status, "line %d/%zu (%s), segment %d/%d: %s, %.1f s", line + 1,
                  script.lines.size(), script.lines[std::size_t(line)].speaker.c_str(), p.segment + 1,
                  p.segmentCount, stageName(p.stage), p.elapsedSeconds);
    return std::string(status);
  };
  const ScriptResult take = run.render(progressLine, [&](SpeechMaker& speech, const SynthesisCallbacks& callbacks) {
    return renderScript(speech, script, voices, settings, callbacks, [&](int index) { line = index; }, {},
                        listening);
  });
  run.write(take.samples, take.sampleRate, [&] { return subtitleLines(take); }, recognizer.get());

  if (o.render.json) {
    nlohmann::ordered_json segments = nlohmann::ordered_json::array();
    for (const ScriptSegment& s : take.segments) {
      segments.push_back({{"line", s.line + 1},
                          {"speaker", s.speaker},
                          {"seed", s.seed},
                          {"text", s.result.text},
                          {"user_text", s.result.userText},
                          {"start_seconds", double(s.begin) / take.sampleRate},
                          {"seconds", double(s.result.samples.size()) / take.sampleRate}});
      if (s.check) segments.back()["check"] = checkJson(*s.check);
    }
    nlohmann::ordered_json cast = nlohmann::ordered_json::array();
    for (const CastMember& member : script.cast)
      cast.push_back({{"name", member.name}, {"voice_file", member.voiceFile.string()}});
    std::vector<std::string> warnings = notes;
    for (const std::string& warning : take.warnings()) warnings.push_back(warning);
    nlohmann::ordered_json figures{{"script", o.script},
                                   {"lines", script.lines.size()},
                                   {"cast", cast},
                                   {"device", run.whereMade()},
                                   {"load_seconds", run.loadSeconds()},
                                   {"synthesis_seconds", take.totalSeconds},
                                   {"real_time_factor", take.realTimeFactor()},
                                   {"segments", segments},
                                   {"warnings", warnings}};
    if (listening.recognizer) {
      nlohmann::ordered_json failing = nlohmann::ordered_json::array();
      for (int index : take.linesStillFailing()) failing.push_back(index + 1);
      figures["lines_still_failing"] = failing;
    }
    run.printJson(figures);
  } else {
    char summary[200];
    std::snprintf(summary, sizeof summary, "%zu lines by %zu voices, real-time factor %.2f", script.lines.size(),
                  script.cast.size(), take.realTimeFactor());
    run.printSummary(take.warnings(), summary);
    for (int index : take.linesStillFailing())
      std::printf("line %d (%s) still fails its check: listen to it\n", index + 1,
                  script.lines[std::size_t(index)].speaker.c_str());
  }
  return 0;
}

}  // namespace cosystudio::cli
