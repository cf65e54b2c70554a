// cosystudio-cli synth: text to speech in a cloned voice, written to an audio file.
//
//   synth --model DIR (--prompt CLIP [--prompt-text TEXT] | --voice FILE)
//         (--text TEXT | --text-file FILE) [--mode zero-shot|cross-lingual|instruct|vc]
//         [--instruct TEXT] [--source CLIP] [--seed N] [--speed X] [--stream] [--raw-text] [--official-text]
//         [--device cpu|cuda:N] [--precision fp32|bf16|fp16] --out FILE.wav
//         [--format pcm16|pcm24|float] [--rate 24000|44100|48000] [--loudness LUFS] [--json]
//         [--subtitles srt|vtt]
//
// Ctrl-C cancels the synthesis cleanly (within one token or flow step); no
// partial output file is left behind.
#include "command.h"
#include "engine_options.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/audio/loudness.h"
#include "cosystudio/request_rules.h"
#include "cosystudio/settings_json.h"
#include "cosystudio/text/subtitles.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
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
  std::string format = "pcm16";
  int rate = 0;
  double loudness = 0;  // LUFS; 0 = as generated
  bool json = false;
  std::string subtitles;  // "srt" or "vtt": written beside --out; empty: none
};

const std::map<std::string, Mode> kModes{{"zero-shot", Mode::ZeroShot},
                                         {"cross-lingual", Mode::CrossLingual},
                                         {"instruct", Mode::Instruct},
                                         {"vc", Mode::VoiceConversion}};

const std::map<std::string, audio::WavEncoding> kFormats{{"pcm16", audio::WavEncoding::PCM16},
                                                         {"pcm24", audio::WavEncoding::PCM24},
                                                         {"float", audio::WavEncoding::Float32}};

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
  outline.text = o.textGiven || !o.textFile.empty();
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
  if (mode == Mode::VoiceConversion && !o.subtitles.empty())
    throw UsageError("--subtitles needs text; --mode vc has none");
}

// One cue per segment with the words as the user wrote them, timed by where
// each segment lies in `written` (the joined audio, maybe resampled), in a file
// beside `out`; returns its path.
std::filesystem::path writeSubtitlesBeside(const std::string& out, const std::string& format,
                                           const SynthesisResult& result, const audio::Clip& written) {
  std::vector<std::size_t> sizes;
  std::vector<std::string> texts;
  for (const SegmentResult& segment : result.segments) {
    sizes.push_back(segment.samples.size());
    texts.push_back(segment.userText);
  }
  std::vector<audio::SampleSpan> spans = audio::crossfadeSpans(sizes, result.sampleRate);
  for (audio::SampleSpan& span : spans)
    for (std::size_t* offset : {&span.begin, &span.end})
      *offset = audio::resampledOffset(*offset, result.sampleRate, written.sampleRate, written.frames());
  const auto subtitleFormat = format == "srt" ? text::SubtitleFormat::Srt : text::SubtitleFormat::WebVtt;
  const std::string file =
      text::writeSubtitles(text::segmentCues(spans, written.sampleRate, texts), subtitleFormat);
  const std::filesystem::path path = std::filesystem::path(out).replace_extension(text::subtitleSuffix(subtitleFormat));
  writeAtomically(path, [&](const std::filesystem::path& temporary) {
    std::ofstream stream(temporary, std::ios::binary);
    if (!(stream << file) || !stream.flush())
      throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
  });
  return path;
}

std::string readTextFile(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw std::runtime_error("cannot read the text file " + path + ": it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the text file " + path + ": " + std::strerror(errno));
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

const char* stageName(Stage stage) {
  switch (stage) {
    case Stage::Preparing: return "preparing";
    case Stage::Text: return "text";
    case Stage::SpeechTokens: return "speech tokens";
    case Stage::Mel: return "mel";
    case Stage::Waveform: return "waveform";
    case Stage::Done: return "done";
  }
  return "";
}

// Ctrl-C sets a flag the synthesis polls through shouldStop (storing to a
// lock-free atomic is all a signal handler may do).
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void onInterrupt(int) { interrupted = true; }

struct StopOnInterrupt {
  StopOnInterrupt() {
    interrupted = false;
    previous = std::signal(SIGINT, onInterrupt);
  }
  ~StopOnInterrupt() { std::signal(SIGINT, previous); }
  void (*previous)(int);
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int synth(SynthOptions o) {
  try {
    checkUsage(o);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "cosystudio-cli synth: %s\nRun with --help for more information.\n", e.what());
    return 2;
  }
  // Everything cheap is checked before the model loads.
  if (!o.textFile.empty()) o.text = readTextFile(o.textFile);
  if (kModes.at(o.mode) != Mode::VoiceConversion && isBlank(o.text))
    throw std::runtime_error(o.textFile.empty() ? "the text is empty" : "the text file " + o.textFile + " is empty");
  checkOutputPath(o.out);
  if (!o.prompt.empty()) checkClip(o.prompt, "prompt clip");
  if (!o.source.empty()) checkClip(o.source, "source clip");
  Voice voice;
  if (!o.voice.empty()) voice = Voice::load(o.voice);
  if (!o.seedGiven) o.settings.seed = std::random_device{}();
  o.settings.mode = kModes.at(o.mode);
  o.settings.normalize = !o.rawText;
  o.settings.readNumbers = !o.officialText;

  Engine engine;
  auto start = std::chrono::steady_clock::now();
  loadEngine(engine, o.engine);
  const double loadSeconds = secondsSince(start);

  start = std::chrono::steady_clock::now();
  if (o.voice.empty()) {
    statusLine("Analysing the prompt clip…");
    voice = engine.prepareVoice(audio::loadClip(o.prompt), o.promptText);
  }
  const double voiceSeconds = secondsSince(start);

  SynthesisRequest request;
  request.text = o.text;
  request.instruction = o.instruction;
  request.voice = voice;
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
  callbacks.shouldStop = [] { return interrupted.load(); };
  SynthesisResult result;
  {
    StopOnInterrupt interrupt;
    result = engine.synthesize(request, o.settings, callbacks);
  }
  endStatusLine();

  audio::Clip clip;
  clip.sampleRate = result.sampleRate;
  clip.channels = {result.samples};
  if (o.rate != 0 && o.rate != clip.sampleRate) clip = audio::resampleForUser(clip, o.rate);
  // As the app's export does.
  const std::optional<double> target = o.loudness != 0 ? std::optional<double>(o.loudness) : std::nullopt;
  const audio::MasteringReport mastering =
      audio::master(clip.channels[0], clip.sampleRate, target, audio::exportCeilingDbfs(target));
  const audio::FileFormat fileFormat = audio::formatForSuffix(o.out).value_or(audio::FileFormat::Wav);
  writeAtomically(o.out, [&](const std::filesystem::path& file) {
    audio::writeAudio(file, clip, fileFormat, kFormats.at(o.format));
  });
  const std::string subtitlesPath =
      o.subtitles.empty() ? std::string() : writeSubtitlesBeside(o.out, o.subtitles, result, clip).string();

  const double audioSeconds = double(result.samples.size()) / result.sampleRate;
  if (o.json) {
    nlohmann::ordered_json segments = nlohmann::ordered_json::array();
    for (const auto& s : result.segments)
      segments.push_back({{"text", s.text},
                          {"user_text", s.userText},
                          {"tokens", s.speechTokens},
                          {"seconds", double(s.samples.size()) / result.sampleRate},
                          {"reached_token_cap", s.reachedTokenCap}});
    const nlohmann::ordered_json report{
        {"output", o.out},
        {"subtitles", subtitlesPath.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(subtitlesPath)},
        {"sample_rate", clip.sampleRate},
        {"format", o.format},
        {"gain_db", mastering.gainDb},
        {"limited_db", mastering.limitedDb},
        {"peak_limited", mastering.peakLimited},
        {"held_back_db", mastering.heldBackDb},
        {"loudness_lufs", mastering.loudnessAfter ? nlohmann::ordered_json(*mastering.loudnessAfter) : nullptr},
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
    };
    std::printf("%s\n", report.dump(2).c_str());
  } else {
    for (const auto& warning : result.warnings()) std::fprintf(stderr, "warning: %s\n", warning.c_str());
    std::printf("wrote %s: %.2f s of audio at %d Hz, %zu segment%s, seed %llu, real-time factor %.2f "
                "(first audio after %.2f s)\n",
                o.out.c_str(), audioSeconds, clip.sampleRate, result.segments.size(),
                result.segments.size() == 1 ? "" : "s", static_cast<unsigned long long>(result.seed),
                result.realTimeFactor(), result.firstAudioSeconds);
    if (target && mastering.loudnessAfter) {
      std::printf("loudness %.1f LUFS, true peak %.1f dBTP", *mastering.loudnessAfter, mastering.truePeakAfterDbfs);
      if (mastering.limitedDb > 0) std::printf(", peaks limited by up to %.1f dB", mastering.limitedDb);
      std::printf("\n");
      if (mastering.peakLimited)
        std::fprintf(stderr, "warning: %.1f dB short of the %.0f LUFS target: its peaks would have needed more "
                     "than %.0f dB of limiting\n", mastering.heldBackDb, *target, audio::kMaxLimitingDb);
    }
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
  sub->add_option("--text-file", o->textFile, "Read the text from this UTF-8 file")->excludes(text);
  sub->add_option("--instruct", o->instruction, "Instruction for --mode instruct (dialect, emotion, speed, role)");
  sub->add_option("--mode", o->mode, "zero-shot, cross-lingual, instruct or vc (voice conversion)")
      ->check(CLI::IsMember({"zero-shot", "cross-lingual", "instruct", "vc"}))
      ->capture_default_str();
  sub->add_option("--source", o->source, "Speech clip to re-voice (--mode vc)");
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
  sub->add_option("--format", o->format, "Sample format of WAV (pcm16, pcm24 or float) and FLAC (pcm16 or pcm24)")
      ->check(CLI::IsMember({"pcm16", "pcm24", "float"}))
      ->capture_default_str();
  sub->add_option("--rate", o->rate, "Output sample rate: 24000 (the model's), 44100 or 48000")
      ->check(CLI::IsMember({24000, 44100, 48000}));
  sub->add_option("--loudness", o->loudness, "Bring the output to this loudness in LUFS (EBU R128), e.g. -16")
      ->check(CLI::Range(-70.0, -5.0));
  sub->add_flag("--json", o->json, "Print one JSON object with the results on stdout");
  sub->add_option("--subtitles", o->subtitles,
                  "Also write subtitles beside --out (FILE.srt or FILE.vtt): one cue per segment, the text as given")
      ->check(CLI::IsMember({"srt", "vtt"}));
  return {sub, [o] { return synth(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
