// cosystudio-parity [--device cpu|cuda[:N]] [--precision fp32|bf16|fp16|int8] <component> <set-dir>
#include "registry.h"

#include "core/torch_compat.h"
#include "cosystudio/engine.h"
#include "pipeline/model.h"
#include "cosystudio/version.h"

#include <c10/util/Exception.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <optional>
#include <string>

namespace cosystudio::parity {

std::map<std::string, CommandInfo>& registry() {
  static std::map<std::string, CommandInfo> commands;
  return commands;
}

}  // namespace cosystudio::parity

namespace {

void printUsage(std::FILE* out) {
  std::fprintf(out,
               "usage: cosystudio-parity [--device cpu|cuda[:N]] [--precision fp32|bf16|fp16|int8] <component> <set-dir>\n"
               "\n  --device     where the networks run (default cpu); goldens are compared on the host\n"
               "  --precision  of the LLM and the flow (default fp32, the exact mode: the front end and HiFT\n"
               "               always run fp32; int8 quantises the LLM's and the DiT's projections, the\n"
               "               DiT computing in bf16 instead on a CPU with AMX, as the engine runs it);\n"
               "               bf16, fp16 and int8 are held to the reduced-precision bounds of the README\n"
               "\ncomponents:\n");
  for (const auto& [name, info] : cosystudio::parity::registry())
    std::fprintf(out, "  %-18s %s%s\n", name.c_str(), info.summary.c_str(), info.takesDevice ? "" : " (CPU, fp32)");
  std::fprintf(out, "\nExit status: 0 all checks passed, 1 a check failed, 2 usage error.\n");
}

int usageError(const std::string& message) {
  std::fprintf(stderr, "cosystudio-parity: %s\n\n", message.c_str());
  printUsage(stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace cosystudio;
  parity::RunOptions options;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      printUsage(stdout);
      return 0;
    }
    if (arg == "--version") {
      std::printf("cosystudio-parity %s\n", kVersion);
      return 0;
    }
    if (arg == "--device" || arg == "--precision") {
      if (i + 1 >= argc) return usageError(arg + " needs a value");
      const std::string value = argv[++i];
      if (arg == "--device") {
        const auto device = parseDevice(value);
        if (!device) return usageError("--device takes cpu, cuda or cuda:N, not '" + value + "'");
        options.device = device->kind == DeviceKind::Cuda
                             ? c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(device->index))
                             : c10::Device(c10::kCPU);
      } else {
        const auto precision = parsePrecision(value);
        if (!precision) return usageError("--precision takes fp32, bf16, fp16 or int8, not '" + value + "'");
        options.precision = *precision;
      }
      continue;
    }
    if (arg.rfind("--", 0) == 0) return usageError("unknown option " + arg);
    positional.push_back(arg);
  }
  const auto& commands = parity::registry();
  if (positional.size() != 2) return usageError("give a component and a set folder");
  const auto command = commands.find(positional[0]);
  if (command == commands.end()) return usageError("no component named '" + positional[0] + "'");
  if (!command->second.takesDevice && (options.device.is_cuda() || options.precision != Precision::Float32))
    return usageError(positional[0] + " runs on the CPU in fp32 only");
  const std::filesystem::path setDir = positional[1];
  if (!std::filesystem::is_directory(setDir)) {
    std::fprintf(stderr, "cosystudio-parity: '%s' is not a directory\n", setDir.c_str());
    return 2;
  }
  if (options.device.is_cuda()) {
    const std::string problem = deviceProblem(Device{DeviceKind::Cuda, options.device.index()});
    if (!problem.empty()) {
      std::fprintf(stderr, "cosystudio-parity: %s\n", problem.c_str());
      return 1;
    }
  }
  // fp32 on a GPU is fp32, as in the engine: no TF32.
  compat::requireExactFloat32();
  // Sums run in the BLAS library's order, so a report names the one it ran on.
  std::printf("libtorch %s; CPU: %s\n", torchBuildDescription(), describeCpuBackend(cpuBackend()).c_str());
  std::printf("device %s, precision %s\n", options.device.str().c_str(), precisionName(options.precision).c_str());
  if (options.precision == Precision::Int8) {
    const std::string sevenBits = int8SevenBitCause();
    std::printf("int8 products take their weights at %s\n", sevenBits.empty() ? "8 bits" : ("7 bits, " + sevenBits).c_str());
  }
  try {
    return command->second.run(setDir, options);
  } catch (const c10::Error& e) {
    std::fprintf(stderr, "cosystudio-parity %s: %s\n", positional[0].c_str(), e.what_without_backtrace());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cosystudio-parity %s: %s\n", positional[0].c_str(), e.what());
    return 1;
  }
}
