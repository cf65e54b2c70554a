// bf16 weights packed once for oneDNN (Linear::packForOneDnn, what the flow's
// DiT does in bf16 on a CPU): oneDNN's products, as libtorch's own linear
// layer runs them, without copying the weight into oneDNN's layout at every
// call; the sums are accumulated in float32 in another order (the whole solve:
// FlowSolver.ABf16CpuSolveRunsAtItsShapeBucket). Where packing does not run, the
// reason is the libtorch or the CPU.
#include "core/linear.h"
#include "cosystudio/runtime.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <gtest/gtest.h>

#include <cmath>
#include <utility>

using namespace cosystudio;

namespace {

bool libtorchHasOneDnnLinear() {
  auto& dispatcher = c10::Dispatcher::singleton();
  return dispatcher.findSchema({"mkldnn::_linear_pointwise", ""}).has_value() &&
         dispatcher.findSchema({"mkldnn::_reorder_linear_weight", ""}).has_value();
}

}  // namespace

// A libtorch with oneDNN's linear operators on an AVX-512 CPU packs; only
// libtorch builds without them (Debian's 1.13) or older CPUs do not.
TEST(OneDnnLinear, PacksWhereLibtorchAndTheCpuCan) {
  if (!oneDnnPacksBf16())
    EXPECT_TRUE(!libtorchHasOneDnnLinear() || !cpuFeatures().avx512f)
        << "libtorch has oneDNN's linear operators and the CPU AVX-512, yet packing failed";
}

// The DiT's shapes, scaled down, and a long sequence's rows. Each output is the
// layer's own within one bf16 rounding of the size of its terms, sum |x|·|w| + |b|
// (measured 0.00094 of it at worst over these and the DiT's full shapes, with
// 1 to 960 rows; bf16's rounding step is 0.0039): the float32 sums are
// accumulated in another order, then rounded to bf16 as before. A wrong
// weight, bias or layout would be off by the whole size.
TEST(OneDnnLinear, APackedWeightGivesTheLayersOwnProduct) {
  if (!oneDnnPacksBf16()) return;  // PacksWhereLibtorchAndTheCpuCan says why
  at::manual_seed(5);
  for (const auto& [out, in] : {std::pair<int64_t, int64_t>{192, 64}, {1536, 512}, {512, 1024}}) {
    for (const bool withBias : {false, true}) {
      const auto weight = (at::randn({out, in}) * 0.05).to(at::kBFloat16);
      const auto bias = withBias ? (at::randn({out}) * 0.05).to(at::kBFloat16) : at::zeros({out}, at::kBFloat16);
      const Linear plain(weight, withBias ? bias : at::Tensor());
      Linear packed(weight, withBias ? bias : at::Tensor());
      packed.packForOneDnn();
      for (const int64_t rows : {1, 37, 480}) {
        const auto x = at::randn({2, rows, in}).to(at::kBFloat16);
        const auto size = at::matmul(x.to(at::kFloat).abs(), weight.to(at::kFloat).abs().t()) + bias.to(at::kFloat).abs();
        const auto gap = (packed(x).to(at::kFloat) - plain(x).to(at::kFloat)).abs();
        EXPECT_TRUE((gap <= size * std::ldexp(1.0, -8)).all().item<bool>())
            << out << "x" << in << ", " << rows << " rows, bias " << withBias << ": "
            << (gap / size).max().item<double>() << " of the terms' size";
      }
    }
  }
}
