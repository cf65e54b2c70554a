// cosystudio-cli transcribe [--asr-model DIR] [--language auto|zh|en|yue|ja|ko]
// [--itn] [--json] CLIP...: what each clip says, in which language, and when
// each piece was heard (SenseVoice-Small). With --align TEXT: when the clip
// says each word of TEXT instead (forced alignment).
#include "command.h"
#include "engine_options.h"

#include "cosystudio/recognizer.h"
#include "cosystudio/user_message.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <optional>

namespace cosystudio::cli {
namespace {

struct TranscribeOptions {
  std::vector<std::string> clips;
  std::string model = defaultRecognizerFolder().string();
  std::string language = "auto";
  std::string device = "cpu";
  bool itn = false;
  bool json = false;
  std::optional<std::string> alignText;
};

nlohmann::json transcriptJson(const std::string& clip, const Transcript& transcript) {
  nlohmann::json pieces = nlohmann::json::array();
  for (const auto& piece : transcript.pieces)
    pieces.push_back({{"piece", piece.piece}, {"start", piece.startSeconds}, {"end", piece.endSeconds}});
  return {{"clip", clip},
          {"text", transcript.text},
          {"language", transcript.language},
          {"tagged_text", transcript.taggedText},
          {"pieces", pieces}};
}

nlohmann::json alignmentJson(const std::string& clip, const std::string& text, const std::vector<TimedWord>& words) {
  nlohmann::json timed = nlohmann::json::array();
  for (const auto& word : words)
    timed.push_back({{"word", word.text}, {"start", word.startSeconds}, {"end", word.endSeconds}});
  return {{"clip", clip}, {"text", text}, {"words", timed}};
}

int transcribe(const TranscribeOptions& options) {
  std::unique_ptr<Recognizer> recognizer;
  try {
    statusLine("Loading the recogniser…");
    recognizer = Recognizer::load(options.model, *parseDevice(options.device));
    endStatusLine();
  } catch (const std::exception& e) {
    endStatusLine();
    std::fprintf(stderr, "cosystudio-cli transcribe: %s\n", describeError(e).c_str());
    if (!std::filesystem::exists(options.model))
      std::fprintf(stderr, "Download it with: cosystudio-cli model download --recognizer %s\n", options.model.c_str());
    return 1;
  }
  nlohmann::json results = nlohmann::json::array();
  int failures = 0;
  for (const auto& clip : options.clips) {
    try {
      const auto input = audio::loadClip(clip, audio::ClipLimits::none());
      if (options.alignText) {
        const auto words = recognizer->align(input, *options.alignText, options.language);
        if (options.json) {
          results.push_back(alignmentJson(clip, *options.alignText, words));
        } else {
          std::printf("%s:\n", clip.c_str());
          for (const auto& word : words)
            std::printf("%8.3f %8.3f  %s\n", word.startSeconds, word.endSeconds, word.text.c_str());
        }
        continue;
      }
      const auto transcript = recognizer->transcribe(input, options.language, options.itn);
      if (options.json)
        results.push_back(transcriptJson(clip, transcript));
      else
        std::printf("%s [%s]: %s\n", clip.c_str(), transcript.language.empty() ? "?" : transcript.language.c_str(),
                    transcript.text.c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "cosystudio-cli transcribe: %s\n", describeError(e).c_str());
      ++failures;
    }
  }
  if (options.json) std::printf("%s\n", results.dump(2).c_str());
  return failures ? 1 : 0;
}

const Registration reg([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("transcribe", "Say what clips say, in which language and when (SenseVoice-Small)");
  auto options = std::make_shared<TranscribeOptions>();
  sub->add_option("clips", options->clips, "Audio files (WAV, FLAC, Ogg, MP3), at most 2 minutes each")
      ->required();
  sub->add_option("--asr-model", options->model, "SenseVoiceSmall folder as downloaded")->capture_default_str();
  sub->add_option("--language", options->language, "The language spoken; auto identifies it")
      ->check(CLI::IsMember(recognizerLanguages()))
      ->capture_default_str();
  sub->add_flag("--itn", options->itn, "Write numbers and punctuation as text is written, not as they are spoken");
  sub->add_flag("--json", options->json, "Print text, language and each piece's time as JSON");
  sub->add_option("--align", options->alignText,
                  "Print when each clip says each word of this text (forced alignment) instead of what it says");
  addDeviceOption(sub, options->device);
  return {sub, [options] { return transcribe(*options); }};
});

}  // namespace
}  // namespace cosystudio::cli
