// Both sides of core/torch_compat.h: whichever libtorch this is built
// against, its branch is checked against an independent computation, and the
// feature macros against what libtorch says of itself.
#include "core/cuda_graphs.h"
#include "core/torch_compat.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <thread>
#include <vector>

namespace {

using cosystudio::compat::attention;
using cosystudio::compat::attentionByFormula;

// Attention by explicit loops in double precision, with no matmul or softmax
// kernel in common with either path under test.
at::Tensor attentionByLoops(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const at::Tensor& mask,
                            double scale) {
  const auto qa = q.to(at::kDouble).contiguous(), ka = k.to(at::kDouble).contiguous(),
             va = v.to(at::kDouble).contiguous(), ma = mask.to(at::kDouble).contiguous();
  const int64_t heads = q.size(1), tq = q.size(2), tk = k.size(2), d = q.size(3);
  auto out = at::zeros({1, heads, tq, d}, at::kDouble);
  auto Q = qa.accessor<double, 4>(), K = ka.accessor<double, 4>(), V = va.accessor<double, 4>();
  auto M = ma.accessor<double, 4>();
  auto O = out.accessor<double, 4>();
  for (int64_t h = 0; h < heads; ++h)
    for (int64_t i = 0; i < tq; ++i) {
      std::vector<double> weights(tk);
      double top = -INFINITY;
      for (int64_t j = 0; j < tk; ++j) {
        double dot = 0;
        for (int64_t c = 0; c < d; ++c) dot += Q[0][h][i][c] * K[0][h][j][c];
        weights[j] = dot * scale + M[0][0][i][j];
        top = std::max(top, weights[j]);
      }
      double sum = 0;
      for (double& w : weights) sum += (w = std::exp(w - top));
      for (int64_t j = 0; j < tk; ++j)
        for (int64_t c = 0; c < d; ++c) O[0][h][i][c] += weights[j] / sum * V[0][h][j][c];
    }
  return out.to(at::kFloat);
}

struct AttentionInputs {
  at::Tensor q, k, v, mask;
};

AttentionInputs inputs() {
  at::manual_seed(1);
  AttentionInputs in{at::randn({1, 2, 5, 8}), at::randn({1, 2, 7, 8}), at::randn({1, 2, 7, 8}),
                     at::zeros({1, 1, 5, 7})};
  in.mask.index_put_({0, 0, 0, 6}, -1e9);  // a masked key, as the networks' causal masks make
  in.mask.index_put_({0, 0, 3, 2}, -0.7);  // and an additive bias
  return in;
}

// float32 against double: 5 terms of 8-element dot products, measured max
// error 2e-7; 1e-5 leaves room for other BLAS summation orders.
constexpr double kFloat32Tolerance = 1e-5;

TEST(TorchCompat, AttentionMatchesLoops) {
  const auto in = inputs();
  const double scale = 0.3;  // not 1/sqrt(d): the scale argument must be honoured
  const auto expected = attentionByLoops(in.q, in.k, in.v, in.mask, scale);
  EXPECT_TRUE(at::allclose(attention(in.q, in.k, in.v, in.mask, scale), expected, 0, kFloat32Tolerance));
}

TEST(TorchCompat, FormulaFallbackMatchesLoops) {
  const auto in = inputs();
  const auto expected = attentionByLoops(in.q, in.k, in.v, in.mask, 0.3);
  EXPECT_TRUE(at::allclose(attentionByFormula(in.q, in.k, in.v, in.mask, 0.3), expected, 0, kFloat32Tolerance));
}

TEST(TorchCompat, AttentionWithoutMaskIsUnbiased) {
  const auto in = inputs();
  const auto expected = attentionByLoops(in.q, in.k, in.v, at::zeros({1, 1, 5, 7}), 0.25);
  EXPECT_TRUE(at::allclose(attention(in.q, in.k, in.v, at::Tensor(), 0.25), expected, 0, kFloat32Tolerance));
}

// A linear layer against double-precision dot products, for one row (gemv
// on 1.13) and several (gemm everywhere), with and without a bias, in the
// shapes the LLM gives it ([1, 1, in] in decode, [1, t, in] in prefill).
TEST(TorchCompat, LinearMatchesDoublePrecisionForOneRowAndMany) {
  at::manual_seed(2);
  const auto weight = at::randn({48, 96}), bias = at::randn({48});
  for (const int64_t rows : {1, 5}) {
    const auto x = at::randn({1, rows, 96});
    for (const bool withBias : {false, true}) {
      auto expected = at::matmul(x.to(at::kDouble), weight.to(at::kDouble).t());
      if (withBias) expected = expected + bias.to(at::kDouble);
      const auto y = cosystudio::compat::linear(x, weight, withBias ? bias : at::Tensor());
      ASSERT_EQ(y.sizes(), (at::IntArrayRef{1, rows, 48}));
      // 96-term float32 dot products of N(0,1) values, up to about 30: measured max
      // error 1.7e-6 for one row and 1.1e-5 for five (OpenBLAS sgemm, 1.13).
      EXPECT_TRUE(at::allclose(y.to(at::kDouble), expected, 0, 1e-4)) << rows << " rows, bias " << withBias;
    }
  }
}

TEST(TorchCompat, SdpaMacroFollowsTheVersion) {
  const bool atLeast21 = TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 1);
  EXPECT_EQ(COSYSTUDIO_HAVE_SDPA, atLeast21 ? 1 : 0);
}

// COSYSTUDIO_WITH_CUDA comes from CMake: the torch_cuda target, unless the
// build links libtorch's CPU half alone (COSYSTUDIO_TORCH_CPU_ONLY). It must
// agree with what this process runs: a libtorch built with CUDA (its build
// settings) whose CUDA half is loaded.
TEST(TorchCompat, CudaMacroMatchesLibtorchsBuild) {
  const std::string config = at::show_config();
  const bool libtorchHasCuda = config.find("USE_CUDA=ON") != std::string::npos ||
                               config.find("USE_CUDA=1") != std::string::npos;
  void* cudaHalf = dlopen("libtorch_cuda.so", RTLD_NOW | RTLD_NOLOAD);  // only if already loaded
  const bool cudaHalfLoaded = cudaHalf != nullptr;
  if (cudaHalf) dlclose(cudaHalf);
  EXPECT_EQ(COSYSTUDIO_WITH_CUDA != 0, libtorchHasCuda && cudaHalfLoaded) << config;
}

TEST(TorchCompat, NoGpuMeansNoDeviceAndNoFigures) {
  if (at::hasCUDA()) GTEST_SKIP() << "a CUDA GPU is present; GpuMemoryFiguresFollowAllocations covers it";
  EXPECT_EQ(cosystudio::compat::cudaDeviceCount(), 0);
  cosystudio::compat::releaseCudaCache(0);  // must be a no-op, not an error
  const auto memory = cosystudio::compat::cudaMemory(0);
  EXPECT_EQ(memory.allocated, 0);
  EXPECT_EQ(memory.total, 0);
}

TEST(TorchCompat, GpuMemoryFiguresFollowAllocations) {
  if (!COSYSTUDIO_WITH_CUDA) GTEST_SKIP() << "needs a CUDA build (this libtorch is CPU only)";
  if (cosystudio::compat::cudaDeviceCount() == 0) GTEST_SKIP() << "needs a CUDA GPU (none is present)";
  // Statistics first, before any CUDA tensor exists: the order a Settings
  // dialog opened at start-up meets.
  const auto before = cosystudio::compat::cudaMemory(0);
  EXPECT_GT(before.total, 0);
  {
    const auto block = at::empty({64 << 20}, at::TensorOptions().dtype(at::kByte).device(at::kCUDA, 0));
    const auto held = cosystudio::compat::cudaMemory(0);
    EXPECT_GE(held.allocated - before.allocated, int64_t(64) << 20);
    EXPECT_GE(held.peakAllocated, held.allocated);
    EXPECT_GT(held.total, 0);
    EXPECT_FALSE(cosystudio::compat::cudaDeviceProperties(0).name.empty());
  }
  cosystudio::compat::releaseCudaCache(0);
  const auto after = cosystudio::compat::cudaMemory(0);
  EXPECT_EQ(after.allocated, before.allocated);
  EXPECT_LE(after.reserved, before.reserved);
}

// A CUDA build that sees no GPU says why in the runtime's words; a CPU build
// and a CUDA build with a GPU say nothing.
TEST(TorchCompat, ACudaBuildWithoutAGpuSaysWhy) {
  const std::string reason = cosystudio::compat::cudaUnavailableReason();
  if (!COSYSTUDIO_WITH_CUDA || cosystudio::compat::cudaDeviceCount() > 0) {
    EXPECT_EQ(reason, "");
    return;
  }
  EXPECT_NE(reason, "");
  EXPECT_TRUE(reason.find("driver") != std::string::npos || reason.find("CUDA reports") != std::string::npos) << reason;
}

// Why a test of CUDA graphs cannot run here, or nothing.
std::string noCudaGraphs() {
  if (!COSYSTUDIO_HAVE_CUDA_GRAPHS) return "needs a CUDA build with graphs (libtorch 2.x)";
  if (cosystudio::compat::cudaDeviceCount() == 0) return "needs a CUDA GPU (none is present)";
  return {};
}

// A recording that runs out of memory gives way to eager runs: the result is
// still right, the reason is kept for the user (MemoryStats), and what the
// recording took of its memory pool goes back to the driver.
TEST(TorchCompat, GraphRecordingThatRunsOutOfMemoryRunsEagerlyAndSaysWhy) {
  if (const std::string why = noCudaGraphs(); !why.empty()) GTEST_SKIP() << why;
  using cosystudio::compat::cudaMemory;
  cosystudio::compat::setCudaGraphFailure({});
  const at::Device gpu(at::kCUDA, 0);
  const auto input = at::arange(8, at::TensorOptions(at::kFloat).device(gpu));
  const auto expected = (input * 2).cpu();
  int calls = 0;
  cosystudio::compat::GraphedSteps steps("a test step");
  const auto compute = [&] {
    if (++calls == 2) {  // the recording: 64 MiB of its pool, then more than the GPU has
      const auto scratch = at::empty({int64_t(64) << 20}, at::TensorOptions(at::kByte).device(gpu));
      at::empty({cudaMemory(0).total * 2}, at::TensorOptions(at::kByte).device(gpu));
    }
    return input * 2;
  };
  ASSERT_TRUE(at::equal(steps.run(0, gpu, compute).cpu(), expected));  // warm-up
  const int64_t reserved = cudaMemory(0).reserved;
  EXPECT_TRUE(at::equal(steps.run(0, gpu, compute).cpu(), expected));
  EXPECT_EQ(calls, 3);  // warm-up, the failed recording, the eager run
  EXPECT_FALSE(steps.replays(gpu));
  const std::string failure = cosystudio::compat::cudaGraphFailure();
  EXPECT_NE(failure.find("a test step runs eagerly"), std::string::npos) << failure;
  EXPECT_NE(failure.find("out of memory"), std::string::npos) << failure;
  EXPECT_LE(cudaMemory(0).reserved, reserved);
  EXPECT_TRUE(at::equal(steps.run(0, gpu, compute).cpu(), expected));
  EXPECT_EQ(calls, 4);
  cosystudio::compat::setCudaGraphFailure({});
}

// Another thread's CUDA calls during a recording (the window samples memory
// and tries GPUs on its own thread) neither fail nor break the recording.
TEST(TorchCompat, GraphRecordingIsSafeFromOtherThreadsCudaCalls) {
  if (const std::string why = noCudaGraphs(); !why.empty()) GTEST_SKIP() << why;
  cosystudio::compat::setCudaGraphFailure({});
  const at::Device gpu(at::kCUDA, 0);
  const auto input = at::arange(8, at::TensorOptions(at::kFloat).device(gpu));
  const auto expected = (input * 2).cpu();
  int calls = 0;
  std::string otherThread = "did not run";
  cosystudio::compat::GraphedSteps steps("a test step");
  const auto compute = [&] {
    if (++calls == 2)  // the recording
      std::thread([&] {
        try {
          const auto memory = cosystudio::compat::cudaMemory(0);
          // A size of its own: a new block from the driver, kernels, a copy back.
          const float sum = (at::ones({(int64_t(5) << 20) + 3}, gpu) * 2).sum().item<float>();
          otherThread = memory.total > 0 && sum > 0 ? "" : "wrong figures";
        } catch (const std::exception& error) {
          otherThread = error.what();
        }
      }).join();
    return input * 2;
  };
  for (int run = 0; run < 3; ++run) ASSERT_TRUE(at::equal(steps.run(0, gpu, compute).cpu(), expected)) << run;
  EXPECT_EQ(otherThread, "");
  EXPECT_TRUE(steps.replays(gpu)) << cosystudio::compat::cudaGraphFailure();
  EXPECT_EQ(calls, 2);  // the third run replayed the graph
}

// float32 on CUDA is float32: TF32 is off for cuBLAS and for cuDNN (where
// libtorch allows it by default) once the engine has loaded a model.
TEST(TorchCompat, ExactFloat32TurnsTf32Off) {
  cosystudio::compat::requireExactFloat32();
  EXPECT_FALSE(at::globalContext().allowTF32CuBLAS());
  EXPECT_FALSE(at::globalContext().allowTF32CuDNN());
}

}  // namespace
