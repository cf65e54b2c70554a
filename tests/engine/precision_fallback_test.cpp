// A network computing in bf16 that gives non-finite values is reloaded in
// float32 and the segment made again; in float32 the same is an error naming
// the network. The non-finite output is injected into the flow's result.
#include "cosystudio/engine.h"
#include "pipeline/model.h"
#include "pipeline/synthesizer.h"
#include "pipeline/voice_data.h"
#include "pipeline/voice_features.h"

#include <c10/core/InferenceMode.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace fs = std::filesystem;
using namespace cosystudio;

namespace {

const fs::path kFixtures = COSYSTUDIO_FIXTURES_DIR;
const fs::path kModel = kFixtures / "e2e" / "tiny-model-a";

struct SpoiledRun {
  SynthesisResult result;
  int flowCalls = 0;
};

// Synthesises one sentence, the first flow output replaced by NaNs.
SpoiledRun synthesiseWithSpoiledFlow(Model& model) {
  c10::InferenceMode inference;
  const auto clip = audio::loadClip(kFixtures / "e2e" / "prompts" / "prompt-a.wav");
  const auto data = std::make_shared<VoiceData>(computeVoiceData(model, clip, "希望你以后能够做的比我还好呦。"));
  SynthesisRequest request;
  request.text = "今天天气很好。";
  request.voice = VoiceInternals::wrap(data);
  SynthesisSettings settings;
  settings.seed = 3;
  SpoiledRun run;
  SynthesisHooks hooks;
  hooks.flowOutput = [&](at::Tensor& mel) {
    if (run.flowCalls++ == 0) mel = at::full_like(mel, std::numeric_limits<float>::quiet_NaN());
  };
  run.result = Synthesizer(model).run(request, settings, voiceFeatures(*data, model.device), {}, hooks);
  return run;
}

LoadOptions tinyModel(Precision precision) {
  LoadOptions options;
  options.modelFolder = kModel;
  options.precision = precision;
  return options;
}

}  // namespace

TEST(PrecisionFallback, ANonFiniteFlowInBf16IsReloadedInFloat32AndTheSegmentMadeAgain) {
  Model model(tinyModel(Precision::BFloat16), {});
  const SpoiledRun run = synthesiseWithSpoiledFlow(model);
  EXPECT_EQ(run.flowCalls, 2) << "the segment's flow must run once more, in float32";
  EXPECT_EQ(model.flowPrecision, Precision::Float32);
  EXPECT_EQ(model.llmPrecision, Precision::BFloat16) << "only the network that failed changes";
  ASSERT_EQ(run.result.segments.size(), 1u);
  // The first warning says so (a token-cap warning of the random model may follow).
  const auto& warnings = run.result.segments[0].warnings;
  ASSERT_FALSE(warnings.empty());
  EXPECT_NE(warnings[0].find("the flow decoder gave non-finite values"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("float32"), std::string::npos) << warnings[0];
  ASSERT_FALSE(run.result.samples.empty());
  for (float s : run.result.samples) ASSERT_TRUE(std::isfinite(s));
}

TEST(PrecisionFallback, ANonFiniteFlowInFloat32IsAnErrorNamingIt) {
  Model model(tinyModel(Precision::Float32), {});
  try {
    synthesiseWithSpoiledFlow(model);
    FAIL() << "non-finite float32 output was accepted";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("the flow decoder produced non-finite values in float32"), std::string::npos)
        << e.what();
  }
}
