// cosystudio-cli normalize [--official]
//
// Reads one text per line on stdin and prints each normalised text on its own
// line (no splitting): numbers, dates, units… read in words, then the official
// rule-based steps. --official runs only the official rules (no wetext).
#include "command.h"

#include "cosystudio/text/text_normalize.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

namespace cosystudio::cli {
namespace {

struct NormalizeCliOptions {
  bool officialOnly = false;
};

int normalize(const NormalizeCliOptions& cli) {
  text::NormalizeOptions options;
  options.readNumbers = !cli.officialOnly;
  std::string line;
  int lineNumber = 0;
  while (std::getline(std::cin, line)) {
    ++lineNumber;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    try {
      std::string out = text::normalizeText(line, options);
      // One output line per input line, whatever the text holds.
      for (auto& c : out)
        if (c == '\n' || c == '\r') c = ' ';
      std::printf("%s\n", out.c_str());
    } catch (const std::exception& e) {
      throw std::runtime_error("line " + std::to_string(lineNumber) + ": " + e.what());
    }
  }
  return 0;
}

const Registration reg([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("normalize", "Normalise text read from stdin, one text per line");
  auto options = std::make_shared<NormalizeCliOptions>();
  sub->add_flag("--official", options->officialOnly,
                "Only the official rule-based steps (numbers in English become words, Chinese ones stay)");
  return {sub, [options] { return normalize(*options); }};
});

}  // namespace
}  // namespace cosystudio::cli
