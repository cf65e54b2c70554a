// Where an audio set's tiny ONNX models live: the sibling folder `models/`,
// whose manifest.json names each model's file under "<key>.onnx.file".
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace cosystudio::parity {

inline std::filesystem::path audioModelFile(const std::filesystem::path& setDir, const std::string& key) {
  const auto modelsDir = setDir.lexically_normal().parent_path() / "models";
  const auto manifestPath = modelsDir / "manifest.json";
  std::ifstream in(manifestPath);
  if (!in) throw std::runtime_error("cannot open " + manifestPath.string());
  const auto manifest = nlohmann::json::parse(in);
  if (!manifest.contains(key) || !manifest[key].contains("onnx"))
    throw std::runtime_error(manifestPath.string() + " has no '" + key + ".onnx' entry");
  const auto file = std::filesystem::path(manifest[key]["onnx"]["file"].get<std::string>()).filename();
  return modelsDir / file;
}

}  // namespace cosystudio::parity
