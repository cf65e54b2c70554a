// Every parity command compares one engine component with the official
// implementation's golden data in a set folder, prints one line per checked
// quantity and returns 0 only when all of them pass.
#pragma once

#include "cosystudio/engine.h"
#include "pipeline/model.h"

#include <c10/core/Device.h>

#include <filesystem>
#include <functional>
#include <map>
#include <string>

namespace cosystudio::parity {

// Where a command runs the engine's networks (--device) and in which
// precision the LLM and the flow compute (--precision). The goldens stay on
// the host; results are brought back to it to be compared.
struct RunOptions {
  c10::Device device = c10::kCPU;
  Precision precision = Precision::Float32;
  // How the LLM or the flow computes (networkNumerics).
  NetworkNumerics numerics(ReducedNetwork network) const { return networkNumerics(precision, device, network); }
  // Whether they compute other than in float32, so that they are held to the
  // reduced-precision bounds.
  bool reduced() const { return precision != Precision::Float32; }
};

using Command = std::function<int(const std::filesystem::path& setDir, const RunOptions& options)>;

struct CommandInfo {
  std::string summary;
  Command run;
  // Components with no network (the text front end) and the speed benches
  // take the CPU in float32 only.
  bool takesDevice = true;
};

std::map<std::string, CommandInfo>& registry();

// Registers a command at static-initialisation time:
//   static const Registration reg("audio", "…", &runAudio);
struct Registration {
  Registration(const std::string& name, std::string summary, Command run, bool takesDevice = true) {
    registry()[name] = CommandInfo{std::move(summary), std::move(run), takesDevice};
  }
};

}  // namespace cosystudio::parity
