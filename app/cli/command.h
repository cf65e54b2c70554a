// Subcommands of cosystudio-cli register themselves, one file per command:
//
//   static const cli::Registration reg([](CLI::App& app) -> cli::Run {
//     auto* sub = app.add_subcommand("inspect", "Analyse a prompt clip");
//     auto options = std::make_shared<InspectOptions>();
//     sub->add_option("clip", options->clip)->required();
//     return {sub, [options] { return inspect(*options); }};
//   });
//
// The run function returns the exit status (0 success, 1 failure); usage errors
// (2) are handled by main.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <vector>

namespace cosystudio::cli {

struct Run {
  CLI::App* subcommand;
  std::function<int()> run;
};

using Setup = std::function<Run(CLI::App&)>;

std::vector<Setup>& setups();

struct Registration {
  explicit Registration(Setup setup) { setups().push_back(std::move(setup)); }
};

}  // namespace cosystudio::cli
