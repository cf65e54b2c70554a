// Which BLAS libtorch calls on the CPU, and how many threads it uses.
#include "cosystudio/runtime.h"

#include <ATen/Parallel.h>
#include <ATen/Version.h>

#include <dlfcn.h>

#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <utility>

namespace cosystudio {

// Distinct (package, core) pairs in sysfs: hyper-threads share a core, and
// intra-op parallelism gains nothing from the second thread of a core.
static int countPhysicalCores() {
  std::set<std::pair<std::string, std::string>> cores;
  for (unsigned cpu = 0;; ++cpu) {
    const std::string topology = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
    std::ifstream package(topology + "physical_package_id"), core(topology + "core_id");
    if (!package || !core) break;
    std::string packageId, coreId;
    package >> packageId;
    core >> coreId;
    cores.emplace(packageId, coreId);
  }
  if (!cores.empty()) return static_cast<int>(cores.size());
  return std::max(1u, std::thread::hardware_concurrency());
}

// "BLAS_INFO=mkl" in libtorch's build settings.
static std::string builtInBlas() {
  const std::string config = at::show_config();
  const std::string key = "BLAS_INFO=";
  const auto start = config.find(key);
  if (start == std::string::npos) return {};
  const auto end = config.find_first_of(", \n", start + key.size());
  return config.substr(start + key.size(), end - start - key.size());
}

// The file that provides sgemm_ in this process, with symbolic links resolved
// (Debian chooses between BLAS implementations with alternatives links).
static std::string loadedBlasFile() {
  void* symbol = dlsym(RTLD_DEFAULT, "sgemm_");
  Dl_info info{};
  if (symbol == nullptr || dladdr(symbol, &info) == 0 || info.dli_fname == nullptr) return {};
  std::error_code error;
  const auto resolved = std::filesystem::canonical(info.dli_fname, error);
  return error ? std::string(info.dli_fname) : resolved.string();
}

namespace {

// OpenBLAS's own thread pool (its pthread build), found at run time: the
// engine does not link OpenBLAS, libtorch reaches it through libblas.so.3.
struct OpenBlasThreads {
  void (*set)(int) = nullptr;
  int (*get)() = nullptr;
  bool ownPool = false;  // openblas_get_parallel() == 1: pthreads, not OpenMP
};

OpenBlasThreads openBlasThreads() {
  OpenBlasThreads blas;
  blas.set = reinterpret_cast<void (*)(int)>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
  blas.get = reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
  const auto parallel = reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "openblas_get_parallel"));
  blas.ownPool = blas.set && blas.get && parallel && parallel() == 1;
  return blas;
}

}  // namespace

CpuBackend cpuBackend() {
  CpuBackend backend;
  const OpenBlasThreads blas = openBlasThreads();
  backend.blasOwnThreads = blas.ownPool;
  backend.threads = blas.ownPool ? blas.get() : at::get_num_threads();
  backend.physicalCores = countPhysicalCores();
  const std::string builtIn = builtInBlas();
  const std::string file = loadedBlasFile();
  const bool fromLibtorch = file.find("libtorch") != std::string::npos;
  if (builtIn == "mkl" && (file.empty() || fromLibtorch)) {
    backend.blas = "MKL (inside libtorch)";
  } else if (file.find("openblas") != std::string::npos) {
    backend.blas = "OpenBLAS";
  } else if (file.find("blis") != std::string::npos) {
    backend.blas = "BLIS";
  } else if (file.find("atlas") != std::string::npos) {
    backend.blas = "ATLAS";
  } else if (file.find("mkl") != std::string::npos) {
    backend.blas = "MKL";
  } else if (file.find("/blas/") != std::string::npos) {
    backend.blas = "reference BLAS (netlib)";
    backend.blasIsSlow = true;
  } else {
    backend.blas = builtIn.empty() ? "unknown BLAS" : builtIn;
  }
  if (!fromLibtorch) backend.blasPath = file;
  return backend;
}

std::string describeCpuBackend(const CpuBackend& backend) {
  std::string text = backend.blas;
  if (!backend.blasPath.empty()) text += " (" + backend.blasPath + ")";
  if (backend.blasIsSlow) text += ", slow: install libopenblas0-pthread";
  text += ", " + std::to_string(backend.threads) + (backend.threads == 1 ? " thread" : " threads") + " on " +
          std::to_string(backend.physicalCores) + (backend.physicalCores == 1 ? " physical core" : " physical cores");
  if (backend.blasOwnThreads && backend.threads > 1) text += " (OpenBLAS's; libtorch's own work on 1)";
  return text;
}

// OMP_NUM_THREADS, the usual way to cap an OpenMP program, or 0.
static int threadsFromEnvironment() {
  const char* value = std::getenv("OMP_NUM_THREADS");
  if (value == nullptr) return 0;
  char* end = nullptr;
  const long threads = std::strtol(value, &end, 10);
  return end != value && *end == '\0' && threads > 0 && threads <= 1024 ? static_cast<int>(threads) : 0;
}

void setCpuThreads(int threads) {
  if (threads <= 0) threads = threadsFromEnvironment();
  if (threads <= 0) threads = countPhysicalCores();
  // OpenBLAS's pthread build keeps a pool of its own that libtorch's setting
  // does not reach when libtorch was built against the generic BLAS API.
  const OpenBlasThreads blas = openBlasThreads();
  if (blas.set) blas.set(threads);
  // Beside that pool, libtorch's OpenMP workers spin between parallel regions
  // and take the cores OpenBLAS's threads need (2 threads were slower than 1):
  // the matrix products get the threads, libtorch's own operations one.
  // Measured in docs/PERFORMANCE.md ("Threads with OpenBLAS").
  at::set_num_threads(blas.ownPool ? 1 : threads);
}

}  // namespace cosystudio
