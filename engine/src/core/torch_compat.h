// The only place where differences between libtorch versions and builds are
// handled. Debian 12 ships libtorch 1.13 (CPU); GPU users bring an official
// CUDA libtorch 2.x. Code elsewhere tests the feature macros below instead of
// version numbers.
#pragma once

#include <ATen/ATen.h>
#include <torch/version.h>

#include <cstdint>
#include <optional>
#include <string>

// scaled_dot_product_attention appeared in libtorch 2.0; its `scale` argument,
// which the networks need, in 2.1.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 1)
#define COSYSTUDIO_HAVE_SDPA 1
#else
#define COSYSTUDIO_HAVE_SDPA 0
#endif

// PyTorchStreamReader::getRecord(name, dst, n), which reads a record into
// memory of the caller's size after checking it against the zip's, appeared in
// libtorch 2.0.
#define COSYSTUDIO_HAVE_SIZED_RECORD_READ (TORCH_VERSION_MAJOR >= 2)

// COSYSTUDIO_WITH_CUDA is set by CMake when the torch_cuda target exists.
// Debian's CPU package ships c10/cuda headers that do not compile, so the
// presence of a header is not a usable test.
#ifndef COSYSTUDIO_WITH_CUDA
#define COSYSTUDIO_WITH_CUDA 0
#endif

// libtorch 1.13 sends a linear layer's single input row to BLAS's gemm with
// m = 1, which OpenBLAS 0.3.21 runs 2.2-3.2x slower than its gemv (LLM decode:
// docs/PERFORMANCE.md, "LLM decode on the CPU: one row, one gemv"); 2.x
// picks gemv itself.
#define COSYSTUDIO_ROW_LINEAR_NEEDS_GEMV (TORCH_VERSION_MAJOR < 2)

// bf16 on a CPU with native bf16 products (AVX-512 BF16, AMX) was measured
// faster than fp32 in every part with libtorch 2.11's oneDNN (first streamed
// audio 3.0x sooner, LLM decode 2.6x: docs/PERFORMANCE.md, "The precision in
// the engine"); 1.13's bf16 decodes at 0.57x of its fp32 on the same CPU.
#define COSYSTUDIO_CPU_BF16_PAYS (TORCH_VERSION_MAJOR >= 2)

// CUDA graphs are captured only with libtorch >= 2 in CUDA builds.
#define COSYSTUDIO_HAVE_CUDA_GRAPHS (COSYSTUDIO_WITH_CUDA && TORCH_VERSION_MAJOR >= 2)

#if COSYSTUDIO_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>
#endif

namespace cosystudio::compat {

// softmax(q k^T * scale + mask) v written out: what libtorch < 2.1 runs.
inline at::Tensor attentionByFormula(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                     const at::Tensor& mask, double scale) {
  auto scores = at::matmul(q, k.transpose(-2, -1)) * scale;
  if (mask.defined()) scores = scores + mask;
  return at::matmul(at::softmax(scores, -1), v);
}

// softmax(q k^T * scale + mask) v, with SDPA where libtorch has it.
// q,k,v: (B, H, T, D); mask: additive float mask broadcastable to (B, H, Tq, Tk), or undefined.
inline at::Tensor attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                            const at::Tensor& mask, double scale) {
#if COSYSTUDIO_HAVE_SDPA
  // An undefined tensor inside the optional is refused ("attn_mask dtype ... uninitialized").
  const std::optional<at::Tensor> attnMask = mask.defined() ? std::optional<at::Tensor>(mask) : std::nullopt;
  return at::scaled_dot_product_attention(q, k, v, attnMask, 0.0, false, scale);
#else
  return attentionByFormula(q, k, v, mask, scale);
#endif
}

// at::linear(x, weight, bias), with a float32 single row on the CPU given to
// gemv where libtorch would not. Not the same bits as gemm: another order of
// the same float32 sums.
inline at::Tensor linear(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias = {}) {
#if COSYSTUDIO_ROW_LINEAR_NEEDS_GEMV
  if (x.numel() == x.size(-1) && x.device().is_cpu() && x.scalar_type() == at::kFloat &&
      weight.scalar_type() == at::kFloat) {
    auto shape = x.sizes().vec();
    shape.back() = weight.size(0);
    const auto row = x.reshape({x.size(-1)});
    return (bias.defined() ? at::addmv(bias, weight, row) : at::mv(weight, row)).view(shape);
  }
#endif
  return at::linear(x, weight, bias);
}

struct CudaMemory {
  int64_t allocated = 0;  // held by tensors
  int64_t peakAllocated = 0;  // the most held at once since the process started
  int64_t reserved = 0;   // cached by the allocator
  int64_t free = 0;       // free on the device (driver view)
  int64_t total = 0;
};

inline int cudaDeviceCount() {
#if COSYSTUDIO_WITH_CUDA
  return static_cast<int>(at::cuda::device_count());
#else
  return 0;
#endif
}

// libtorch sets up its CUDA state (the caching allocator among it) lazily, on
// the first CUDA tensor; reading the allocator's statistics before that throws
// "Invalid device argument: did you call init?". Every reader below calls this
// first. It creates no context on any GPU.
inline void initCuda() {
#if COSYSTUDIO_WITH_CUDA
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 6)
  at::globalContext().lazyInitDevice(c10::DeviceType::CUDA);
#else
  at::globalContext().lazyInitCUDA();
#endif
#endif
}

// float32 means float32: cuBLAS and cuDNN otherwise compute float32 matmuls
// and convolutions in TF32 (10-bit mantissa) on Ampere and newer, which moves
// the LLM's log-probs enough to flip sampled speech tokens. libtorch allows
// TF32 for cuDNN convolutions by default; nothing in the engine wants it.
inline void requireExactFloat32() {
  at::globalContext().setAllowTF32CuBLAS(false);
  at::globalContext().setAllowTF32CuDNN(false);
}

// The memory figures of GPU `device`. Asking the driver for free memory needs
// that device's CUDA context: call it for the GPU in use only.
inline CudaMemory cudaMemory([[maybe_unused]] int device) {
  CudaMemory memory;
#if COSYSTUDIO_WITH_CUDA
  if (device < 0 || device >= cudaDeviceCount()) return memory;  // the allocator throws for a missing device
  initCuda();
  // Index 0 of each stat array is the aggregate over pool types, in 1.x and 2.x.
  const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device);
  memory.allocated = stats.allocated_bytes[0].current;
  memory.peakAllocated = stats.allocated_bytes[0].peak;
  memory.reserved = stats.reserved_bytes[0].current;
  const c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
  size_t freeBytes = 0, totalBytes = 0;
  if (cudaMemGetInfo(&freeBytes, &totalBytes) == cudaSuccess) {
    memory.free = static_cast<int64_t>(freeBytes);
    memory.total = static_cast<int64_t>(totalBytes);
  }
#endif
  return memory;
}

// Waits for GPU `device` (-1: none, the CPU) and hands the allocator's cached
// blocks back to the driver. The wait is for that device: a synchronise on
// the current device alone would free blocks another GPU's kernels still use.
inline void releaseCudaCache([[maybe_unused]] int device) {
#if COSYSTUDIO_WITH_CUDA
  if (device < 0 || device >= cudaDeviceCount()) return;
  initCuda();
  const c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
  cudaDeviceSynchronize();
  c10::cuda::CUDACachingAllocator::emptyCache();
#endif
}

// releaseCudaCache, and before it libtorch's cuBLAS workspaces: it keeps one
// per cuBLAS handle and stream, counted as allocated, until
// clearCublasWorkspaces() (in every CUDA libtorch since 1.13). Only once no
// CUDA graph is left, since a graph replays on the workspace it was recorded
// with: when the model has gone.
inline void releaseCudaCacheAndWorkspaces([[maybe_unused]] int device) {
#if COSYSTUDIO_WITH_CUDA
  if (device < 0 || device >= cudaDeviceCount()) return;
  {
    const c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device));
    cudaDeviceSynchronize();  // no kernel may still use a workspace
  }
  at::cuda::clearCublasWorkspaces();
#endif
  releaseCudaCache(device);
}

struct CudaDeviceProperties {
  std::string name;
  int major = 0;
  int minor = 0;
  int64_t totalBytes = 0;
};

// Read by the runtime without creating a context on the device; empty for a
// GPU that is not there (asking the runtime would leave its error behind for
// libtorch's next kernel-launch check to report).
inline CudaDeviceProperties cudaDeviceProperties([[maybe_unused]] int device) {
#if COSYSTUDIO_WITH_CUDA
  if (device < 0 || device >= cudaDeviceCount()) return {};
  cudaDeviceProp props{};
  if (cudaGetDeviceProperties(&props, device) != cudaSuccess) return {};
  return {props.name, props.major, props.minor, static_cast<int64_t>(props.totalGlobalMem)};
#else
  return {};
#endif
}

// Why a CUDA build sees no GPU, in the CUDA runtime's words, with the CUDA
// versions of the driver and of this build when the driver is too old for it;
// empty when it sees one or is no CUDA build. Creates no context.
inline std::string cudaUnavailableReason() {
#if COSYSTUDIO_WITH_CUDA
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaSuccess && count > 0) return {};
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  const auto version = [](int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); };
  if (driver == 0)
    return std::string("no NVIDIA driver is installed (CUDA reports: ") + cudaGetErrorString(status) + ")";
  if (status == cudaErrorInsufficientDriver || driver < runtime)
    return "the NVIDIA driver supports CUDA " + version(driver) + ", this build needs CUDA " + version(runtime) +
           ": update the driver, or run scripts/setup.sh again, which picks the libtorch that fits the driver";
  if (status == cudaSuccess) return "the NVIDIA driver lists no GPU";
  return std::string("CUDA reports: ") + cudaGetErrorString(status);
#else
  return {};
#endif
}

}  // namespace cosystudio::compat
