// cosystudio-cli: the CosyStudio engine from a terminal or a script.
//
// Exit status: 0 success, 1 the command failed (the message says why),
// 2 usage error.
#include "command.h"

#include "cosystudio/engine.h"
#include "cosystudio/user_message.h"
#include "cosystudio/version.h"

#include <cstdio>
#include <exception>

namespace cosystudio::cli {

std::vector<Setup>& setups() {
  static std::vector<Setup> all;
  return all;
}

}  // namespace cosystudio::cli

int main(int argc, char** argv) {
  using namespace cosystudio;
  CLI::App app{"CosyStudio command line: voice cloning text-to-speech with CosyVoice3",
               "cosystudio-cli"};
  app.set_version_flag("--version", [] {
    setCpuThreads(0);  // the default every command uses
    const OpenBlasInfo blas = openBlasInfo();
    std::string text = std::string("cosystudio-cli ") + kVersion + "\nSystem: " + operatingSystem() +
                       "\nlibtorch " + torchBuildDescription() +
                       "\nCPU: " + describeCpuBackend(cpuBackend()) +
                       "\nCPU features: " + describeCpuFeatures(cpuFeatures()) +
                       "\nCPU precision: " + describeCpuPrecision();
    if (blas.loaded) text += "\nBLAS: " + describeOpenBlas(blas);
    if (!blas.warning.empty()) text += "\nWarning: " + blas.warning;
    return text + "\nGPU: " + describeGpuUse();
  });
  app.require_subcommand(0, 1);
  app.footer("Exit status: 0 success, 1 the command failed, 2 usage error.\n");

  std::vector<cli::Run> commands;
  for (const auto& setup : cli::setups()) commands.push_back(setup(app));

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }

  for (const auto& command : commands) {
    if (!command.subcommand->parsed()) continue;
    try {
      return command.run();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "cosystudio-cli %s: %s\n", command.subcommand->get_name().c_str(),
                   describeError(e).c_str());
      return 1;
    }
  }
  std::fputs(app.help().c_str(), stdout);
  return 0;
}
