// What a Fun-CosyVoice3 model folder must hold, checked before anything loads.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cosystudio {

// A problem found while checking a model folder: which file, and what is wrong.
struct ModelProblem {
  enum class Kind {
    NotAFolder,
    ModelInSubfolder,  // detail: the subfolder to choose instead
    OlderModel,        // a CosyVoice 1/2 folder
    Missing,
    NotAFile,
    Empty,             // an interrupted download?
    Unreadable,        // permissions?
    WrongFormat,       // damaged, or a Git LFS pointer
    NoLanguageModel,   // neither llm.rl.pt nor llm.pt
  };
  std::string file;
  Kind kind = Kind::Missing;
  std::string detail;
  std::string message;  // English, for the command line (the UI words its own)
};

// Checks that `folder` holds a complete, readable Fun-CosyVoice3 model folder
// and returns every problem at once (empty = usable). Recognises the common
// mistake of choosing the parent of the real folder.
std::vector<ModelProblem> checkModelFolder(const std::filesystem::path& folder);

// The files checkModelFolder requires besides the language model, as paths
// relative to the folder with '/' between parts. The folder ships more (the
// TensorRT export, model.safetensors…) that inference does not read.
std::vector<std::string> requiredModelFiles();

// The language-model checkpoints a folder may hold: the RL-tuned one (lower
// error rates in the release's evaluation) and the base one.
inline constexpr char kRlCheckpoint[] = "llm.rl.pt";
inline constexpr char kBaseCheckpoint[] = "llm.pt";
// Those of the two that `folder` holds, the RL-tuned one first.
std::vector<std::string> llmCheckpoints(const std::filesystem::path& folder);
// `wanted` when the folder holds it, the first of llmCheckpoints() when
// `wanted` is empty; throws EngineError (engine.h) naming the missing file.
std::string chooseLlmCheckpoint(const std::filesystem::path& folder, const std::string& wanted);

}  // namespace cosystudio
