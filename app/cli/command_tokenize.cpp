// cosystudio-cli tokenize <folder> [--benchmark N]
//
// Encodes the text on stdin with the CosyVoice3 tokenizer of a model folder
// (or a folder holding vocab.json/merges.txt) and prints the ids. With
// --benchmark it encodes the text N times and prints the timings instead.
#include "command.h"

#include "cosystudio/text/tokenizer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>

namespace cosystudio::cli {
namespace {

struct TokenizeOptions {
  std::string folder;
  int benchmarkRuns = 0;
};

int benchmark(const text::Tokenizer& tokenizer, const std::string& input, int runs) {
  std::vector<double> ms;
  std::size_t count = 0;
  for (int i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    count = tokenizer.encode(input).size();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  const double first = ms.front();
  std::sort(ms.begin(), ms.end());
  std::size_t chars = 0;
  for (const char c : input) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  std::printf("%zu characters -> %zu ids; first run (cold cache) %.3f ms, median of %d %.3f ms, min %.3f ms\n",
              chars, count, first, runs, ms[ms.size() / 2], ms.front());
  return 0;
}

int tokenize(const TokenizeOptions& options) {
  const auto tokenizer = text::Tokenizer::load(options.folder);
  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  if (options.benchmarkRuns > 0) return benchmark(tokenizer, input, options.benchmarkRuns);
  const auto ids = tokenizer.encode(input);
  for (std::size_t i = 0; i < ids.size(); ++i) std::printf(i ? " %d" : "%d", ids[i]);
  std::printf("\n");
  return 0;
}

const Registration reg([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("tokenize", "Print the text token ids of stdin (CosyVoice3 tokenizer)");
  auto options = std::make_shared<TokenizeOptions>();
  sub->add_option("folder", options->folder, "Model folder, or a folder with vocab.json and merges.txt")
      ->required();
  sub->add_option("--benchmark", options->benchmarkRuns, "Encode N times and print timings instead")
      ->check(CLI::PositiveNumber);
  return {sub, [options] { return tokenize(*options); }};
});

}  // namespace
}  // namespace cosystudio::cli
