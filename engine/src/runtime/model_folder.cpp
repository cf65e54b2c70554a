// Validation of an official Fun-CosyVoice3 model folder before anything loads.
#include "cosystudio/model_folder.h"

#include "cosystudio/errors.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <optional>

namespace cosystudio {
namespace fs = std::filesystem;

namespace {

struct RequiredFile {
  const char* path;
  const char* magic;  // leading bytes the file must start with, or nullptr
};

// What the engine reads besides the language model (llm.rl.pt and/or llm.pt).
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

using Kind = ModelProblem::Kind;

std::optional<Kind> checkFile(const fs::path& file, const char* magic) {
  std::error_code error;
  if (!fs::exists(file, error)) return Kind::Missing;
  if (!fs::is_regular_file(file, error)) return Kind::NotAFile;
  if (fs::file_size(file, error) == 0) return Kind::Empty;
  std::ifstream in(file, std::ios::binary);
  if (!in) return Kind::Unreadable;
  if (magic) {
    std::string head(std::char_traits<char>::length(magic), '\0');
    in.read(head.data(), std::streamsize(head.size()));
    if (head != magic) return Kind::WrongFormat;
  }
  return std::nullopt;
}

ModelProblem problem(std::string file, Kind kind, std::string detail = {}) {
  std::string message;
  switch (kind) {
    case Kind::NotAFolder: message = "is not a folder"; break;
    case Kind::ModelInSubfolder:
      message = "holds the model in its subfolder '" + detail + "': choose that folder";
      break;
    case Kind::OlderModel:
      message = "is an older CosyVoice model; CosyStudio needs Fun-CosyVoice3-0.5B-2512";
      break;
    case Kind::Missing: message = "missing"; break;
    case Kind::NotAFile: message = "not a regular file"; break;
    case Kind::Empty: message = "empty (an interrupted download?)"; break;
    case Kind::Unreadable: message = "cannot be read (permissions?)"; break;
    case Kind::WrongFormat:
      message = "is not in the expected format (damaged or a Git LFS pointer?)";
      break;
    case Kind::NoLanguageModel: message = std::string("missing (and so is ") + kRlCheckpoint + ")"; break;
  }
  return {std::move(file), kind, std::move(detail), std::move(message)};
}

constexpr char kCheckpointMagic[] = "PK";  // torch.save writes zip archives

bool looksLikeModelFolder(const fs::path& folder) {
  std::error_code error;
  return fs::exists(folder / "cosyvoice3.yaml", error) && !llmCheckpoints(folder).empty();
}

}  // namespace

std::vector<ModelProblem> checkModelFolder(const fs::path& folder) {
  std::error_code error;
  if (!fs::is_directory(folder, error)) return {problem(folder.string(), Kind::NotAFolder)};

  if (!looksLikeModelFolder(folder)) {
    // The usual mistake: choosing the folder that contains the model folder.
    for (const auto& entry : fs::directory_iterator(folder, error)) {
      if (entry.is_directory(error) && looksLikeModelFolder(entry.path()))
        return {problem(folder.string(), Kind::ModelInSubfolder, entry.path().filename().string())};
    }
    if (fs::exists(folder / "cosyvoice2.yaml", error) || fs::exists(folder / "cosyvoice.yaml", error))
      return {problem(folder.string(), Kind::OlderModel)};
  }

  std::vector<ModelProblem> problems;
  for (const auto& required : kRequiredFiles)
    if (const auto kind = checkFile(folder / required.path, required.magic))
      problems.push_back(problem(required.path, *kind));
  const auto checkpoints = llmCheckpoints(folder);
  if (checkpoints.empty()) problems.push_back(problem(kBaseCheckpoint, Kind::NoLanguageModel));
  for (const auto& name : checkpoints)
    if (const auto kind = checkFile(folder / name, kCheckpointMagic)) problems.push_back(problem(name, *kind));
  return problems;
}

std::vector<std::string> requiredModelFiles() {
  std::vector<std::string> files;
  for (const auto& required : kRequiredFiles) files.emplace_back(required.path);
  return files;
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
