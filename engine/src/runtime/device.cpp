// Devices this build can use and the memory figures the UI shows.
#include "cosystudio/engine.h"

#include "core/torch_compat.h"

#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace cosystudio {

static int64_t hostResidentBytes() {
  // /proc/self/statm: size resident shared text lib data dt (in pages).
  std::ifstream statm("/proc/self/statm");
  int64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * static_cast<int64_t>(sysconf(_SC_PAGESIZE));
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
  // A tiny computation: a libtorch built without kernels for the GPU's
  // architecture fails here ("no kernel image is available").
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
  }
  return stats;
}

void releaseHostMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

}  // namespace cosystudio
