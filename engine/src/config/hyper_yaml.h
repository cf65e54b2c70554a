// Reading values from a HyperPyYAML file (`cosyvoice3.yaml`) or a plain YAML
// config (SenseVoice's `config.yaml`) without running it:
// the object tags (`!new:`, `!name:`, `!apply:`) are ignored, `!ref <key>`
// references are followed, and simple `!ref <a> * <b>` products are evaluated.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cosystudio {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class HyperYaml {
 public:
  // Throws ConfigError naming the file when it cannot be read or parsed.
  static HyperYaml load(const std::filesystem::path& file);

  // Values at a dotted path such as "llm.sampling.top_p"; throw ConfigError
  // naming the file and the path when it is absent or not of that type.
  bool has(const std::string& path) const;
  double number(const std::string& path) const;
  int64_t integer(const std::string& path) const;
  // A scalar as written (e.g. `window: hamming`), and a true/false flag.
  std::string text(const std::string& path) const;
  bool flag(const std::string& path) const;
  // A flow sequence of integers, e.g. `[8, 5, 3]`, or of such sequences.
  std::vector<int64_t> integers(const std::string& path) const;
  std::vector<std::vector<int64_t>> integerLists(const std::string& path) const;

  const std::filesystem::path& file() const { return file_; }

 private:
  struct Impl;
  std::filesystem::path file_;
  std::shared_ptr<const Impl> impl_;
};

}  // namespace cosystudio
