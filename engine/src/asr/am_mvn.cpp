#include "asr/am_mvn.h"

#include "config/hyper_yaml.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace cosystudio::asr {
namespace {

// The released file is 16 kB; anything near this is not a feature transform.
constexpr std::uintmax_t kMaxFileBytes = 16 << 20;

// The values between the `[` and `]` that follow the component's tag.
std::vector<float> componentValues(const std::string& text, const std::string& tag, std::size_t dims,
                                   const std::string& fileName) {
  const auto fail = [&](const std::string& why) { return ConfigError(fileName + ": " + tag + " " + why); };
  const std::size_t at = text.find(tag);
  if (at == std::string::npos) throw fail("is missing");
  const std::size_t open = text.find('[', at);
  const std::size_t close = open == std::string::npos ? open : text.find(']', open);
  if (close == std::string::npos) throw fail("has no [ ... ] list of values");
  std::istringstream values(text.substr(open + 1, close - open - 1));
  std::vector<float> result;
  for (std::string word; values >> word;) {
    char* end = nullptr;
    const float value = std::strtof(word.c_str(), &end);
    if (end != word.c_str() + word.size() || !std::isfinite(value))
      throw fail("holds '" + word.substr(0, 40) + "', not a finite number");
    result.push_back(value);
    if (result.size() > dims) break;
  }
  if (result.size() != dims)
    throw fail("has " + std::string(result.size() > dims ? "more than " : "") + std::to_string(result.size()) +
               " values; the model's features have " + std::to_string(dims));
  return result;
}

}  // namespace

FeatureNormalization FeatureNormalization::parse(const std::string& text, std::size_t dims,
                                                 const std::string& fileName) {
  return {componentValues(text, "<AddShift>", dims, fileName), componentValues(text, "<Rescale>", dims, fileName)};
}

FeatureNormalization FeatureNormalization::load(const std::filesystem::path& file, std::size_t dims) {
  std::error_code error;
  const auto bytes = std::filesystem::file_size(file, error);
  if (error) throw ConfigError(file.string() + ": cannot be read: " + error.message());
  if (bytes > kMaxFileBytes) throw ConfigError(file.string() + ": is " + std::to_string(bytes) + " bytes, not a feature normalisation");
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) throw ConfigError(file.string() + ": cannot be read");
  return parse(text.str(), dims, file.string());
}

}  // namespace cosystudio::asr
