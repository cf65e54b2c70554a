#include "voice_options.h"
#include "engine_options.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/request_rules.h"

#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace cosystudio::cli {
namespace {

// The modes by the names --mode takes, in the order its help lists them.
const std::vector<std::pair<std::string, Mode>> kModes{{"zero-shot", Mode::ZeroShot},
                                                       {"cross-lingual", Mode::CrossLingual},
                                                       {"instruct", Mode::Instruct},
                                                       {"vc", Mode::VoiceConversion}};

std::vector<std::string> modeNames(bool withVoiceConversion) {
  std::vector<std::string> names;
  for (const auto& [name, mode] : kModes)
    if (withVoiceConversion || mode != Mode::VoiceConversion) names.push_back(name);
  return names;
}

}  // namespace

void checkClip(const std::string& path, const char* what) {
  const audio::ClipInfo info = audio::probeClip(path);
  if (const auto problem = audio::limitViolation(info, audio::ClipLimits{}))
    throw std::runtime_error(std::string(what) + " " + path + ": " + problem->render());
}

CLI::Option* VoiceOptions::addPrompt(CLI::App* sub, const std::string& help) {
  return sub->add_option("--prompt", prompt, help);
}

CLI::Option* VoiceOptions::addPromptText(CLI::App* sub, const std::string& help) {
  return sub->add_option("--prompt-text", promptText, help);
}

VoiceOptions::Added VoiceOptions::addVoice(CLI::App* sub) {
  Added added;
  added.prompt = addPrompt(sub);
  added.promptText = addPromptText(sub)->needs(added.prompt);
  added.voiceFile = sub->add_option("--voice", voiceFile, "Voice file written by 'voice save' (instead of --prompt)")
                        ->excludes(added.prompt);
  return added;
}

CLI::Option* VoiceOptions::addMode(CLI::App* sub) {
  mode = "zero-shot";
  return sub->add_option("--mode", mode, "zero-shot, cross-lingual, instruct or vc (voice conversion)")
      ->check(CLI::IsMember(modeNames(true)))
      ->capture_default_str();
}

CLI::Option* VoiceOptions::addTextMode(CLI::App* sub) {
  return sub
      ->add_option("--mode", mode,
                   "zero-shot, cross-lingual or instruct (default: zero-shot when the voice has a transcript)")
      ->check(CLI::IsMember(modeNames(false)));
}

CLI::Option* VoiceOptions::addInstruction(CLI::App* sub) {
  return sub->add_option("--instruct", instruction, "Instruction for --mode instruct (dialect, emotion, speed, role)");
}

CLI::Option* VoiceOptions::addSeed(CLI::App* sub, const std::string& help) {
  return sub->add_option("--seed", seed, help)->check(CLI::Range(uint64_t(0), kMaxSeed));
}

uint64_t VoiceOptions::seedOrDrawn() const {
  return seed ? *seed : std::random_device{}() % (kMaxSeed + 1);
}

CLI::Option* VoiceOptions::addSpeed(CLI::App* sub, const std::string& help) {
  return sub->add_option("--speed", speed, help)->check(CLI::Range(kMinSpeed, kMaxSpeed))->capture_default_str();
}

Mode VoiceOptions::namedMode() const {
  for (const auto& [name, named] : kModes)
    if (name == mode) return named;
  throw std::invalid_argument("no mode is called '" + mode + "'");
}

Mode VoiceOptions::modeFor(bool voiceHasTranscript) const {
  if (!mode.empty()) return namedMode();
  return voiceHasTranscript ? Mode::ZeroShot : Mode::CrossLingual;
}

SynthesisSettings VoiceOptions::settings(Mode chosenMode, uint64_t chosenSeed) const {
  SynthesisSettings settings;
  settings.mode = chosenMode;
  settings.seed = chosenSeed;
  settings.speed = speed;
  return settings;
}

void VoiceOptions::checkPromptClip() const {
  if (!prompt.empty()) checkClip(prompt, "prompt clip");
}

ChosenVoice::ChosenVoice(const VoiceOptions& options) : prompt_(options.prompt), promptText_(options.promptText) {
  if (!options.voiceFile.empty()) voice_ = Voice::load(options.voiceFile);
}

bool ChosenVoice::hasTranscript() const {
  return voice_.isValid() ? !voice_.transcript().empty() : !promptText_.empty();
}

Voice ChosenVoice::prepared(Engine& engine) {
  if (!voice_.isValid()) {
    statusLine("Analysing the prompt clip…");
    voice_ = engine.prepareVoice(audio::loadClip(prompt_), promptText_);
  }
  return voice_;
}

}  // namespace cosystudio::cli
