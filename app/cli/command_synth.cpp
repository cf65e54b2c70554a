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
// partial output file is left behind. This file holds the options and their
// checks; the drivers are synth_text.cpp, synth_script.cpp and synth_subtitles.cpp.
#include "command.h"
#include "synth.h"

#include "cosystudio/request_rules.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

namespace cosystudio::cli {

SynthesisSettings SynthOptions::settings() const {
  SynthesisSettings settings = voice.settings(voice.namedMode(), voice.seedOrDrawn());
  settings.stream = stream;
  settings.normalize = !rawText;
  settings.readNumbers = !officialText;
  return settings;
}

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

namespace {

// Thrown for option combinations CLI11 cannot express; exits with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the mode needs (the engine's rule, request_rules.h) in the CLI's words,
// then the options a mode does not take.
void checkUsage(const SynthOptions& o) {
  const Mode mode = o.voice.namedMode();
  RequestOutline outline;
  outline.mode = mode;
  outline.voice = !o.voice.prompt.empty() || !o.voice.voiceFile.empty();
  // A --text given empty is the empty text, found below, not a missing option.
  outline.text = o.textGiven || !o.textFile.empty() || !o.srt.empty();
  // A voice file carries its own transcript, or not.
  outline.transcript = !o.voice.voiceFile.empty() || !o.voice.promptText.empty();
  outline.instruction = !o.voice.instruction.empty();
  outline.sourceClip = !o.source.empty();
  outline.speed = o.voice.speed;
  outline.stream = o.stream;
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
  if (!o.srt.empty() && o.stream)
    throw UsageError("--srt cannot --stream: a cue too long for its time is made again faster, whole");
  const AudioOutputOptions& output = o.render.output;
  if (mode == Mode::VoiceConversion && !output.subtitles.empty())
    throw UsageError("--subtitles needs text; --mode vc has none");
  if ((output.subtitleChars > 0 || output.wordTimings) && output.subtitles.empty())
    throw UsageError("--subtitle-chars and --word-timings shape the subtitles: give --subtitles srt|vtt");
  if (output.wordTimings && output.subtitles != "vtt")
    throw UsageError("--word-timings needs --subtitles vtt: SRT cannot time words");
  if (o.listen.check && (mode == Mode::VoiceConversion || !o.srt.empty()))
    throw UsageError("--check listens to text made from text: not to --mode vc or --srt");
}

// Where the speech is made: this computer's engine (--model) or a server's (--server).
void checkEngineUsage(const SynthOptions& o) {
  if (!o.render.server.given()) {
    if (o.render.engine.model.empty()) throw UsageError("--model is required (or --server URL to make it on a server)");
    return;
  }
  if (!o.render.engine.model.empty()) throw UsageError("give --model or --server, not both");
  if (o.script.empty() && o.voice.voiceFile.empty())
    throw UsageError("--server speaks in a saved voice: give --voice FILE (cosystudio-cli voice save makes one "
                     "from a clip)");
}

int synth(const SynthOptions& o) {
  try {
    checkEngineUsage(o);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "cosystudio-cli synth: %s\nRun with --help for more information.\n", e.what());
    return 2;
  }
  // A script's lines carry their own voices and modes, checked by scriptProblem (script.h).
  if (!o.script.empty()) return synthScript(o);
  try {
    checkUsage(o);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "cosystudio-cli synth: %s\nRun with --help for more information.\n", e.what());
    return 2;
  }
  return o.srt.empty() ? synthText(o) : synthSubtitles(o);
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("synth", "Synthesise speech in a cloned voice and write an audio file (WAV, FLAC, MP3, Ogg Opus)");
  auto o = std::make_shared<SynthOptions>();
  o->render.engine.addTo(sub, /*modelRequired=*/false);  // or --server
  o->render.server.addTo(sub);
  const VoiceOptions::Added voice = o->voice.addVoice(sub);
  auto* text = sub->add_option("--text", o->text, "Text to speak (UTF-8; markup such as [laughter] allowed)")
                   ->each([o](const std::string&) { o->textGiven = true; });
  auto* textFile = sub->add_option("--text-file", o->textFile, "Read the text from this UTF-8 file")->excludes(text);
  auto* instruct = o->voice.addInstruction(sub);
  o->voice.addMode(sub);
  auto* source = sub->add_option("--source", o->source, "Speech clip to re-voice (--mode vc)");
  o->voice.addSeed(sub, "Random seed (default: a fresh one, reported); same seed, same audio");
  o->voice.addSpeed(sub, "Speaking rate 0.5-2.0 (non-streaming only)");
  sub->add_flag("--stream", o->stream, "Generate in streaming chunks (reports the time to first audio)");
  sub->add_flag("--raw-text", o->rawText, "Send the text as it is, without normalisation");
  sub->add_flag("--official-text", o->officialText,
                "Normalise with the official rules alone: numbers, dates and units are not read as words first");
  sub->add_option("--out", o->render.out,
                  "Output file, written atomically: WAV, or FLAC, MP3 or Ogg Opus by its suffix (.flac, .mp3, .opus)")
      ->required();
  o->render.output.addTo(sub, "--out");
  sub->add_flag("--json", o->render.json, "Print one JSON object with the results on stdout");
  auto* script =
      sub->add_option("--script", o->script,
                      "Script project file (JSON): each line spoken by its speaker's saved voice, as one take");
  for (CLI::Option* option : {voice.prompt, voice.promptText, voice.voiceFile, text, textFile, instruct, source})
    script->excludes(option);
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
