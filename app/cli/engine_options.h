// What the engine-running commands (synth, voice, bench) share: the --device and
// --precision options, loading the engine with progress on a terminal, and an
// output path checked before any slow work.
#pragma once

#include "cosystudio/checked_synthesis.h"
#include "cosystudio/engine.h"
#include "cosystudio/recognizer.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>

namespace cosystudio::cli {

// --device, checked as it is parsed.
inline CLI::Option* addDeviceOption(CLI::App* sub, std::string& device) {
  return sub->add_option("--device", device, "cpu, cuda or cuda:N")
      ->check(CLI::Validator(
          [](std::string& s) { return parseDevice(s) ? std::string() : "'" + s + "' is not cpu, cuda or cuda:N"; },
          "DEVICE"))
      ->capture_default_str();
}

// --precision; empty: defaultPrecision() of the device.
inline CLI::Option* addPrecisionOption(CLI::App* sub, std::string& precision) {
  return sub->add_option("--precision", precision,
                         "Precision of the LLM and the flow: fp32 (exact), bf16, fp16, or int8 (the LLM's and the "
                         "flow's projections as int8 products on the CPU). Default: bf16 on CUDA; on the CPU int8 "
                         "where this build has fbgemm's kernels (AVX2 and up), else fp32 (--version says which)")
      ->check(CLI::IsMember({"fp32", "bf16", "fp16", "int8"}));
}

// Options of a command that loads a model.
struct EngineOptions {
  std::string model;
  std::string device = "cpu";
  std::string precision;    // empty: defaultPrecision() of the device
  std::string checkpoint;  // empty: the RL-tuned one when the folder has it
  int threads = 0;         // 0: one per physical core

  void addTo(CLI::App* sub, bool modelRequired = true) {
    auto* option = sub->add_option("--model", model, "Fun-CosyVoice3-0.5B-2512 model folder");
    if (modelRequired) option->required();
    addDeviceOption(sub, device);
    addPrecisionOption(sub, precision);
    sub->add_option("--checkpoint", checkpoint,
                    std::string("Language model: ") + kRlCheckpoint + " or " + kBaseCheckpoint + " (default: " +
                        kRlCheckpoint + " when the folder has it)")
        ->check(CLI::IsMember({std::string(kRlCheckpoint), std::string(kBaseCheckpoint)}));
    sub->add_option("--threads", threads, "CPU threads for the networks (default: one per physical core)")
        ->check(CLI::Range(1, 1024));
  }

  LoadOptions loadOptions() const {
    LoadOptions o;
    o.modelFolder = model;
    o.device = *parseDevice(device);
    o.precision = precision.empty() ? defaultPrecision(o.device) : *parsePrecision(precision);
    o.llmCheckpoint = checkpoint;
    o.cpuThreads = threads;
    return o;
  }
};

// Progress lines are for people: only when stderr is a terminal, so that
// scripts and logs see nothing but the results and the errors.
inline bool stderrIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

// Overwrites one status line on a terminal.
inline void statusLine(const std::string& text) {
  if (stderrIsTerminal()) std::fprintf(stderr, "\r\033[K%s", text.c_str());
}
inline void endStatusLine() {
  if (stderrIsTerminal()) std::fputs("\r\033[K", stderr);
}

inline void loadEngine(Engine& engine, const EngineOptions& options) {
  engine.load(options.loadOptions(), [](const std::string& step) { statusLine(step + "…"); });
  endStatusLine();
}

// Refuses an output path whose folder is missing, before any slow work.
inline void checkOutputPath(const std::filesystem::path& file) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error))
    throw std::runtime_error(file.string() + " is a folder; give a file name");
  const auto directory = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(directory, error))
    throw std::runtime_error("cannot write " + file.string() + ": the folder " + directory.string() +
                             " does not exist");
  // A read-only folder or file system is found now, not after minutes of synthesis:
  // a file is created there and removed again (permissions alone miss read-only mounts).
  const auto probe = directory / ("." + file.filename().string() + ".probe-" + std::to_string(::getpid()));
  if (std::FILE* created = std::fopen(probe.c_str(), "wb")) {
    std::fclose(created);
    std::filesystem::remove(probe, error);
  } else {
    throw std::runtime_error("cannot write " + file.string() + ": " + std::strerror(errno));
  }
}

// The recogniser for the commands that listen (--asr-model); a missing or
// unusable one is refused saying how to get it, before any slow work.
inline std::unique_ptr<Recognizer> loadRecognizer(const std::string& folder, const std::string& device,
                                                  const std::string& otherWays = {}) {
  try {
    statusLine("Loading the recogniser…");
    auto recognizer = Recognizer::load(folder, *parseDevice(device));
    endStatusLine();
    return recognizer;
  } catch (const RecognizerError& e) {
    endStatusLine();
    throw std::runtime_error(std::string(e.what()) + "\n" + otherWays +
                             (otherWays.empty() ? "Download" : "download") +
                             " the recogniser: cosystudio-cli model download --recognizer");
  }
}

// --check and what goes with it, for the commands that make speech from text.
struct ListenOptions {
  bool check = false;
  int retakes = 0;
  std::string asrModel = defaultRecognizerFolder().string();
  CheckThresholds thresholds;
  bool retakesGiven = false;

  // --retakes as given, else `byDefault`.
  int retakesOr(int byDefault) const { return retakesGiven ? retakes : byDefault; }

  // `what`: what is listened to ("segment", "paragraph").
  CLI::Option* addTo(CLI::App* sub, const std::string& what) {
    auto* flag = sub->add_flag("--check", check,
                               "Listen to every " + what + " as it is made: what the recogniser hears against the "
                               "text, the speaker against the voice, the speaking rate against the voice's");
    sub->add_option("--retakes", retakes, "With --check, make a failing " + what + " again with new seeds up to N times")
        ->each([this](const std::string&) { retakesGiven = true; })
        ->check(CLI::Range(0, 20))
        ->capture_default_str()
        ->needs(flag);
    sub->add_option("--asr-model", asrModel,
                    "The recogniser (SenseVoiceSmall folder) that --check listens with and that times words")
        ->capture_default_str();
    sub->add_option("--max-error-rate", thresholds.maxErrorRate,
                    "With --check, the highest character or word error rate that passes")
        ->check(CLI::Range(0.0, 10.0))
        ->capture_default_str()
        ->needs(flag);
    sub->add_option("--min-similarity", thresholds.minSimilarity,
                    "With --check, the lowest speaker similarity (cosine, -1 to 1) that passes")
        ->check(CLI::Range(-1.0, 1.0))
        ->capture_default_str()
        ->needs(flag);
    sub->add_option("--max-rate-ratio", thresholds.maxRateRatio,
                    "With --check, how many times faster or slower than the voice (at --speed) a " + what +
                        " may speak")
        ->check(CLI::Range(1.0, 100.0))
        ->capture_default_str()
        ->needs(flag);
    return flag;
  }

  // The recogniser when --check is given or `timesWords` (subtitles split or
  // timed by word), else none.
  std::unique_ptr<Recognizer> recognizer(const std::string& device, bool timesWords = false) const {
    if (check) return loadRecognizer(asrModel, device, "Leave out --check, or ");
    if (timesWords) return loadRecognizer(asrModel, device, "Leave out --subtitle-chars and --word-timings, or ");
    return nullptr;
  }
};

inline double mib(int64_t bytes) { return double(bytes) / (1024.0 * 1024.0); }

}  // namespace cosystudio::cli
