// Devices this build can use and the memory figures the UI shows.
#include "cosystudio/engine.h"

#include "core/torch_compat.h"

#include <malloc.h>
#include <unistd.h>

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
    const auto memory = compat::cudaMemory(index);
    DeviceInfo gpu;
    gpu.device = {DeviceKind::Cuda, index};
    gpu.name = props.name;
    gpu.computeMajor = props.major;
    gpu.computeMinor = props.minor;
    gpu.totalBytes = memory.total;
    gpu.freeBytes = memory.free;
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
