// Devices this build can use and the memory figures the UI shows.
#include "cosystudio/runtime.h"

#include "core/cuda_graphs.h"
#include "core/torch_compat.h"
#include "runtime/cuda_architectures.h"

#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace cosystudio {

static int64_t hostResidentBytes() {
  // /proc/self/statm: size resident shared text lib data dt (in pages).
  std::ifstream statm("/proc/self/statm");
  int64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * static_cast<int64_t>(sysconf(_SC_PAGESIZE));
}

std::string deviceName(const Device& device) {
  return device.kind == DeviceKind::Cpu ? "cpu" : "cuda:" + std::to_string(device.index);
}

std::optional<Device> parseDevice(const std::string& name) {
  if (name == "cpu") return Device{DeviceKind::Cpu, 0};
  if (name == "cuda") return Device{DeviceKind::Cuda, 0};
  if (name.rfind("cuda:", 0) == 0 && name.size() > 5 && name.size() < 9 &&
      name.find_first_not_of("0123456789", 5) == std::string::npos)
    return Device{DeviceKind::Cuda, std::stoi(name.substr(5))};
  return std::nullopt;
}

std::string precisionName(Precision precision) {
  switch (precision) {
    case Precision::Float32: return "fp32";
    case Precision::BFloat16: return "bf16";
    case Precision::Float16: return "fp16";
    case Precision::Int8: return "int8";
  }
  return {};
}

std::optional<Precision> parsePrecision(const std::string& name) {
  for (Precision precision : {Precision::Float32, Precision::BFloat16, Precision::Float16, Precision::Int8})
    if (precisionName(precision) == name) return precision;
  return std::nullopt;
}

std::vector<DeviceInfo> availableDevices() {
  std::vector<DeviceInfo> devices;
  DeviceInfo cpu;
  cpu.name = "CPU";
  devices.push_back(cpu);
  for (int index = 0; index < compat::cudaDeviceCount(); ++index) {
    const auto props = compat::cudaDeviceProperties(index);
    DeviceInfo gpu;
    gpu.device = {DeviceKind::Cuda, index};
    gpu.name = props.name;
    gpu.computeMajor = props.major;
    gpu.computeMinor = props.minor;
    gpu.totalBytes = props.totalBytes;
    devices.push_back(gpu);
  }
  return devices;
}

std::string deviceProblem(const Device& device) {
  if (device.kind == DeviceKind::Cpu) return {};
  if (device.index < 0 || device.index >= compat::cudaDeviceCount()) {
    const std::string why = compat::cudaUnavailableReason();
    return "GPU " + std::to_string(device.index) + " is not available to this build" + (why.empty() ? "" : ": " + why);
  }
  // A GPU this libtorch has no code for would fail its first kernel in CUDA's
  // words ("no kernel image is available"): said first, naming the GPU.
  const auto props = compat::cudaDeviceProperties(device.index);
  static const std::vector<std::string> built = cudaArchitectures(at::show_config());
  if (std::string problem = cudaArchitectureProblem(props.name, props.major, props.minor, built); !problem.empty())
    return problem;
  // A tiny computation, for what the architectures do not tell.
  try {
    const at::Tensor ones =
        at::ones({4}, at::TensorOptions().device(at::Device(at::kCUDA, c10::DeviceIndex(device.index))));
    if ((ones * 2).sum().item<float>() == 8.0f) return {};
    return "GPU " + std::to_string(device.index) + " computes wrong results";
  } catch (const c10::Error& e) {
    return "this libtorch build cannot run on GPU " + std::to_string(device.index) + ": " +
           e.what_without_backtrace();
  }
}

std::string gpuUnavailableReason() {
  if (!COSYSTUDIO_WITH_CUDA)
    return "this is the CPU build (its libtorch has no CUDA); scripts/setup.sh on a computer with an NVIDIA GPU "
           "builds the GPU version";
  return compat::cudaUnavailableReason();
}

std::string describeGpuUse() {
  if (const std::string why = gpuUnavailableReason(); !why.empty()) return "none, " + why;
  std::string text;
  for (const DeviceInfo& info : availableDevices()) {
    if (info.device.kind != DeviceKind::Cuda) continue;
    char line[160];
    std::snprintf(line, sizeof line, "%scuda:%d %s (compute capability %d.%d, %.1f GiB)", text.empty() ? "" : "; ",
                  info.device.index, info.name.c_str(), info.computeMajor, info.computeMinor,
                  double(info.totalBytes) / double(1 << 30));
    text += line;
  }
  return text;
}

MemoryStats sampleMemory(const Device& device) {
  MemoryStats stats;
  stats.hostResident = hostResidentBytes();
  if (device.kind == DeviceKind::Cuda && device.index < compat::cudaDeviceCount()) {
    const auto memory = compat::cudaMemory(device.index);
    stats.deviceAllocated = memory.allocated;
    stats.devicePeakAllocated = memory.peakAllocated;
    stats.deviceReserved = memory.reserved;
    stats.deviceFree = memory.free;
    stats.deviceTotal = memory.total;
    stats.cudaGraphFailure = compat::cudaGraphFailure();
  }
  return stats;
}

int64_t peakResidentBytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoll(line.substr(6)) * 1024;
  return 0;
}

void releaseHostMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

}  // namespace cosystudio
