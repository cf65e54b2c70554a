// cosystudio-parity <component> <set-dir>
#include "registry.h"

#include "cosystudio/engine.h"
#include "cosystudio/version.h"

#include <cstdio>
#include <cstring>
#include <exception>

namespace cosystudio::parity {

std::map<std::string, CommandInfo>& registry() {
  static std::map<std::string, CommandInfo> commands;
  return commands;
}

}  // namespace cosystudio::parity

static void printUsage(std::FILE* out) {
  std::fprintf(out, "usage: cosystudio-parity <component> <set-dir>\n\ncomponents:\n");
  for (const auto& [name, info] : cosystudio::parity::registry())
    std::fprintf(out, "  %-12s %s\n", name.c_str(), info.summary.c_str());
  std::fprintf(out, "\nExit status: 0 all checks passed, 1 a check failed, 2 usage error.\n");
}

int main(int argc, char** argv) {
  if (argc == 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"))) {
    printUsage(stdout);
    return 0;
  }
  if (argc == 2 && !std::strcmp(argv[1], "--version")) {
    std::printf("cosystudio-parity %s\n", cosystudio::kVersion);
    return 0;
  }
  const auto& commands = cosystudio::parity::registry();
  if (argc != 3 || !commands.count(argv[1])) {
    printUsage(stderr);
    return 2;
  }
  const std::filesystem::path setDir = argv[2];
  if (!std::filesystem::is_directory(setDir)) {
    std::fprintf(stderr, "cosystudio-parity: '%s' is not a directory\n", argv[2]);
    return 2;
  }
  // Sums run in the BLAS library's order, so a report names the one it ran on.
  std::printf("libtorch %s; CPU: %s\n", cosystudio::torchBuildDescription(),
              cosystudio::describeCpuBackend(cosystudio::cpuBackend()).c_str());
  try {
    return commands.at(argv[1]).run(setDir);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cosystudio-parity %s: %s\n", argv[1], e.what());
    return 1;
  }
}
