#include "flow/cfm_solver.h"
#include "flow/dit.h"
#include "flow/flow_decoder.h"
#include "model/state_dict.h"
#include "cosystudio/runtime.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

using namespace cosystudio;

namespace {

const std::filesystem::path kCoreSet = std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "core" / "public";

// The tiny configuration of the fixture's flow.pt (core/public/manifest.json).
FlowConfig tinyConfig() {
  FlowConfig c;
  c.vocabSize = 512;
  c.preLookaheadChannels = 128;
  c.chunkTokens = 5;
  c.ditDim = 64;
  c.ditDepth = 2;
  c.ditHeads = 4;
  c.ditDimHead = 16;
  return c;
}

const FlowDecoder& tinyFlow() {
  static const auto flow = FlowDecoder::load(kCoreSet / "flow.pt", tinyConfig(), {});
  return *flow;
}

FlowRequest request(int64_t promptTokens, int64_t tokens) {
  at::manual_seed(7);
  FlowRequest r;
  r.promptTokens = at::randint(0, 512, {promptTokens}, at::kLong);
  r.tokens = at::randint(0, 512, {tokens}, at::kLong);
  r.promptMel = at::randn({2 * promptTokens, 80});
  r.speakerEmbedding = at::randn({192});
  return r;
}

std::string errorOf(const FlowRequest& r) {
  try {
    tinyFlow().inference(r);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(FlowNoise, IsTheOfficialSeedZeroTable) {
  const auto noise = officialCfmNoise(80, 15000);
  ASSERT_EQ(noise.sizes(), at::IntArrayRef({1, 80, 15000}));
  const auto row0 = at::tensor({-1.1258398f, -1.1523602f, -0.2505786f, -0.4338788f, 0.8487104f, 0.6920092f});
  const auto row1 = at::tensor({0.8691794f, 0.5761968f, -0.4119531f});
  EXPECT_TRUE(at::allclose(noise[0][0].narrow(0, 0, 6), row0, 0, 1e-6));
  EXPECT_TRUE(at::allclose(noise[0][1].narrow(0, 0, 3), row1, 0, 1e-6));
}

// The int8 precision quantises the DiT's attention and feed-forward
// projections: the mel follows the float32 one within the README's int8 bound
// (0.03 of its range). Measured: 0.0011 of the range on this request with
// AVX-512 VNNI.
TEST(FlowDecoder, Int8ProjectionsKeepTheMelWithinItsBound) {
  if (const std::string problem = cpuInt8Problem(); !problem.empty()) GTEST_SKIP() << "no int8 here: " << problem;
  const auto int8Flow = FlowDecoder::load(kCoreSet / "flow.pt", tinyConfig(), {at::kCPU, at::kFloat, true});
  const FlowRequest r = request(6, 12);
  const at::Tensor expected = tinyFlow().inference(r), got = int8Flow->inference(r);
  ASSERT_EQ(got.sizes(), expected.sizes());
  const double range = (expected.max() - expected.min()).item<double>();
  const double error = (got - expected).abs().max().item<double>();
  EXPECT_LT(error, 0.03 * range);
  EXPECT_GT(error, 0.0) << "the float32 projections ran";
}

// A solve padded to a longer length, as a GPU runs it at its graph's length
// bucket, gives the unpadded solve's frames: no frame sees the padding. Not
// bit for bit: the attention's sums run over more (masked, zero) terms, in
// another blocking. Measured: 1.6e-6 to 1.9e-6 on outputs up to about 6
// (libtorch 1.13, OpenBLAS): float32 rounding, which 1e-5 bounds.
TEST(FlowSolver, APaddedSolveEqualsTheUnpaddedOne) {
  StateDict weights = StateDict::load(kCoreSet / "flow.pt");
  const FlowConfig config = tinyConfig();
  const DiT dit(weights, "decoder.estimator.", config, at::TensorOptions(at::kFloat));
  const CfmSolver solver(dit, config);
  at::manual_seed(3);
  const int64_t frames = 37;  // not a whole number of streaming chunks (10 frames)
  const auto mu = at::randn({1, config.melDim, frames});
  const auto cond = at::randn({1, config.melDim, frames});
  const auto spks = at::randn({1, config.melDim});
  for (const bool streaming : {false, true}) {
    const auto plain = solver.solve(mu, spks, cond, streaming);
    for (const int64_t length : {int64_t(40), CfmSolver::kBucketFrames}) {
      const auto padded = solver.solve(mu, spks, cond, streaming, {}, {}, length);
      ASSERT_EQ(padded.sizes(), plain.sizes());
      const double gap = (padded - plain).abs().max().item<double>();
      std::printf("padded to %lld frames (streaming %d): largest difference %.3g\n", static_cast<long long>(length),
                  int(streaming), gap);
      EXPECT_LE(gap, 1e-5) << "streaming " << streaming << ", padded to " << length;
    }
  }
}

// A bf16 solve on the CPU runs at its length's shape bucket (oneDNN keeps
// kernels per shape): it is that padded solve, and the float32 solve within
// bf16's rounding, its weights packed for oneDNN or not. Measured: 0.0022 to 0.0023 of the range (PyPI's 2.11 on
// AMX), 0.0020 to 0.0027 (Debian's 1.13); 0.02 is the bf16 bound of the
// parity tool's flow mel.
TEST(FlowSolver, ABf16CpuSolveRunsAtItsShapeBucket) {
  EXPECT_EQ(CfmSolver::cpuShapeBucket(16), 16);
  EXPECT_EQ(CfmSolver::cpuShapeBucket(37), 48);
  EXPECT_EQ(CfmSolver::cpuShapeBucket(466), 480);
  EXPECT_EQ(CfmSolver::cpuShapeBucket(1000), 1024);
  EXPECT_EQ(CfmSolver::cpuShapeBucket(1025), 1152);
  StateDict weights = StateDict::load(kCoreSet / "flow.pt");
  const FlowConfig config = tinyConfig();
  const DiT exactDit(weights, "decoder.estimator.", config, at::TensorOptions(at::kFloat));
  StateDict bf16Weights = StateDict::load(kCoreSet / "flow.pt");
  const DiT bf16Dit(bf16Weights, "decoder.estimator.", config, at::TensorOptions(at::kBFloat16));
  // And with its weights packed for oneDNN, as FlowDecoder packs them where
  // oneDnnPacksBf16() (OneDnnLinear.PacksWhereLibtorchAndTheCpuCan says where).
  StateDict packedWeights = StateDict::load(kCoreSet / "flow.pt");
  DiT packedDit(packedWeights, "decoder.estimator.", config, at::TensorOptions(at::kBFloat16));
  if (oneDnnPacksBf16()) packedDit.packLinearsForOneDnn();
  const CfmSolver exact(exactDit, config), bf16(bf16Dit, config), packed(packedDit, config);
  at::manual_seed(3);
  const int64_t frames = 37;
  const auto mu = at::randn({1, config.melDim, frames});
  const auto cond = at::randn({1, config.melDim, frames});
  const auto spks = at::randn({1, config.melDim});
  for (const bool streaming : {false, true}) {
    const auto solved = bf16.solve(mu, spks, cond, streaming);
    EXPECT_TRUE(at::equal(solved, bf16.solve(mu, spks, cond, streaming, {}, {}, CfmSolver::cpuShapeBucket(frames))))
        << "streaming " << streaming;
    const auto reference = exact.solve(mu, spks, cond, streaming);
    const double range = (reference.max() - reference.min()).item<double>();
    const double gap = (solved - reference).abs().max().item<double>();
    std::printf("bf16 at its bucket (streaming %d): largest difference %.3g of a range of %.3g\n", int(streaming), gap,
                range);
    EXPECT_LT(gap, 0.02 * range) << "streaming " << streaming;
    const double packedGap = (packed.solve(mu, spks, cond, streaming) - reference).abs().max().item<double>();
    std::printf("bf16, packed (streaming %d): largest difference %.3g\n", int(streaming), packedGap);
    EXPECT_LT(packedGap, 0.02 * range) << "packed, streaming " << streaming;
  }
}

TEST(FlowDecoder, OutputCoversTheNewTokens) {
  const auto r = request(8, 17);
  const auto mel = tinyFlow().inference(r);
  EXPECT_EQ(mel.sizes(), at::IntArrayRef({1, 80, 34}));
  EXPECT_TRUE(mel.isfinite().all().item<bool>());
}

// Chunk-causal attention, causal convolutions and the shared noise prefix make
// a non-final streaming call agree with the final one on every frame of the
// chunks it completes; full attention does not.
TEST(FlowDecoder, StreamingChunksAreStable) {
  auto r = request(8, 17);  // 25 tokens = 50 frames; non-final: 22 tokens = 44 frames
  r.streaming = true;
  const auto final = tinyFlow().inference(r);
  r.finalize = false;
  const auto partial = tinyFlow().inference(r);
  ASSERT_EQ(partial.size(2), 28);
  const int64_t stable = 40 - 16;  // complete 10-frame chunks minus the prompt's 16 frames
  EXPECT_TRUE(at::allclose(partial.narrow(2, 0, stable), final.narrow(2, 0, stable), 1e-5, 1e-5));

  r.streaming = false;
  r.finalize = true;
  const auto full = tinyFlow().inference(r);
  EXPECT_FALSE(at::allclose(full.narrow(2, 0, stable), final.narrow(2, 0, stable), 1e-3, 1e-3));
}

// The reduced-precision estimator (used on GPUs) keeps the solver in float32
// and must stay close to the float32 result.
TEST(FlowDecoder, Bfloat16EstimatorTracksFloat32) {
  FlowDecoder::Options options;
  options.estimatorDtype = at::kBFloat16;
  const auto bf16 = FlowDecoder::load(kCoreSet / "flow.pt", tinyConfig(), options);
  auto r = request(8, 17);
  r.streaming = true;
  const auto reference = tinyFlow().inference(r);
  const auto got = bf16->inference(r);
  ASSERT_EQ(got.scalar_type(), at::kFloat);
  const double error = (got - reference).abs().max().item<double>();
  const double scale = reference.abs().max().item<double>();
  std::printf("bf16 estimator: max abs error %.4f, output max abs %.4f\n", error, scale);
  EXPECT_LT(error, 0.05 * scale);
}

TEST(FlowDecoder, RejectsTokenOutsideVocabularyNamingIt) {
  auto r = request(8, 17);
  r.tokens[5] = 512;
  const auto message = errorOf(r);
  EXPECT_NE(message.find("512 (token 5)"), std::string::npos) << message;
  r = request(8, 17);
  r.promptTokens[2] = -1;
  EXPECT_NE(errorOf(r).find("-1 (prompt token 2)"), std::string::npos) << errorOf(r);
}

TEST(FlowDecoder, RejectsEmptyTokens) {
  auto r = request(8, 17);
  r.tokens = at::zeros({0}, at::kLong);
  EXPECT_NE(errorOf(r).find("empty token sequence"), std::string::npos) << errorOf(r);
  r = request(8, 3);
  r.promptTokens = at::zeros({0}, at::kLong);
  r.promptMel = at::zeros({0, 80});
  r.streaming = true;
  r.finalize = false;
  EXPECT_NE(errorOf(r).find("more than 3 tokens"), std::string::npos) << errorOf(r);
}

TEST(FlowDecoder, RejectsSequencesBeyondTheNoiseTable) {
  const auto r = request(8, 7493);  // 7501 tokens = 15002 frames
  const auto message = errorOf(r);
  EXPECT_NE(message.find("15002"), std::string::npos) << message;
  EXPECT_NE(message.find("15000"), std::string::npos) << message;
}

TEST(FlowDecoder, RejectsPromptMelLongerThanTheSequence) {
  auto r = request(8, 2);
  r.promptMel = at::randn({21, 80});
  EXPECT_NE(errorOf(r).find("21 frames"), std::string::npos) << errorOf(r);
}
