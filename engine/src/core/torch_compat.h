// The only place where differences between libtorch versions and builds are
// handled. Debian 12 ships libtorch 1.13 (CPU); GPU users bring an official
// CUDA libtorch 2.x. Code elsewhere tests the feature macros below instead of
// version numbers.
#pragma once

#include <ATen/ATen.h>
#include <torch/version.h>

// scaled_dot_product_attention appeared in libtorch 2.0; its `scale` argument,
// which the networks need, in 2.1.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 1)
#define COSYSTUDIO_HAVE_SDPA 1
#else
#define COSYSTUDIO_HAVE_SDPA 0
#endif

// COSYSTUDIO_WITH_CUDA is set by CMake when the torch_cuda target exists.
// Debian's CPU package ships c10/cuda headers that do not compile, so the
// presence of a header is not a usable test.
#ifndef COSYSTUDIO_WITH_CUDA
#define COSYSTUDIO_WITH_CUDA 0
#endif

// CUDA graphs are captured only with libtorch >= 2 in CUDA builds.
#define COSYSTUDIO_HAVE_CUDA_GRAPHS (COSYSTUDIO_WITH_CUDA && TORCH_VERSION_MAJOR >= 2)

namespace cosystudio::compat {

// softmax(q k^T * scale + mask) v, with SDPA where libtorch has it.
// q,k,v: (B, H, T, D); mask: additive float mask broadcastable to (B, H, Tq, Tk), or undefined.
inline at::Tensor attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                            const at::Tensor& mask, double scale) {
#if COSYSTUDIO_HAVE_SDPA
  return at::scaled_dot_product_attention(q, k, v, mask, 0.0, false, scale);
#else
  auto scores = at::matmul(q, k.transpose(-2, -1)) * scale;
  if (mask.defined()) scores = scores + mask;
  return at::matmul(at::softmax(scores, -1), v);
#endif
}

}  // namespace cosystudio::compat
