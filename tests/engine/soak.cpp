// Leak and soak test (label slow): many syntheses and in-process resets on the
// tiny model must leave host memory flat. Prints the figures it measures.
//
// Requests cycle through a fixed set of seeds (so a fixed set of output
// lengths) that the warm-up has already run: libtorch keeps per-shape state
// (oneDNN convolution primitives, FFT plans) in bounded caches, and a new
// length would add to those rather than reveal a leak of the engine's.
#include "cosystudio/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fs = std::filesystem;
using namespace cosystudio;

namespace {

const fs::path kFixtures = COSYSTUDIO_FIXTURES_DIR;
constexpr double kMiB = 1024.0 * 1024.0;
// Allowed host growth over a whole run: a leak of even a few KiB per request
// would exceed it, allocator noise does not.
constexpr double kAllowedGrowthMiB = 4.0;
constexpr uint64_t kSeeds = 20;

// Least-squares slope of y over 0..n-1.
double slope(const std::vector<double>& y) {
  const double n = double(y.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    sx += double(i);
    sy += y[i];
    sxx += double(i) * double(i);
    sxy += double(i) * y[i];
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

class Soak : public ::testing::Test {
 protected:
  virtual Device device() const { return {}; }
  void SetUp() override {
    LoadOptions options;
    options.modelFolder = kFixtures / "e2e" / "tiny-model-a";
    options.device = device();
    engine.load(options);
    voice = engine.prepareVoice(kFixtures / "e2e" / "prompts" / "prompt-a.wav", "希望你以后能够做的比我还好呦。");
  }
  void synthesizeOnce(uint64_t seed) {
    SynthesisRequest request;
    request.text = "你好。";
    request.voice = voice;
    request.seed = seed;
    request.stream = seed % 2 == 0;  // both paths
    ASSERT_FALSE(engine.synthesize(request).samples.empty());
  }
  Engine engine;
  Voice voice;
};

// The same on the first CUDA device, where the allocator's figures are exact.
class SoakOnGpu : public Soak {
 protected:
  Device device() const override { return {DeviceKind::Cuda, 0}; }
  void SetUp() override {
    if (availableDevices().size() < 2) GTEST_SKIP() << "needs a CUDA GPU (none is present)";
    Soak::SetUp();
  }
};

}  // namespace

TEST_F(Soak, TwoHundredSynthesesKeepHostMemoryFlat) {
  for (uint64_t seed = 0; seed < kSeeds; ++seed) synthesizeOnce(seed);  // warm-up
  std::vector<double> rss;
  for (uint64_t request = 0; request < 200; ++request) {
    synthesizeOnce(request % kSeeds);
    releaseHostMemory();
    rss.push_back(double(sampleMemory(Device{}).hostResident) / kMiB);
  }
  const double perRequest = slope(rss);
  std::printf("soak: 200 syntheses, host RSS %.1f -> %.1f MiB, slope %.4f MiB per synthesis\n", rss.front(),
              rss.back(), perRequest);
  EXPECT_LT(perRequest * double(rss.size()), kAllowedGrowthMiB);
}

TEST_F(Soak, FiftyResetsComeBackToThePostLoadLevel) {
  for (uint64_t seed = 0; seed < kSeeds; ++seed) synthesizeOnce(seed);  // warm-up
  const ResetReport first = engine.reset();
  const double baseline = double(first.afterReload.hostResident) / kMiB;
  std::vector<double> afterReload;
  double slowest = 0;
  for (int cycle = 0; cycle < 50; ++cycle) {
    synthesizeOnce(uint64_t(cycle) % kSeeds);
    const ResetReport report = engine.reset();
    afterReload.push_back(double(report.afterReload.hostResident) / kMiB);
    slowest = std::max(slowest, report.teardownSeconds + report.reloadSeconds);
    EXPECT_LT(report.afterTeardown.hostResident, report.before.hostResident) << "cycle " << cycle;
    // Lower is fine (the allocator returned more); higher would be memory the
    // teardown failed to release.
    EXPECT_LT(afterReload.back(), baseline + kAllowedGrowthMiB) << "cycle " << cycle;
  }
  std::printf("soak: 50 resets, post-load host RSS %.1f MiB, after the last reset %.1f MiB (highest %.1f), slope "
              "%.4f MiB per reset, slowest reset %.2f s\n",
              baseline, afterReload.back(), *std::max_element(afterReload.begin(), afterReload.end()),
              slope(afterReload), slowest);
  EXPECT_LT(slope(afterReload) * double(afterReload.size()), kAllowedGrowthMiB);
}

TEST_F(SoakOnGpu, FiftyResetsBringAllocatedVramBackToThePostLoadLevel) {
  for (uint64_t seed = 0; seed < kSeeds; ++seed) synthesizeOnce(seed);  // warm-up
  const ResetReport first = engine.reset();
  const double baseline = double(first.afterReload.deviceAllocated) / kMiB;
  double worst = 0;
  for (int cycle = 0; cycle < 50; ++cycle) {
    synthesizeOnce(uint64_t(cycle) % kSeeds);
    const ResetReport report = engine.reset();
    const double afterReload = double(report.afterReload.deviceAllocated) / kMiB;
    worst = std::max(worst, std::abs(afterReload - baseline));
    EXPECT_LE(std::abs(afterReload - baseline), 1.0) << "cycle " << cycle;
    EXPECT_LT(report.afterTeardown.deviceReserved, report.before.deviceReserved) << "cycle " << cycle;
  }
  const MemoryStats now = engine.memory();
  std::printf("soak (GPU): 50 resets, allocated VRAM after reload %.2f MiB, largest difference %.3f MiB, "
              "reserved %.1f MiB, device free %.0f MiB\n",
              baseline, worst, double(now.deviceReserved) / kMiB, double(now.deviceFree) / kMiB);
}
