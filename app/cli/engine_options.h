// What the engine-running commands (synth, voice, bench) share: the --device and
// --precision options, loading the engine with progress on a terminal, writing
// a file atomically, and the process's peak resident memory.
#pragma once

#include "cosystudio/engine.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>

namespace cosystudio::cli {

// "cpu", "cuda" (= cuda:0) or "cuda:N"; nothing for anything else.
inline std::optional<Device> parseDevice(const std::string& text) {
  if (text == "cpu") return Device{DeviceKind::Cpu, 0};
  if (text == "cuda") return Device{DeviceKind::Cuda, 0};
  if (text.rfind("cuda:", 0) == 0 && text.size() > 5 && text.size() < 9 &&
      text.find_first_not_of("0123456789", 5) == std::string::npos)
    return Device{DeviceKind::Cuda, std::stoi(text.substr(5))};
  return std::nullopt;
}

inline std::string deviceName(const Device& device) {
  return device.kind == DeviceKind::Cpu ? "cpu" : "cuda:" + std::to_string(device.index);
}

inline const std::map<std::string, Precision>& precisions() {
  static const std::map<std::string, Precision> names{
      {"fp32", Precision::Float32}, {"bf16", Precision::BFloat16}, {"fp16", Precision::Float16}};
  return names;
}

inline std::string precisionName(Precision precision) {
  for (const auto& [name, value] : precisions())
    if (value == precision) return name;
  return {};
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
    sub->add_option("--device", device, "cpu, cuda or cuda:N")
        ->check(CLI::Validator(
            [](std::string& s) { return parseDevice(s) ? std::string() : "'" + s + "' is not cpu, cuda or cuda:N"; },
            "DEVICE"))
        ->capture_default_str();
    sub->add_option("--precision", precision,
                    "Precision of the LLM and the flow: fp32, bf16 or fp16 (default: fp32 on the CPU, bf16 on CUDA)")
        ->check(CLI::IsMember({"fp32", "bf16", "fp16"}));
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
    o.precision = precision.empty() ? defaultPrecision(o.device.kind) : precisions().at(precision);
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

// Highest resident set size of this process so far (VmHWM), in bytes.
inline int64_t peakResidentBytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoll(line.substr(6)) * 1024;
  return 0;
}

inline double mib(int64_t bytes) { return double(bytes) / (1024.0 * 1024.0); }

}  // namespace cosystudio::cli
