// One segment that makes no speech costs that segment, not the take: the
// others are kept and it can be made again alone, from exactly its text.
#include "cosystudio/engine.h"
#include "pipeline/model.h"
#include "pipeline/synthesizer.h"
#include "pipeline/voice_data.h"
#include "pipeline/voice_features.h"

#include <c10/core/InferenceMode.h>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using namespace cosystudio;

namespace {

const fs::path kFixtures = COSYSTUDIO_FIXTURES_DIR;
const fs::path kModel = kFixtures / "e2e" / "tiny-model-a";
const std::string kTwoSegments =
    "春天来了，公园里的花都开了。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们开心地玩耍。"
    "湖面上有几只白色的小船，正慢慢地划向远方。天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的事情。";

// Speech tokens in turn, then a stop; at the start of segment `silent` the
// stop straight away (an id above the speech tokens, which minLen does not mask).
class StopsAtOnceIn : public TokenSampler {
 public:
  StopsAtOnceIn(int silent, int64_t speechTokens) : silent_(silent), stop_(speechTokens + 1) {}
  int64_t sample(at::Tensor&, const std::vector<int64_t>& decoded) override {
    if (decoded.empty()) ++segment_;
    if (segment_ == silent_ || decoded.size() >= 40) return stop_;
    return int64_t(100 + decoded.size());
  }

 private:
  int silent_;
  int64_t stop_;
  int segment_ = -1;
};

struct Fixture {
  Model model{[] {
    LoadOptions options;
    options.modelFolder = kModel;
    return options;
  }(), {}};
  std::shared_ptr<VoiceData> voice = std::make_shared<VoiceData>(computeVoiceData(
      model, audio::loadClip(kFixtures / "e2e" / "prompts" / "prompt-a.wav"), "希望你以后能够做的比我还好呦。"));

  SynthesisResult run(const SynthesisRequest& request, TokenSampler* sampler) {
    SynthesisHooks hooks;
    hooks.sampler = sampler;
    return Synthesizer(model).run(request, SynthesisSettings{}, voiceFeatures(*voice, model.device), {}, hooks);
  }
  SynthesisRequest request(const std::string& text) const {
    SynthesisRequest r;
    r.text = text;
    r.voice = VoiceInternals::wrap(voice);
    return r;
  }
};

}  // namespace

TEST(SegmentFailure, ASegmentWithoutSpeechIsKeptMarkedAndTheOthersAreKept) {
  c10::InferenceMode inference;
  Fixture f;
  StopsAtOnceIn secondIsSilent(1, f.model.config.llm.speechTokenSize);
  const SynthesisResult result = f.run(f.request(kTwoSegments), &secondIsSilent);
  ASSERT_EQ(result.segments.size(), 2u);
  EXPECT_FALSE(result.segments[0].madeNoSpeech);
  EXPECT_FALSE(result.segments[0].samples.empty());
  EXPECT_TRUE(result.segments[1].madeNoSpeech);
  EXPECT_TRUE(result.segments[1].samples.empty());
  EXPECT_FALSE(result.segments[1].text.empty());
  ASSERT_EQ(result.warnings().size(), 1u);
  EXPECT_NE(result.warnings()[0].find("segment 2 produced no speech"), std::string::npos) << result.warnings()[0];
  EXPECT_EQ(result.samples, result.segments[0].samples);

  // Made again alone from the text it was given: the same text, now with speech.
  SynthesisRequest again = f.request(result.segments[1].text);
  again.textIsSegment = true;
  StopsAtOnceIn speaks(-1, f.model.config.llm.speechTokenSize);
  const SynthesisResult redo = f.run(again, &speaks);
  ASSERT_EQ(redo.segments.size(), 1u);
  EXPECT_EQ(redo.segments[0].text, result.segments[1].text);
  EXPECT_FALSE(redo.segments[0].samples.empty());
}

TEST(SegmentFailure, ARequestWhoseEverySegmentMakesNoSpeechFails) {
  c10::InferenceMode inference;
  Fixture f;
  StopsAtOnceIn firstIsSilent(0, f.model.config.llm.speechTokenSize);
  try {
    f.run(f.request("今天天气很好。"), &firstIsSilent);
    FAIL() << "a take without any speech";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("produced no speech"), std::string::npos) << e.what();
  }
}

// Normalising model text again can change it: English text the model got
// ending in "。" would gain a ".". A segment's own text is spoken as it is.
TEST(SegmentFailure, ASegmentsOwnTextIsNotNormalisedAgain) {
  c10::InferenceMode inference;
  Fixture f;
  StopsAtOnceIn speaks(-1, f.model.config.llm.speechTokenSize);
  const std::string modelText = "It costs twenty-four。";
  SynthesisRequest normalised = f.request(modelText);
  EXPECT_EQ(f.run(normalised, &speaks).segments.at(0).text, "It costs twenty-four。.");
  SynthesisRequest own = f.request(modelText);
  own.textIsSegment = true;
  StopsAtOnceIn speaksAgain(-1, f.model.config.llm.speechTokenSize);
  EXPECT_EQ(f.run(own, &speaksAgain).segments.at(0).text, modelText);
}
