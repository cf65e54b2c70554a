// The system's name, as /etc/os-release gives it: the Debian release decides
// which libtorch, Qt and OpenBLAS a packaged CosyStudio runs on.
#include "cosystudio/runtime.h"

#include <fstream>
#include <string>

namespace cosystudio {

std::string operatingSystem() {
  std::ifstream file("/etc/os-release");
  std::string line, name;
  while (std::getline(file, line)) {
    const auto equals = line.find('=');
    if (equals == std::string::npos) continue;
    const std::string key = line.substr(0, equals);
    std::string value = line.substr(equals + 1);
    // A value may be quoted (os-release(5)); the names used here hold no escapes.
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front())
      value = value.substr(1, value.size() - 2);
    if (key == "PRETTY_NAME" && !value.empty()) return value;
    if (key == "NAME") name = value;
  }
  return name.empty() ? "unknown (no /etc/os-release)" : name;
}

}  // namespace cosystudio
