// On a CUDA GPU only (skipped elsewhere, by name): a GPU that another
// allocation has filled fails a request with a clear message, or the retry
// survives it, and once the memory is free again the engine works without a
// restart. scripts/device-check.sh runs it on a lent GPU.
#include "cosystudio/engine.h"
#include "test_request.h"
#include "core/torch_compat.h"

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <gtest/gtest.h>

#include <vector>

namespace fs = std::filesystem;
using namespace cosystudio;

namespace {

const fs::path kFixtures = COSYSTUDIO_FIXTURES_DIR;

// Takes the GPU's memory in ever smaller blocks until nothing more fits.
std::vector<at::Tensor> fillGpu() {
  std::vector<at::Tensor> blocks;
  for (int64_t block = int64_t(1) << 30; block >= int64_t(1) << 20; block /= 4) {
    for (;;) {
      try {
        blocks.push_back(at::empty({block}, at::TensorOptions().dtype(at::kByte).device(at::kCUDA, 0)));
      } catch (const c10::Error&) {
        break;
      }
    }
  }
  return blocks;
}

}  // namespace

TEST(EngineOnGpu, AFullGpuFailsARequestClearlyAndTheEngineRecoversWithoutARestart) {
  if (compat::cudaDeviceCount() == 0) GTEST_SKIP() << "needs a CUDA GPU (none is present)";
  Engine engine;
  LoadOptions options;
  options.modelFolder = kFixtures / "e2e" / "tiny-model-a";
  options.device = {DeviceKind::Cuda, 0};
  options.precision = Precision::BFloat16;
  engine.load(options);
  const Voice voice =
      engine.prepareVoice(audio::loadClip(kFixtures / "e2e" / "prompts" / "prompt-a.wav"), "希望你以后能够做的比我还好呦。");
  TestRequest request;
  request.text = "今天天气很好，我们一起去公园散步吧。";
  request.voice = voice;
  request.seed = 5;
  ASSERT_FALSE(synthesize(engine, request).samples.empty());

  std::string outcome = "survived by the retry";
  {
    std::vector<at::Tensor> filler = fillGpu();
    std::printf("gpu: filled with %zu blocks, %.1f MiB left free\n", filler.size(),
                double(engine.memory().deviceFree) / (1 << 20));
    try {
      synthesize(engine, request);
    } catch (const EngineError& e) {
      outcome = e.what();
      EXPECT_NE(outcome.find("out of GPU memory"), std::string::npos) << outcome;
    }
  }
  std::printf("gpu: a request on the full GPU: %s\n", outcome.c_str());
  EXPECT_FALSE(engine.isPoisoned());
  const SynthesisResult after = synthesize(engine, request);
  EXPECT_FALSE(after.samples.empty());
}
