// Where the engine runs and what it costs: devices, numeric precision, the
// CPU's maths library and threads, and memory. Includes no torch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio {

enum class DeviceKind { Cpu, Cuda };

struct Device {
  DeviceKind kind = DeviceKind::Cpu;
  int index = 0;  // CUDA device ordinal
};

// "cpu" or "cuda:N".
std::string deviceName(const Device& device);
// "cpu", "cuda" (= cuda:0) or "cuda:N"; nothing for anything else.
std::optional<Device> parseDevice(const std::string& name);

// Numeric precision of the LLM and the flow estimator (the front end and HiFT
// always run in float32). Int8 is the projections of the LLM's decoder layers
// and of the flow's DiT as dynamically quantised int8 products on the CPU (the
// flow's in bf16 on a CPU with AMX: flowInt8RunsInBf16()).
enum class Precision { Float32, BFloat16, Float16, Int8 };

// On a GPU by its compute capability: bfloat16 from Ampere (8.0) on, float16
// on Volta and Turing (7.x), float32 before them and for a GPU that is not
// there. On the CPU, int8 where this libtorch has fbgemm's kernels, which need
// AVX2 (a faster LLM and flow within 1.5x of the bounds of bf16, the default of
// GPUs from Ampere on: README, "Reduced precision"), float32 elsewhere.
// (cpuBf16Pays() tells where bf16 is a faster choice on the CPU.)
// Opens no CUDA context.
Precision defaultPrecision(const Device& device);
// "fp32", "bf16", "fp16", "int8": the names the CLI, the parity tool and files use.
std::string precisionName(Precision precision);
std::optional<Precision> parsePrecision(const std::string& name);
// Empty when the networks can compute in int8 on this CPU with this build
// (fbgemm's kernels, which need AVX2); otherwise why not, in words for the user.
std::string cpuInt8Problem();
// Empty where int8's weights take all 8 bits (fbgemm's AVX-512 VNNI kernels);
// otherwise why they keep to 7 (the input keeps 8 either way): "on a CPU
// without AVX-512 VNNI", or FBGEMM_ENABLE_INSTRUCTIONS naming a lower ISA.
std::string int8SevenBitCause();
// Whether bf16 on this CPU is faster than fp32 in every part: the CPU
// multiplies bf16 natively (AVX-512 BF16, AMX) and libtorch is 2.x. Not a
// default: its kernel cache grows memory by up to 0.5 GB (docs/PERFORMANCE.md).
bool cpuBf16Pays();
// Whether int8's flow computes in bf16 on this CPU: it has AMX, whose bf16
// tiles multiply the flow's long sequences faster than fbgemm's int8 products
// (which do not use AMX), while the LLM's decode, bound by reading its weights,
// stays faster in int8 (docs/PERFORMANCE.md, "bf16's flow on AMX"). Not
// where FBGEMM_ENABLE_INSTRUCTIONS holds fbgemm below VNNI, as an AVX2 CPU.
bool flowInt8RunsInBf16();
// The CPU's default precision and why: "int8 (the LLM's and the flow's
// projections through fbgemm ...)" or
// "fp32 (int8: <why not>)". For --version, diagnostics and About.
std::string describeCpuPrecision();

struct DeviceInfo {
  Device device;
  std::string name;         // "NVIDIA GeForce RTX 4090" or "CPU"
  int computeMajor = 0;     // CUDA compute capability
  int computeMinor = 0;
  int64_t totalBytes = 0;   // device memory (CUDA only)
};

// The CPU first, then every GPU this build sees. Listing opens no CUDA
// context (and takes no memory) on any GPU; sampleMemory() gives the free
// memory of one, deviceProblem() tries one.
std::vector<DeviceInfo> availableDevices();

// Empty when this build runs on `device`; otherwise why not (a GPU newer than
// the architectures the libtorch build was compiled for, a missing GPU, a
// driver too old). Runs a small computation on that GPU, so it opens that
// GPU's CUDA context and no other; Engine::load asks it too.
std::string deviceProblem(const Device& device);

// Why this build can use no GPU at all, with what to do: a CPU build, or the
// CUDA runtime's reason (no driver, a driver too old for this build's CUDA,
// no GPU); empty when it sees a GPU.
std::string gpuUnavailableReason();
// One line for --version and diagnostics: the GPUs this build can use, or
// "none, " and the reason.
std::string describeGpuUse();

// How the CPU computes. Debian's libtorch calls whichever libblas.so.3 the
// system provides (the netlib reference BLAS unless OpenBLAS is installed);
// PyPI's libtorch carries its own.
struct CpuBackend {
  std::string blas;      // "OpenBLAS", "MKL", "reference BLAS (netlib)", ...
  std::string blasPath;  // the library file, where one is loaded
  bool blasIsSlow = false;  // the reference BLAS: 15-35x slower than OpenBLAS
  int threads = 0;       // threads now in use (for the matrix products)
  // OpenBLAS's pthread build runs the matrix products on a pool of its own:
  // libtorch's own operations then run on one thread (setCpuThreads).
  bool blasOwnThreads = false;
  int physicalCores = 0;
};
CpuBackend cpuBackend();
// "OpenBLAS (/usr/lib/.../libblas.so.3), 2 threads on 2 physical cores"
std::string describeCpuBackend(const CpuBackend& backend);

// The system this runs on, as /etc/os-release names it: "Debian GNU/Linux 13 (trixie)".
std::string operatingSystem();

// The CPU's vector and matrix instruction sets that this process can use:
// those the CPU has and the operating system keeps the registers of. Read
// with CPUID at run time; all false (and the strings empty) on a CPU other
// than x86.
struct CpuFeatures {
  std::string vendor;  // "GenuineIntel", "AuthenticAMD"
  std::string brand;   // "Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz"
  int family = 0;      // as /proc/cpuinfo's "cpu family" and "model" give them
  int model = 0;
  bool avx2 = false;
  bool avx512f = false;
  bool avx512_bf16 = false;
  bool avx512_vnni = false;
  bool avx_vnni = false;  // the VEX-encoded VNNI of CPUs without AVX-512
  bool amx_tile = false;
  bool amx_bf16 = false;
  bool amx_int8 = false;
};
CpuFeatures cpuFeatures();
// "AMD EPYC (AuthenticAMD family 25 model 1): AVX2"
std::string describeCpuFeatures(const CpuFeatures& features);

// OpenBLAS, when this process has it loaded (Debian's libtorch through the
// libblas.so.3 alternative): the kernels it chose for this CPU, and a warning
// with what to do when those are its slow ones for older CPUs although this
// CPU has AVX2 (OpenBLAS before 0.3.25 does that on Intel CPUs newer than it
// knows), or AVX-512 ones that this CPU cannot run (OPENBLAS_CORETYPE).
struct OpenBlasInfo {
  bool loaded = false;
  std::string coreName;  // "Haswell", "Zen", "SkylakeX", "Cooperlake", "Prescott", ...
  std::string config;    // "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Zen MAX_THREADS=64"
  std::string warning;   // empty, or what is slow and what to do about it
};
OpenBlasInfo openBlasInfo();
// "OpenBLAS 0.3.21, Zen kernels", or "not OpenBLAS".
std::string describeOpenBlas(const OpenBlasInfo& info);

// Sets the CPU threads: libtorch's intra-op threads, or, where OpenBLAS keeps
// a pool of its own, that pool's, with libtorch's own operations on one (the
// two pools would spin against each other); 0 means OMP_NUM_THREADS when it
// is set, else one per physical core.
void setCpuThreads(int threads);

struct MemoryStats {
  int64_t deviceAllocated = 0;  // bytes held by tensors (CUDA caching allocator)
  int64_t devicePeakAllocated = 0;  // the most held at once since the process started
  int64_t deviceReserved = 0;   // bytes the allocator keeps from the driver
  int64_t deviceFree = 0;       // free on the device as the driver reports it
  int64_t deviceTotal = 0;
  int64_t hostResident = 0;     // resident set size of this process
  // Why the engine's CUDA graphs gave way to eager runs (slower, the same
  // results): a recording failed, e.g. out of memory. Empty while they replay,
  // and where none are recorded; cleared when the model is unloaded.
  std::string cudaGraphFailure;
};

// Samples the current process and, when `device` is CUDA, that GPU.
MemoryStats sampleMemory(const Device& device);
// The highest resident set size of this process so far (the kernel's VmHWM).
int64_t peakResidentBytes();

// Hands freed host memory back to the operating system (the C library keeps
// freed blocks for reuse otherwise, so a torn-down model would still count in
// the resident set).
void releaseHostMemory();

}  // namespace cosystudio
