// cosystudio-cli synth: text to speech in a cloned voice, written to an audio file.
//
//   synth --model DIR (--prompt CLIP [--prompt-text TEXT] | --voice FILE)
//         (--text TEXT | --text-file FILE) [--mode zero-shot|cross-lingual|instruct|vc]
//         [--instruct TEXT] [--source CLIP] [--seed N] [--speed X] [--stream] [--raw-text] [--official-text]
//         [--device cpu|cuda:N] [--precision fp32|bf16|fp16|int8] --out FILE.wav
//         [--format pcm16|pcm24|float] [--rate 24000|44100|48000] [--loudness LUFS] [--json]
//         [--subtitles srt|vtt] [--check [--retakes N] [--asr-model DIR] [--max-error-rate X] [--min-similarity X]
//         [--max-rate-ratio X]]
//   synth --model DIR --script PROJECT.json [--voices DIR]... --out FILE.wav [the output options above]
//   synth --model DIR --srt CUES.srt|.vtt (--prompt CLIP [--prompt-text TEXT] | --voice FILE) [--mode …]
//         [--speed X] [--max-speed X] --out FILE.wav [the output options above]
//
// Ctrl-C cancels the synthesis cleanly (within one token or flow step); no
// partial output file is left behind.
#include "command.h"
#include "audio_output.h"
#include "engine_options.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/audio/loudness.h"
#include "cosystudio/check_json.h"
#include "cosystudio/checked_synthesis.h"
#include "cosystudio/dubbing.h"
#include "cosystudio/request_rules.h"
#include "cosystudio/script.h"
#include "cosystudio/settings_json.h"
#include "cosystudio/text/subtitles.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

namespace cosystudio::cli {
namespace {

struct SynthOptions {
  EngineOptions engine;
  std::string prompt;
  std::string promptText;
  std::string voice;
  std::string text;
  std::string textFile;
  std::string instruction;
  std::string mode = "zero-shot";
  std::string source;
  SynthesisSettings settings;  // the mode, the raw-text and official-text flags are set from their options
  bool seedGiven = false;
  bool textGiven = false;  // --text, even as ""
  bool rawText = false;
  bool officialText = false;
  std::string out;
  AudioOutputOptions output;
  bool json = false;
  std::string script;     // a script project file instead of the text and voice
  std::vector<std::string> voiceFolders;  // where a script's moved voices are looked for
  std::string srt;  // subtitles (SRT or WebVTT) to dub instead of the text
  DubbingOptions dubbing;
  ListenOptions listen;
};

const std::map<std::string, Mode> kModes{{"zero-shot", Mode::ZeroShot},
                                         {"cross-lingual", Mode::CrossLingual},
                                         {"instruct", Mode::Instruct},
                                         {"vc", Mode::VoiceConversion}};

// Thrown for option combinations CLI11 cannot express; exits with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the mode needs (the engine's rule, request_rules.h) in the CLI's words,
// then the options a mode does not take.
void checkUsage(const SynthOptions& o) {
  const Mode mode = kModes.at(o.mode);
  RequestOutline outline;
  outline.mode = mode;
  outline.voice = !o.prompt.empty() || !o.voice.empty();
  // A --text given empty is the empty text, found below, not a missing option.
  outline.text = o.textGiven || !o.textFile.empty() || !o.srt.empty();
  outline.transcript = !o.voice.empty() || !o.promptText.empty();  // a voice file carries its own, or not
  outline.instruction = !o.instruction.empty();
  outline.sourceClip = !o.source.empty();
  outline.speed = o.settings.speed;
  outline.stream = o.settings.stream;
  switch (requestProblem(outline)) {
    case RequestProblem::None: break;
    case RequestProblem::NoVoice: throw UsageError("give the voice as --prompt CLIP or --voice FILE");
    case RequestProblem::NoText: throw UsageError("give the text as --text TEXT or --text-file FILE");
    case RequestProblem::NoTranscript:
      throw UsageError("--mode zero-shot needs --prompt-text, the transcript of the prompt clip "
                       "(or use --mode cross-lingual)");
    case RequestProblem::NoInstruction:
      throw UsageError("--mode instruct needs --instruct TEXT, e.g. \"请用四川话表达。\"");
    case RequestProblem::NoSourceClip: throw UsageError("--mode vc needs --source CLIP, the speech to re-voice");
    case RequestProblem::SpeedOutOfRange: throw UsageError("--speed must be from 0.5 to 2.0");
    case RequestProblem::SpeedWhileStreaming: throw UsageError("--speed other than 1 works only without --stream");
  }
  if (mode == Mode::VoiceConversion && outline.text) throw UsageError("--mode vc takes no text");
  if (mode != Mode::VoiceConversion && outline.sourceClip) throw UsageError("--source is only for --mode vc");
  if (mode != Mode::Instruct && outline.instruction) throw UsageError("--instruct is only for --mode instruct");
  if (!o.srt.empty() && o.settings.stream)
    throw UsageError("--srt cannot --stream: a cue too long for its time is made again faster, whole");
  if (mode == Mode::VoiceConversion && !o.output.subtitles.empty())
    throw UsageError("--subtitles needs text; --mode vc has none");
  if ((o.output.subtitleChars > 0 || o.output.wordTimings) && o.output.subtitles.empty())
    throw UsageError("--subtitle-chars and --word-timings shape the subtitles: give --subtitles srt|vtt");
  if (o.output.wordTimings && o.output.subtitles != "vtt")
    throw UsageError("--word-timings needs --subtitles vtt: SRT cannot time words");
  if (o.listen.check && (mode == Mode::VoiceConversion || !o.srt.empty()))
    throw UsageError("--check listens to text made from text: not to --mode vc or --srt");
}

// `what` names the file in a refusal ("text file").
std::string readTextFile(const std::string& path, const std::string& what) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw std::runtime_error("cannot read the " + what + " " + path + ": it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the " + what + " " + path + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool isBlank(const std::string& text) { return text.find_first_not_of(" \t\r\n") == std::string::npos; }

// Refuses an unusable clip from its header, before the model is loaded.
void checkClip(const std::string& path, const char* what) {
  const audio::ClipInfo info = audio::probeClip(path);
  if (const auto problem = audio::limitViolation(info, audio::ClipLimits{}))
    throw std::runtime_error(std::string(what) + " " + path + ": " + problem->render());
}

// The settings the options imply: the mode, the text flags, a fresh seed unless one was given.
void finishSettings(SynthOptions& o) {
  if (!o.seedGiven) o.settings.seed = std::random_device{}();
  o.settings.mode = kModes.at(o.mode);
  o.settings.normalize = !o.rawText;
  o.settings.readNumbers = !o.officialText;
}

// The voice of --voice, or the checked --prompt clip's, made once the model is loaded (prepared()).
class VoiceOption {
 public:
  explicit VoiceOption(const SynthOptions& o) : prompt_(o.prompt), promptText_(o.promptText) {
    if (!prompt_.empty()) checkClip(prompt_, "prompt clip");
    if (!o.voice.empty()) voice_ = Voice::load(o.voice);
  }
  Voice prepared(Engine& engine) {
    if (!voice_.isValid()) {
      statusLine("Analysing the prompt clip…");
      voice_ = engine.prepareVoice(audio::loadClip(prompt_), promptText_);
    }
    return voice_;
  }

 private:
  std::string prompt_, promptText_;
  Voice voice_;
};

// A segment's check as synth --json and the speech server's X-CosyStudio-Check header spell it.
nlohmann::ordered_json checkJson(const SegmentCheck& check) {
  return nlohmann::ordered_json::parse(segmentCheckJson(check));
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

// --script: every line in its speaker's voice, one take.
int synthScript(SynthOptions o) {
  // Everything cheap is checked before the model loads.
  Script script = loadScript(o.script);
  std::vector<std::filesystem::path> folders{std::filesystem::absolute(o.script).parent_path()};
  folders.insert(folders.end(), o.voiceFolders.begin(), o.voiceFolders.end());
  std::vector<std::string> notes;
  const std::map<std::string, Voice> voices = loadCast(script, folders, &notes);
  for (const std::string& note : notes) std::fprintf(stderr, "warning: %s\n", note.c_str());
  finishSettings(o);
  if (const auto problem = scriptProblem(script, voices, o.settings)) throw EngineError(*problem);
  checkOutputPath(o.out);
  // A script is long: a failing line is made again twice unless --retakes says otherwise.
  const std::unique_ptr<Recognizer> recognizer = o.listen.recognizer(o.engine.device, o.output.needsWords());
  const ScriptListening listening{o.listen.check ? recognizer.get() : nullptr, o.listen.thresholds,
                                  o.listen.retakesOr(2)};

  Engine engine;
  auto start = std::chrono::steady_clock::now();
  loadEngine(engine, o.engine);
  const double loadSeconds = secondsSince(start);

  int line = 0;
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&](const Progress& p) {
    char status[200];
    std::snprintf(status, sizeof status, "line %d/%zu (%s), segment %d/%d: %s, %.1f s", line + 1,
                  script.lines.size(), script.lines[std::size_t(line)].speaker.c_str(), p.segment + 1,
                  p.segmentCount, stageName(p.stage), p.elapsedSeconds);
    statusLine(status);
  };
  callbacks.shouldStop = [] { return interruptRequested(); };
  ScriptResult take;
  {
    StopOnInterrupt interrupt;
    take = renderScript(engine, script, voices, o.settings, callbacks, [&](int index) { line = index; }, {},
                        listening);
  }
  endStatusLine();

  const WrittenAudio written = writeAudioOut(o.output, o.out, take.samples, take.sampleRate);
  std::string subtitlesPath;
  if (!o.output.subtitles.empty()) {
    std::vector<const SegmentResult*> segments;
    for (const ScriptSegment& segment : take.segments) segments.push_back(&segment.result);
    const SubtitleWords words = o.output.needsWords() ? timedWords(*recognizer, o.output, segments) : SubtitleWords{};
    subtitlesPath = writeSubtitlesBeside(o.out, o.output.subtitles, take, written.clip, words).string();
  }
  const double audioSeconds = double(take.samples.size()) / take.sampleRate;
  if (o.json) {
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
    nlohmann::ordered_json report{
        {"output", o.out},
        {"subtitles", subtitlesPath.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(subtitlesPath)},
        {"sample_rate", written.clip.sampleRate},
        {"format", o.output.format}};
    report.update(masteringJson(written));
    std::vector<std::string> warnings = notes;
    for (const std::string& warning : take.warnings()) warnings.push_back(warning);
    report.update(nlohmann::ordered_json{{"audio_seconds", audioSeconds},
                                         {"script", o.script},
                                         {"lines", script.lines.size()},
                                         {"cast", cast},
                                         {"device", deviceName(engine.options().device)},
                                         {"load_seconds", loadSeconds},
                                         {"synthesis_seconds", take.totalSeconds},
                                         {"real_time_factor", take.realTimeFactor()},
                                         {"segments", segments},
                                         {"warnings", warnings}});
    if (listening.recognizer) {
      nlohmann::ordered_json failing = nlohmann::ordered_json::array();
      for (int index : take.linesStillFailing()) failing.push_back(index + 1);
      report["lines_still_failing"] = failing;
    }
    std::printf("%s\n", report.dump(2).c_str());
  } else {
    for (const auto& warning : take.warnings()) std::fprintf(stderr, "warning: %s\n", warning.c_str());
    std::printf("wrote %s: %.2f s of audio at %d Hz, %zu lines by %zu voices, real-time factor %.2f\n",
                o.out.c_str(), audioSeconds, written.clip.sampleRate, script.lines.size(), script.cast.size(),
                take.realTimeFactor());
    printMastering(written);
    for (int index : take.linesStillFailing())
      std::printf("line %d (%s) still fails its check: listen to it\n", index + 1,
                  script.lines[std::size_t(index)].speaker.c_str());
  }
  return 0;
}

// The cues of a subtitle file; a malformed one refused naming the file and line.
std::vector<text::SubtitleCue> readCues(const std::string& path) {
  try {
    return text::parseSubtitles(readTextFile(path, "subtitle file"));
  } catch (const text::SubtitleError& e) {
    throw std::runtime_error(path + ", " + e.what());
  }
}

nlohmann::ordered_json cueJson(const DubbedCue& cue) {
  return {{"index", cue.index},     {"start_ms", cue.startMs}, {"end_ms", cue.endMs},
          {"text", cue.text},       {"speed", cue.speed},      {"attempts", cue.attempts},
          {"audio_ms", cue.audioMs}, {"fits", cue.fits},        {"seed", cue.seed}};
}

// --srt: the subtitles dubbed cue by cue onto their timeline, one track.
int synthSrt(SynthOptions o) {
  // Everything cheap is checked before the model loads.
  const std::vector<text::SubtitleCue> cues = readCues(o.srt);
  finishSettings(o);
  o.dubbing.instruction = o.instruction;
  if (const auto problem = dubbingProblem(cues, o.settings, o.dubbing))
    throw std::runtime_error(o.srt + ": " + problem->render());
  checkOutputPath(o.out);
  VoiceOption voiceOption(o);

  Engine engine;
  auto start = std::chrono::steady_clock::now();
  loadEngine(engine, o.engine);
  const double loadSeconds = secondsSince(start);
  start = std::chrono::steady_clock::now();
  const Voice voice = voiceOption.prepared(engine);
  const double voiceSeconds = secondsSince(start);

  int cue = 0;
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&](const Progress& p) {
    char status[160];
    std::snprintf(status, sizeof status, "cue %d/%zu, segment %d/%d: %s, %.1f s", cue + 1, cues.size(), p.segment + 1,
                  p.segmentCount, stageName(p.stage), p.elapsedSeconds);
    statusLine(status);
  };
  callbacks.shouldStop = [] { return interruptRequested(); };
  DubbedTrack track;
  {
    StopOnInterrupt interrupt;
    track = renderDubbing(engine, cues, voice, o.settings, o.dubbing, callbacks, [&](int index) { cue = index; });
  }
  endStatusLine();

  const WrittenAudio written = writeAudioOut(o.output, o.out, track.samples, track.sampleRate);
  std::string subtitlesPath;
  if (!o.output.subtitles.empty()) {
    std::vector<audio::SampleSpan> spans;
    std::vector<std::string> texts;
    for (const DubbedCue& dubbed : track.cues)
      if (dubbed.end > dubbed.begin) {
        spans.push_back({dubbed.begin, dubbed.end});
        texts.push_back(dubbed.text);
      }
    subtitlesPath = writeSubtitlesBeside(o.out, o.output.subtitles, spans, track.sampleRate, texts, written.clip).string();
  }
  std::vector<std::string> warnings;
  for (const UserMessage& warning : track.warnings) warnings.push_back(warning.render());
  const double audioSeconds = double(track.samples.size()) / track.sampleRate;
  if (o.json) {
    nlohmann::ordered_json cuesJson = nlohmann::ordered_json::array();
    for (const DubbedCue& dubbed : track.cues) cuesJson.push_back(cueJson(dubbed));
    nlohmann::ordered_json report{
        {"output", o.out},
        {"subtitles", subtitlesPath.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(subtitlesPath)},
        {"sample_rate", written.clip.sampleRate},
        {"format", o.output.format}};
    report.update(masteringJson(written));
    report.update(nlohmann::ordered_json{{"audio_seconds", audioSeconds},
                                         {"srt", o.srt},
                                         {"max_speed", o.dubbing.maxSpeed},
                                         {"device", deviceName(engine.options().device)},
                                         {"load_seconds", loadSeconds},
                                         {"voice_seconds", voiceSeconds},
                                         {"synthesis_seconds", track.totalSeconds},
                                         {"real_time_factor", track.realTimeFactor()},
                                         {"cues", cuesJson},
                                         {"warnings", warnings},
                                         {"settings", nlohmann::ordered_json::parse(settingsJson(o.settings))}});
    std::printf("%s\n", report.dump(2).c_str());
  } else {
    for (const std::string& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.c_str());
    const auto count = [&](const auto& test) { return std::count_if(track.cues.begin(), track.cues.end(), test); };
    std::printf("wrote %s: %.2f s of audio at %d Hz, %zu cues (%td made faster, %td too long), seed %llu, "
                "real-time factor %.2f\n",
                o.out.c_str(), audioSeconds, written.clip.sampleRate, track.cues.size(),
                count([](const DubbedCue& c) { return c.attempts > 1; }),
                count([](const DubbedCue& c) { return !c.fits; }), static_cast<unsigned long long>(o.settings.seed),
                track.realTimeFactor());
    printMastering(written);
  }
  return 0;
}

int synth(SynthOptions o) {
  if (!o.script.empty()) return synthScript(std::move(o));
  try {
    checkUsage(o);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "cosystudio-cli synth: %s\nRun with --help for more information.\n", e.what());
    return 2;
  }
  if (!o.srt.empty()) return synthSrt(std::move(o));
  // Everything cheap is checked before the model loads.
  if (!o.textFile.empty()) o.text = readTextFile(o.textFile, "text file");
  if (kModes.at(o.mode) != Mode::VoiceConversion && isBlank(o.text))
    throw std::runtime_error(o.textFile.empty() ? "the text is empty" : "the text file " + o.textFile + " is empty");
  checkOutputPath(o.out);
  VoiceOption voiceOption(o);
  if (!o.source.empty()) checkClip(o.source, "source clip");
  finishSettings(o);
  const std::unique_ptr<Recognizer> recognizer = o.listen.recognizer(o.engine.device, o.output.needsWords());
  const bool checking = o.listen.check;

  Engine engine;
  auto start = std::chrono::steady_clock::now();
  loadEngine(engine, o.engine);
  const double loadSeconds = secondsSince(start);

  start = std::chrono::steady_clock::now();
  SynthesisRequest request;
  request.voice = voiceOption.prepared(engine);
  const double voiceSeconds = secondsSince(start);
  request.text = o.text;
  request.instruction = o.instruction;
  if (!o.source.empty()) request.sourceClip = audio::loadClip(o.source);

  int chunks = 0;
  SynthesisCallbacks callbacks;
  callbacks.onAudio = [&chunks](const AudioChunk&) { ++chunks; };
  callbacks.onProgress = [](const Progress& p) {
    char line[160];
    std::snprintf(line, sizeof line, "segment %d/%d: %s, %d tokens, %.1f s", p.segment + 1, p.segmentCount,
                  stageName(p.stage), p.tokens, p.elapsedSeconds);
    statusLine(line);
  };
  callbacks.shouldStop = [] { return interruptRequested(); };
  CheckedSynthesis checked;
  {
    StopOnInterrupt interrupt;
    if (checking)
      checked = synthesizeChecked(engine, *recognizer, request, o.settings, o.listen.thresholds,
                                  o.listen.retakes, callbacks);
    else
      checked.result = engine.synthesize(request, o.settings, callbacks);
  }
  endStatusLine();
  const SynthesisResult& result = checked.result;

  const WrittenAudio written = writeAudioOut(o.output, o.out, result.samples, result.sampleRate);
  std::string subtitlesPath;
  if (!o.output.subtitles.empty()) {
    std::vector<std::size_t> sizes;
    std::vector<std::string> texts;
    std::vector<const SegmentResult*> segments;
    for (const SegmentResult& segment : result.segments) {
      sizes.push_back(segment.samples.size());
      texts.push_back(segment.userText);
      segments.push_back(&segment);
    }
    const SubtitleWords words = o.output.needsWords() ? timedWords(*recognizer, o.output, segments) : SubtitleWords{};
    subtitlesPath = writeSubtitlesBeside(o.out, o.output.subtitles, audio::crossfadeSpans(sizes, result.sampleRate),
                                         result.sampleRate, texts, written.clip, words)
                        .string();
  }

  const double audioSeconds = double(result.samples.size()) / result.sampleRate;
  if (o.json) {
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
    nlohmann::ordered_json report{
        {"output", o.out},
        {"subtitles", subtitlesPath.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(subtitlesPath)},
        {"sample_rate", written.clip.sampleRate},
        {"format", o.output.format}};
    report.update(masteringJson(written));
    report.update(nlohmann::ordered_json{
        {"audio_seconds", audioSeconds},
        {"mode", o.mode},
        {"seed", result.seed},
        {"stream", o.settings.stream},
        {"chunks", chunks},
        {"device", deviceName(engine.options().device)},
        {"checkpoint", engine.options().llmCheckpoint},
        {"load_seconds", loadSeconds},
        {"voice_seconds", voiceSeconds},
        {"synthesis_seconds", result.totalSeconds},
        {"first_audio_seconds", result.firstAudioSeconds},
        {"real_time_factor", result.realTimeFactor()},
        {"segments", segments},
        {"warnings", result.warnings()},
        {"settings", nlohmann::ordered_json::parse(settingsJson(o.settings))},
    });
    if (checking)
      report.update(nlohmann::ordered_json{{"check_seconds", checked.checkSeconds},
                                           {"retake_seconds", checked.retakeSeconds},
                                           {"still_failing", checked.stillFailing()}});
    std::printf("%s\n", report.dump(2).c_str());
  } else {
    for (const auto& warning : result.warnings()) std::fprintf(stderr, "warning: %s\n", warning.c_str());
    std::printf("wrote %s: %.2f s of audio at %d Hz, %zu segment%s, seed %llu, real-time factor %.2f "
                "(first audio after %.2f s)\n",
                o.out.c_str(), audioSeconds, written.clip.sampleRate, result.segments.size(),
                result.segments.size() == 1 ? "" : "s", static_cast<unsigned long long>(result.seed),
                result.realTimeFactor(), result.firstAudioSeconds);
    printMastering(written);
    if (checking) printChecks(checked);
  }
  return 0;
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("synth", "Synthesise speech in a cloned voice and write an audio file (WAV, FLAC, MP3, Ogg Opus)");
  auto o = std::make_shared<SynthOptions>();
  o->engine.addTo(sub);
  auto* prompt = sub->add_option("--prompt", o->prompt, "Voice prompt clip (3-30 s of clean speech)");
  auto* promptText = sub->add_option("--prompt-text", o->promptText, "Transcript of the prompt clip (zero-shot)");
  auto* voice = sub->add_option("--voice", o->voice, "Voice file written by 'voice save' (instead of --prompt)");
  prompt->excludes(voice);
  promptText->needs(prompt);
  auto* text = sub->add_option("--text", o->text, "Text to speak (UTF-8; markup such as [laughter] allowed)")
                   ->each([o](const std::string&) { o->textGiven = true; });
  auto* textFile = sub->add_option("--text-file", o->textFile, "Read the text from this UTF-8 file")->excludes(text);
  auto* instruct =
      sub->add_option("--instruct", o->instruction, "Instruction for --mode instruct (dialect, emotion, speed, role)");
  sub->add_option("--mode", o->mode, "zero-shot, cross-lingual, instruct or vc (voice conversion)")
      ->check(CLI::IsMember({"zero-shot", "cross-lingual", "instruct", "vc"}))
      ->capture_default_str();
  auto* source = sub->add_option("--source", o->source, "Speech clip to re-voice (--mode vc)");
  sub->add_option("--seed", o->settings.seed, "Random seed (default: a fresh one, reported); same seed, same audio")
      ->each([o](const std::string&) { o->seedGiven = true; });
  sub->add_option("--speed", o->settings.speed, "Speaking rate 0.5-2.0 (non-streaming only)")
      ->check(CLI::Range(kMinSpeed, kMaxSpeed))
      ->capture_default_str();
  sub->add_flag("--stream", o->settings.stream, "Generate in streaming chunks (reports the time to first audio)");
  sub->add_flag("--raw-text", o->rawText, "Send the text as it is, without normalisation");
  sub->add_flag("--official-text", o->officialText,
                "Normalise with the official rules alone: numbers, dates and units are not read as words first");
  sub->add_option("--out", o->out,
                  "Output file, written atomically: WAV, or FLAC, MP3 or Ogg Opus by its suffix (.flac, .mp3, .opus)")
      ->required();
  o->output.addTo(sub, "--out");
  sub->add_flag("--json", o->json, "Print one JSON object with the results on stdout");
  auto* script =
      sub->add_option("--script", o->script,
                      "Script project file (JSON): each line spoken by its speaker's saved voice, as one take");
  for (CLI::Option* option : {prompt, promptText, voice, text, textFile, instruct, source}) script->excludes(option);
  sub->add_option("--voices", o->voiceFolders,
                  "Folder where a script's voices are looked for when they have moved (by their fingerprint, then "
                  "by name); the script's own folder is always searched")
      ->needs(script);
  auto* srt = sub->add_option("--srt", o->srt,
                              "Subtitles (SRT or WebVTT) to dub: each cue spoken at its time, silence between, as one "
                              "track; --speed is the speed each cue is first made at");
  for (CLI::Option* option : {text, textFile, source, script}) srt->excludes(option);
  sub->add_option("--max-speed", o->dubbing.maxSpeed,
                  "With --srt, the fastest a cue too long for its time is made again at; one still too long is "
                  "reported")
      ->check(CLI::Range(kMinSpeed, kMaxSpeed))
      ->capture_default_str()
      ->needs(srt);
  o->listen.addTo(sub, "segment");
  return {sub, [o] { return synth(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
