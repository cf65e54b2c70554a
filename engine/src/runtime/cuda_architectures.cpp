#include "runtime/cuda_architectures.h"

#include <cctype>
#include <optional>
#include <sstream>

namespace cosystudio {

namespace {

// "sm_86": machine code for 8.6, "sm_120" for 12.0 (the last digit is the
// minor version), "sm_90a" for 9.0 alone; "compute_90": PTX for 9.0.
struct Architecture {
  int major = 0, minor = 0;
  bool ptx = false;
  bool onlyThisOne = false;
};

std::optional<Architecture> parse(const std::string& name) {
  const bool ptx = name.rfind("compute_", 0) == 0;
  if (!ptx && name.rfind("sm_", 0) != 0) return std::nullopt;
  const std::size_t digits = ptx ? 8 : 3;
  std::size_t end = digits;
  while (end < name.size() && end - digits < 4 && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
  if (end - digits < 2) return std::nullopt;
  const int number = std::stoi(name.substr(digits, end - digits));
  return Architecture{number / 10, number % 10, ptx, name.substr(end) == "a"};
}

}  // namespace

std::vector<std::string> cudaArchitectures(const std::string& buildConfig) {
  std::vector<std::string> architectures;
  std::istringstream lines(buildConfig);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("NVCC architecture flags:") == std::string::npos) continue;
    for (std::size_t at = line.find("code="); at != std::string::npos; at = line.find("code=", at)) {
      at += 5;
      const std::string code = line.substr(at, line.find_first_of(";, \t", at) - at);
      if (parse(code)) architectures.push_back(code);
    }
  }
  return architectures;
}

bool cudaArchitecturesRun(const std::vector<std::string>& architectures, int major, int minor) {
  for (const std::string& name : architectures) {
    const auto built = parse(name);
    if (!built) continue;
    if (built->ptx ? major * 10 + minor >= built->major * 10 + built->minor
                   : major == built->major && (built->onlyThisOne ? minor == built->minor : minor >= built->minor))
      return true;
  }
  return false;
}

std::string cudaArchitectureProblem(const std::string& gpuName, int major, int minor,
                                    const std::vector<std::string>& architectures) {
  if (architectures.empty() || cudaArchitecturesRun(architectures, major, minor)) return {};
  std::string problem = gpuName + " (compute capability " + std::to_string(major) + "." + std::to_string(minor) +
                        ") is not among the GPUs this libtorch was built for:";
  for (const std::string& name : architectures) problem += " " + name;
  return problem;
}

Precision defaultGpuPrecision(int computeMajor) {
  if (computeMajor >= 8) return Precision::BFloat16;
  if (computeMajor == 7) return Precision::Float16;
  return Precision::Float32;
}

}  // namespace cosystudio
