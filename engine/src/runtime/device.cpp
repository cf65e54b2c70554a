// Devices this build can use and the memory figures the UI shows.
#include "cosystudio/engine.h"

#include "core/torch_compat.h"

#include <malloc.h>
#include <unistd.h>

#include <fstream>

namespace cosystudio {

// Runs a tiny computation on the GPU: a libtorch built without kernels for
// the device's architecture fails here ("no kernel image is available").
static std::string cudaProblem(int index) {
  try {
    const at::Tensor ones = at::ones({4}, at::TensorOptions().device(at::Device(at::kCUDA, c10::DeviceIndex(index))));
    if ((ones * 2).sum().item<float>() == 8.0f) return {};
    return "computes wrong results";
  } catch (const c10::Error& e) {
    return std::string("this libtorch build cannot run on it: ") + e.what_without_backtrace();
  }
}

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
    const auto memory = compat::cudaMemory(index);
    DeviceInfo gpu;
    gpu.device = {DeviceKind::Cuda, index};
    gpu.name = props.name;
    gpu.computeMajor = props.major;
    gpu.computeMinor = props.minor;
    gpu.totalBytes = memory.total;
    gpu.freeBytes = memory.free;
    gpu.problem = cudaProblem(index);
    devices.push_back(gpu);
  }
  return devices;
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
