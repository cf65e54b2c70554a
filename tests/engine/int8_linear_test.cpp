// The int8 precision: the LLM's and the DiT's projections as fbgemm's dynamically quantised
// products where this libtorch has them, and a refusal that says why where it
// has not (Debian's libtorch 1.13).
#include "core/linear.h"
#include "pipeline/model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

using namespace cosystudio;

namespace {

bool int8Runs() { return cpuInt8Problem().empty(); }

}  // namespace

// Shapes the LLM gives a projection: one decode row, and a prefill of several,
// with and without a bias.
TEST(Int8Linear, FollowsTheFloatLayerWithinItsQuantisationError) {
  if (!int8Runs()) GTEST_SKIP() << "no int8 here: " << cpuInt8Problem();
  at::manual_seed(3);
  const auto weight = at::randn({64, 96}) * 0.02, bias = at::randn({64}) * 0.02;
  for (const bool withBias : {false, true}) {
    const Linear exact(weight, withBias ? bias : at::Tensor());
    Linear quantised(weight, withBias ? bias : at::Tensor());
    quantised.quantize();
    for (const int64_t rows : {1, 7}) {
      const auto x = at::randn({1, rows, 96});
      const auto expected = exact(x), got = quantised(x);
      ASSERT_EQ(got.sizes(), expected.sizes());
      EXPECT_EQ(got.scalar_type(), at::kFloat);
      // Weights to 7 or 8 bits per row and the input to 8 bits per call:
      // measured 2.2 % of the output's largest magnitude at worst over the
      // LLM's and the DiT's shapes on AVX2 with Gaussian inputs such as these
      // (docs/PERFORMANCE.md, "int8 on AVX2: which side keeps 7 bits"); a
      // layer that ignored its weight or bias would be off by the whole range.
      const double error = (got - expected).abs().max().item<double>();
      const double scale = expected.abs().max().item<double>();
      EXPECT_LT(error, 0.05 * scale) << rows << " rows, bias " << withBias;
      EXPECT_GT(error, 0.0) << "quantised products are not exact: the float path ran";
    }
  }
}

// Both networks' projections are int8 products between float32 activations
// (the flow's mel against its bound: FlowDecoder.Int8ProjectionsKeepTheMelWithinItsBound),
// but for the flow on a CPU with AMX, which computes in bf16 there, as
// --version says.
TEST(Int8Linear, QuantisesBothNetworksButTheFlowOnAmx) {
  if (!int8Runs()) GTEST_SKIP() << "no int8 here: " << cpuInt8Problem();
  const auto llm = networkNumerics(Precision::Int8, at::kCPU, ReducedNetwork::Llm);
  EXPECT_TRUE(llm.int8Linears);
  EXPECT_EQ(llm.dtype, at::kFloat);
  const auto flow = networkNumerics(Precision::Int8, at::kCPU, ReducedNetwork::Flow);
  EXPECT_EQ(flow.int8Linears, !flowInt8RunsInBf16());
  EXPECT_EQ(flow.dtype, flowInt8RunsInBf16() ? at::kBFloat16 : at::kFloat);
  EXPECT_EQ(flowInt8RunsInBf16(), cpuBf16Pays() && cpuFeatures().amx_bf16 && int8SevenBitCause().empty());
  if (flowInt8RunsInBf16())
    EXPECT_NE(describeCpuPrecision().find("the flow in bf16 on AMX"), std::string::npos) << describeCpuPrecision();
}

// Two products of a full 8-bit input and the largest weights, summed: where
// fbgemm adds such pairs into a saturating 16-bit sum (AVX2), 8-bit weights
// would clip every pair at 32767 (2 x 255 x 127 = 64770) and the output at
// about half its value; the weights at 7 bits keep the sum exact. Each
// output is the sum of 64 equal products, so only rounding remains (measured
// below 1 % of it).
TEST(Int8Linear, TheLargestProductsDoNotSaturate) {
  if (!int8Runs()) GTEST_SKIP() << "no int8 here: " << cpuInt8Problem();
  const auto weight = at::cat({at::full({4, 64}, 0.5), at::full({4, 64}, -0.5)});
  const Linear exact(weight);
  Linear quantised(weight);
  quantised.quantize();
  auto x = at::full({1, 3, 64}, 2.0);
  x[0][0][0] = -2.0;  // the input's range is [-2, 2]: 2 is its top level, 255
  const auto expected = exact(x), got = quantised(x);
  const double scale = expected.abs().max().item<double>();
  EXPECT_LT((got - expected).abs().max().item<double>(), 0.02 * scale)
      << "weights at " << int8WeightLevels() << " levels; got " << got << " for " << expected;
}

// --version, About and diagnostics name the precision the CPU gets, and the
// weights' bits where they are 7.
TEST(Int8Linear, TheCpuDefaultIsTheOneDescribed) {
  const std::string described = describeCpuPrecision();
  EXPECT_EQ(described.rfind(precisionName(defaultPrecision(Device{})) + " (", 0), 0u) << described;
  if (defaultPrecision(Device{}) == Precision::Int8 && !int8SevenBitCause().empty())
    EXPECT_NE(described.find("7-bit weights"), std::string::npos) << described;
}

// A CPU with fbgemm's kernels (AVX2 and up) on a libtorch with fbgemm gets int8
// by default: a probe that failed there for another reason would turn the
// default into fp32, and the int8 tests into skips, without a word.
TEST(Int8Linear, ACpuWithFbgemmDefaultsToInt8) {
  const auto& engines = at::globalContext().supportedQEngines();
  const bool fbgemm = std::find(engines.begin(), engines.end(), at::QEngine::FBGEMM) != engines.end();
  if (fbgemm && cpuFeatures().avx2) {
    EXPECT_EQ(cpuInt8Problem(), "");
    EXPECT_EQ(defaultPrecision(Device{}), Precision::Int8) << describeCpuPrecision();
  } else if (!fbgemm) {
    EXPECT_NE(defaultPrecision(Device{}), Precision::Int8) << describeCpuPrecision();
  }
}

TEST(Int8Linear, IsRefusedWithTheReasonWhereItCannotRun) {
  if (int8Runs()) {
    EXPECT_NE(int8LinearProblem(at::Device(at::kCUDA, 0)).find("CPU only"), std::string::npos);
    return;
  }
  EXPECT_NE(defaultPrecision(Device{}), Precision::Int8);
  try {
    networkNumerics(Precision::Int8, at::kCPU, ReducedNetwork::Llm);
    FAIL() << "int8 was accepted where " << cpuInt8Problem();
  } catch (const EngineError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(cpuInt8Problem()), std::string::npos) << message;
    EXPECT_NE(message.find("choose fp32"), std::string::npos) << message;
  }
}
