// cosystudio-cli voice save --model DIR --prompt CLIP [--prompt-text TEXT | --no-transcript]
//                           [--asr-model DIR] --out FILE.voice
// cosystudio-cli voice info FILE [--json]
//
// A voice file holds a prompt clip and the features the model computed from
// it, so that synth --voice skips the clip analysis. Without --prompt-text the
// recogniser writes the transcript.
#include "command.h"
#include "engine_options.h"
#include "voice_options.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/recognizer.h"
#include "cosystudio/text/prompt.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace cosystudio::cli {
namespace {

struct VoiceCommandOptions {
  EngineOptions engine;
  VoiceOptions voice;  // --prompt and --prompt-text
  bool noTranscript = false;
  std::string asrModel = defaultRecognizerFolder().string();
  std::string out;
  std::string file;
  bool json = false;
};

// What the clip says, heard by the recogniser; printed so that it can be checked.
std::string heardTranscript(const VoiceCommandOptions& o, const audio::Clip& clip) {
  const auto recognizer = loadRecognizer(
      o.asrModel, o.engine.device, "Give the transcript with --prompt-text, save without one with --no-transcript, or ");
  statusLine("Transcribing the prompt clip…");
  const Transcript transcript = recognizer->transcribe(clip);
  endStatusLine();
  if (transcript.text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw std::runtime_error(o.voice.prompt +
                             ": the recogniser heard no words; give the transcript with --prompt-text");
  std::string text = transcript.text;
  bool kanji = false;
  if (transcript.language == "ja") text = text::katakanaTranscript(text, &kanji);
  std::fprintf(stderr, "heard%s: %s\n", transcript.language.empty() ? "" : (" (" + transcript.language + ")").c_str(),
               text.c_str());
  if (kanji)
    std::fprintf(stderr, "warning: the model reads a Japanese transcript in katakana; its kana are written so, but "
                         "kanji remain: give it with the kanji in katakana as --prompt-text\n");
  return text;
}

int saveVoice(const VoiceCommandOptions& o) {
  checkOutputPath(o.out);
  const audio::Clip clip = audio::loadClip(o.voice.prompt);
  const std::string transcript =
      o.voice.promptText.empty() && !o.noTranscript ? heardTranscript(o, clip) : o.voice.promptText;
  Engine engine;
  loadEngine(engine, o.engine);
  statusLine("Analysing the prompt clip…");
  const Voice voice = engine.prepareVoice(clip, transcript);
  endStatusLine();
  voice.save(o.out);  // atomic itself: a failed save leaves no partial file
  std::printf("wrote %s (%.2f s clip, model %s)\n", o.out.c_str(), voice.clipSeconds(),
              voice.modelFingerprint().c_str());
  return 0;
}

int voiceInfo(const VoiceCommandOptions& o) {
  const Voice voice = Voice::load(o.file);
  if (o.json) {
    const nlohmann::ordered_json info{{"file", o.file},
                              {"transcript", voice.transcript()},
                              {"clip_seconds", voice.clipSeconds()},
                              {"clip_rate", voice.clipRate()},
                              {"speech_tokens", voice.speechTokenCount()},
                              {"prompt_mel_frames", voice.promptMelFrames()},
                              {"model_fingerprint", voice.modelFingerprint()}};
    std::printf("%s\n", info.dump(2).c_str());
  } else {
    std::printf("voice        %s\n", o.file.c_str());
    std::printf("transcript   %s\n", voice.transcript().empty() ? "(none: cross-lingual, instruct or vc only)"
                                                                : voice.transcript().c_str());
    std::printf("clip         %.2f s at %d Hz\n", voice.clipSeconds(), voice.clipRate());
    std::printf("features     %zu speech tokens, %lld prompt mel frames\n", voice.speechTokenCount(),
                static_cast<long long>(voice.promptMelFrames()));
    std::printf("fingerprint  %s\n", voice.modelFingerprint().c_str());
  }
  return 0;
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("voice", "Save a prepared voice to a file, or describe a voice file");
  sub->require_subcommand(1);
  auto o = std::make_shared<VoiceCommandOptions>();

  auto* save = sub->add_subcommand("save", "Analyse a prompt clip once and save the voice");
  o->engine.addTo(save);
  o->voice.addPrompt(save)->required();
  auto* promptText =
      o->voice.addPromptText(save, "Transcript of the clip, for zero-shot (default: what the recogniser hears)");
  save->add_flag("--no-transcript", o->noTranscript,
                 "Save without a transcript: the voice then serves cross-lingual, instruct and vc only")
      ->excludes(promptText);
  save->add_option("--asr-model", o->asrModel, "The recogniser (SenseVoiceSmall folder) that hears the transcript")
      ->capture_default_str();
  save->add_option("--out", o->out, "Voice file to write")->required();

  auto* info = sub->add_subcommand("info", "Transcript, clip length and model fingerprint of a voice file");
  info->add_option("file", o->file, "Voice file")->required();
  info->add_flag("--json", o->json, "Print the description as JSON");

  return {sub, [o, save] { return save->parsed() ? saveVoice(*o) : voiceInfo(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
