// Validation of an official Fun-CosyVoice3 model folder before anything loads.
#include "cosystudio/engine.h"

#include <algorithm>
#include <array>
#include <fstream>

namespace cosystudio {
namespace fs = std::filesystem;

namespace {

struct RequiredFile {
  const char* path;
  const char* magic;  // leading bytes the file must start with, or nullptr
};

// What the engine reads besides the language model (llm.rl.pt and/or llm.pt).
// The folder ships more (model.safetensors, the TensorRT ONNX export…) that
// inference does not need.
constexpr std::array<RequiredFile, 8> kRequiredFiles{{
    {"cosyvoice3.yaml", nullptr},
    {"flow.pt", "PK"},
    {"hift.pt", "PK"},
    {"campplus.onnx", nullptr},
    {"speech_tokenizer_v3.onnx", nullptr},
    {"CosyVoice-BlankEN/config.json", "{"},
    {"CosyVoice-BlankEN/vocab.json", "{"},
    {"CosyVoice-BlankEN/merges.txt", nullptr},
}};

std::string checkFile(const fs::path& file, const char* magic) {
  std::error_code error;
  if (!fs::exists(file, error)) return "missing";
  if (!fs::is_regular_file(file, error)) return "not a regular file";
  if (fs::file_size(file, error) == 0) return "empty (an interrupted download?)";
  std::ifstream in(file, std::ios::binary);
  if (!in) return "cannot be read (permissions?)";
  if (magic) {
    std::string head(std::char_traits<char>::length(magic), '\0');
    in.read(head.data(), std::streamsize(head.size()));
    if (head != magic) return "is not in the expected format (damaged or a Git LFS pointer?)";
  }
  return {};
}

constexpr char kCheckpointMagic[] = "PK";  // torch.save writes zip archives

bool looksLikeModelFolder(const fs::path& folder) {
  std::error_code error;
  return fs::exists(folder / "cosyvoice3.yaml", error) && !llmCheckpoints(folder).empty();
}

}  // namespace

std::vector<ModelProblem> checkModelFolder(const fs::path& folder) {
  std::error_code error;
  if (!fs::is_directory(folder, error))
    return {{folder.string(), "is not a folder"}};

  if (!looksLikeModelFolder(folder)) {
    // The usual mistake: choosing the folder that contains the model folder.
    for (const auto& entry : fs::directory_iterator(folder, error)) {
      if (entry.is_directory(error) && looksLikeModelFolder(entry.path()))
        return {{folder.string(), "holds the model in its subfolder '" +
                                      entry.path().filename().string() + "': choose that folder"}};
    }
    if (fs::exists(folder / "cosyvoice2.yaml", error) || fs::exists(folder / "cosyvoice.yaml", error))
      return {{folder.string(),
               "is an older CosyVoice model; CosyStudio needs Fun-CosyVoice3-0.5B-2512"}};
  }

  std::vector<ModelProblem> problems;
  for (const auto& required : kRequiredFiles) {
    const std::string problem = checkFile(folder / required.path, required.magic);
    if (!problem.empty()) problems.push_back({required.path, problem});
  }
  const auto checkpoints = llmCheckpoints(folder);
  if (checkpoints.empty())
    problems.push_back({kBaseCheckpoint, std::string("missing (and so is ") + kRlCheckpoint + ")"});
  for (const auto& name : checkpoints) {
    const std::string problem = checkFile(folder / name, kCheckpointMagic);
    if (!problem.empty()) problems.push_back({name, problem});
  }
  return problems;
}

std::string chooseLlmCheckpoint(const fs::path& folder, const std::string& wanted) {
  const auto found = llmCheckpoints(folder);
  if (wanted.empty() && !found.empty()) return found.front();
  if (std::find(found.begin(), found.end(), wanted) == found.end())
    throw EngineError("the model folder " + folder.string() + " has no " +
                      (wanted.empty() ? std::string(kBaseCheckpoint) + " or " + kRlCheckpoint : wanted));
  return wanted;
}

std::vector<std::string> llmCheckpoints(const fs::path& folder) {
  std::vector<std::string> found;
  std::error_code error;
  for (const char* name : {kRlCheckpoint, kBaseCheckpoint})
    if (fs::exists(folder / name, error)) found.push_back(name);
  return found;
}

}  // namespace cosystudio
