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

inline CudaMemory cudaMemory([[maybe_unused]] int device) {
  CudaMemory memory;
#if COSYSTUDIO_WITH_CUDA
  if (device < 0 || device >= cudaDeviceCount()) return memory;  // the allocator throws for a missing device
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

// Waits for the device and hands the allocator's cached blocks back to the driver.
inline void releaseCudaCache() {
#if COSYSTUDIO_WITH_CUDA
  if (cudaDeviceCount() > 0) {
    cudaDeviceSynchronize();
    c10::cuda::CUDACachingAllocator::emptyCache();
  }
#endif
}

struct CudaDeviceProperties {
  std::string name;
  int major = 0;
  int minor = 0;
};

inline CudaDeviceProperties cudaDeviceProperties([[maybe_unused]] int device) {
#if COSYSTUDIO_WITH_CUDA
  const cudaDeviceProp* props = at::cuda::getDeviceProperties(device);
  return {props->name, props->major, props->minor};
#else
  return {};
#endif
}

}  // namespace cosystudio::compat
