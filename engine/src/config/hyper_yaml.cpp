#include "config/hyper_yaml.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <optional>
#include <regex>
#include <sstream>

namespace cosystudio {

struct HyperYaml::Impl {
  YAML::Node root;
};

namespace {

// Follows a dotted path from the root; an undefined node when absent.
YAML::Node lookup(const YAML::Node& root, const std::string& path) {
  // reset() rebinds; operator= would overwrite the referenced node, and a
  // non-const operator[] would insert missing keys.
  YAML::Node node;
  node.reset(root);
  std::stringstream parts(path);
  for (std::string part; std::getline(parts, part, '.');) {
    if (!node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node& parent = node;
    const YAML::Node child = parent[part];
    if (!child.IsDefined()) return child;
    node.reset(child);
  }
  return node;
}

}  // namespace

HyperYaml HyperYaml::load(const std::filesystem::path& file) {
  auto impl = std::make_shared<Impl>();
  try {
    impl->root = YAML::LoadFile(file.string());
  } catch (const YAML::Exception& e) {
    throw ConfigError(file.string() + ": " + e.what());
  }
  if (!impl->root.IsMap()) throw ConfigError(file.string() + ": not a YAML mapping");
  HyperYaml yaml;
  yaml.file_ = file;
  yaml.impl_ = std::move(impl);
  return yaml;
}

bool HyperYaml::has(const std::string& path) const { return lookup(impl_->root, path).IsDefined(); }

namespace {

// The whole of `text` as a number, or nothing.
std::optional<double> parseNumber(const std::string& text) {
  try {
    size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {  // not a number, or out of double's range
  }
  return std::nullopt;
}

double numberAt(const YAML::Node& root, const std::filesystem::path& file, const std::string& path, int depth) {
  const YAML::Node node = lookup(root, path);
  const auto fail = [&](const std::string& why) {
    return ConfigError(file.string() + ": '" + path + "' " + why);
  };
  if (!node.IsDefined()) throw fail("is missing");
  if (!node.IsScalar()) throw fail("is not a number");
  const std::string text = node.Scalar();
  if (node.Tag() == "!ref") {
    // A chain of references deeper than any real config is a cycle.
    constexpr int kMaxReferenceDepth = 16;
    if (depth >= kMaxReferenceDepth) throw fail("refers to itself through its references");
    // `<a>` or a product `<a> * <b> * 2`: every factor is a number or a reference
    // to a top-level key.
    static const std::regex factor(R"(\s*(?:<([^>]+)>|([-+0-9.eE]+))\s*(\*|$))");
    double product = 1;
    auto begin = text.cbegin();
    std::smatch match;
    while (begin != text.cend() && std::regex_search(begin, text.cend(), match, factor,
                                                     std::regex_constants::match_continuous)) {
      const std::optional<double> literal = match[1].matched ? std::nullopt : parseNumber(match[2].str());
      if (!match[1].matched && !literal) throw fail("has an unsupported reference expression '" + text + "'");
      product *= literal ? *literal : numberAt(root, file, match[1].str(), depth + 1);
      begin = match[0].second;
    }
    if (begin != text.cend()) throw fail("has an unsupported reference expression '" + text + "'");
    return product;
  }
  if (const auto value = parseNumber(text)) return *value;
  throw fail("is not a number: '" + text + "'");
}

}  // namespace

double HyperYaml::number(const std::string& path) const { return numberAt(impl_->root, file_, path, 0); }

int64_t HyperYaml::integer(const std::string& path) const {
  const double value = number(path);
  // Also refuses infinities and values no int64 holds (NaN fails every comparison).
  if (!(value == std::floor(value) && std::abs(value) < 9.0e18))
    throw ConfigError(file_.string() + ": '" + path + "' is not an integer: " + std::to_string(value));
  return static_cast<int64_t>(value);
}

std::string HyperYaml::text(const std::string& path) const {
  const YAML::Node node = lookup(impl_->root, path);
  const std::string where = file_.string() + ": '" + path + "'";
  if (!node.IsDefined()) throw ConfigError(where + " is missing");
  if (!node.IsScalar()) throw ConfigError(where + " is not a single value");
  return node.Scalar();
}

bool HyperYaml::flag(const std::string& path) const {
  const std::string value = text(path);
  if (value == "true" || value == "True") return true;
  if (value == "false" || value == "False") return false;
  throw ConfigError(file_.string() + ": '" + path + "' is not true or false: '" + value + "'");
}

static std::vector<int64_t> integerSequence(const YAML::Node& node, const std::string& where) {
  if (!node.IsSequence()) throw ConfigError(where + " is not a list");
  std::vector<int64_t> values;
  for (const auto& item : node) {
    try {
      values.push_back(item.as<int64_t>());
    } catch (const YAML::Exception&) {
      throw ConfigError(where + " holds a value that is not an integer");
    }
  }
  return values;
}

std::vector<int64_t> HyperYaml::integers(const std::string& path) const {
  const YAML::Node node = lookup(impl_->root, path);
  const std::string where = file_.string() + ": '" + path + "'";
  if (!node.IsDefined()) throw ConfigError(where + " is missing");
  return integerSequence(node, where);
}

std::vector<std::vector<int64_t>> HyperYaml::integerLists(const std::string& path) const {
  const YAML::Node node = lookup(impl_->root, path);
  const std::string where = file_.string() + ": '" + path + "'";
  if (!node.IsDefined()) throw ConfigError(where + " is missing");
  if (!node.IsSequence()) throw ConfigError(where + " is not a list");
  std::vector<std::vector<int64_t>> lists;
  for (const auto& item : node) lists.push_back(integerSequence(item, where));
  return lists;
}

}  // namespace cosystudio
