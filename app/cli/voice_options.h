// The voice and style options of the commands that make speech (synth, book,
// and the --prompt of voice save and bench): the voice as a prompt clip or a
// saved voice file, the mode, the instruction, the seed and the speed, added
// to a subcommand with the same names, help and checks everywhere, and turned
// into the engine's settings and voice.
#pragma once

#include "cosystudio/engine.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace cosystudio::cli {

// Refuses an unusable clip from its header, before the model is loaded;
// `what` names it in the refusal ("prompt clip").
void checkClip(const std::string& path, const char* what);

struct VoiceOptions {
  std::string prompt;
  std::string promptText;
  std::string voiceFile;
  std::string mode;  // a name --mode takes; empty: modeFor() decides
  std::string instruction;
  std::optional<uint64_t> seed;  // empty: the command's own (a fresh one)
  // --seed, or a fresh one drawn in the same range (kMaxSeed).
  uint64_t seedOrDrawn() const;
  double speed = SynthesisSettings{}.speed;

  // The options a command's voice is given by, as it adds them.
  struct Added {
    CLI::Option* prompt;
    CLI::Option* promptText;
    CLI::Option* voiceFile;
  };

  // --prompt CLIP; `help` where a command uses the clip otherwise.
  CLI::Option* addPrompt(CLI::App* sub, const std::string& help = "Voice prompt clip (3-30 s of clean speech)");
  // --prompt-text TEXT; `help` likewise.
  CLI::Option* addPromptText(CLI::App* sub, const std::string& help = "Transcript of the prompt clip (zero-shot)");
  // --prompt, --prompt-text (only with it) and --voice (instead of it).
  Added addVoice(CLI::App* sub);
  // --mode with every mode, vc too; zero-shot unless given.
  CLI::Option* addMode(CLI::App* sub);
  // --mode of a command that speaks text only; left out, the voice decides (modeFor).
  CLI::Option* addTextMode(CLI::App* sub);
  CLI::Option* addInstruction(CLI::App* sub);
  // --seed; `help` says what a seed left out is.
  CLI::Option* addSeed(CLI::App* sub, const std::string& help);
  CLI::Option* addSpeed(CLI::App* sub, const std::string& help = "Speaking rate 0.5-2.0");

  // The mode --mode names; it must name one (addMode's default does).
  Mode namedMode() const;
  // The mode --mode names, else zero-shot for a voice with a transcript and cross-lingual for one without.
  Mode modeFor(bool voiceHasTranscript) const;
  // The engine's settings in `chosenMode` with `chosenSeed`, at --speed; the rest as SynthesisSettings has them.
  SynthesisSettings settings(Mode chosenMode, uint64_t chosenSeed) const;
  // A given --prompt clip refused now when unusable (checkClip), not after the model has loaded.
  void checkPromptClip() const;
};

// The voice the options give: the --voice file, read at once, or the
// --prompt clip, analysed once the model is loaded.
class ChosenVoice {
 public:
  explicit ChosenVoice(const VoiceOptions& options);
  // The voice file's own transcript, or --prompt-text.
  bool hasTranscript() const;
  // The voice; the clip is analysed by `engine` the first time.
  Voice prepared(Engine& engine);

 private:
  std::string prompt_, promptText_;
  Voice voice_;
};

}  // namespace cosystudio::cli
