// Every parity command compares one engine component with the official
// implementation's golden data in a set folder, prints one line per checked
// quantity and returns 0 only when all of them pass.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>

namespace cosystudio::parity {

using Command = std::function<int(const std::filesystem::path& setDir)>;

struct CommandInfo {
  std::string summary;
  Command run;
};

std::map<std::string, CommandInfo>& registry();

// Registers a command at static-initialisation time:
//   static const Registration reg("audio", "…", &runAudio);
struct Registration {
  Registration(const std::string& name, std::string summary, Command run) {
    registry()[name] = CommandInfo{std::move(summary), std::move(run)};
  }
};

}  // namespace cosystudio::parity
