// cosystudio-cli check-model DIR: is this model folder complete and readable?
#include "command.h"

#include "cosystudio/engine.h"

#include <cstdio>
#include <memory>

namespace cosystudio::cli {
namespace {

int checkModel(const std::string& folder) {
  const auto problems = checkModelFolder(folder);
  if (problems.empty()) {
    std::printf("%s: complete Fun-CosyVoice3 model folder\n", folder.c_str());
    return 0;
  }
  for (const auto& problem : problems)
    std::fprintf(stderr, "%s: %s\n", problem.file.c_str(), problem.message.c_str());
  return 1;
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("check-model", "Check that a model folder is complete and readable");
  auto folder = std::make_shared<std::string>();
  sub->add_option("dir", *folder, "Fun-CosyVoice3-0.5B-2512 folder")->required();
  return {sub, [folder] { return checkModel(*folder); }};
});

}  // namespace
}  // namespace cosystudio::cli
