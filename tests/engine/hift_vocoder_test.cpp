#include "hift/hift_generator.h"
#include "hift/source_tables.h"
#include "model/state_dict.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <torch/serialize.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>

namespace cosystudio {
namespace {

const std::filesystem::path kFixtures = COSYSTUDIO_FIXTURES_DIR;

std::map<std::string, at::Tensor> loadTensors(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::map<std::string, at::Tensor> tensors;
  for (const auto& item : torch::pickle_load(bytes).toGenericDict())
    if (item.value().isTensor()) tensors[item.key().toStringRef()] = item.value().toTensor();
  return tensors;
}

double maxAbsDiff(const at::Tensor& a, const at::Tensor& b) {
  return (a.to(at::kDouble) - b.to(at::kDouble)).abs().max().item<double>();
}

// ---- Source tables -------------------------------------------------------

// The e2e tiny model was built by the official yaml loader: its captured
// tables follow the seed-0 construction recipe with its sizes.
TEST(HiftSourceTables, ReplayEqualsTablesOfOfficialTinyModel) {
  const auto golden = loadTensors(kFixtures / "e2e/golden/tiny-model-a/common.pt");
  SourceTableRecipe recipe;
  recipe.f0CondChannels = 32;  // tiny-model-a/cosyvoice3.yaml; flow sizes as released
  const at::Tensor& noise = golden.at("hift.sine_waves_prefix");
  auto tables = SourceTables::replay(recipe, 9, 300 * 24000);
  EXPECT_TRUE(at::equal(tables.initialPhase(), golden.at("hift.rand_ini")));
  EXPECT_TRUE(at::equal(tables.noise(noise.size(1), at::kCPU), noise));
}

TEST(HiftSourceTables, ReplayEqualsFullSizeConstruction) {
  std::ifstream file(kFixtures / "core/manifest-full-size.json");
  const auto values = nlohmann::json::parse(file).at("values_from_this_construction");
  const auto expectedPhase = values.at("hift.m_source.l_sin_gen.rand_ini").get<std::vector<float>>();
  const auto expectedRow = values.at("hift.m_source.l_sin_gen.sine_waves_first_row").get<std::vector<float>>();
  auto tables = SourceTables::replay(SourceTableRecipe{}, 9, 300 * 24000);
  EXPECT_TRUE(at::equal(tables.initialPhase(), at::tensor(expectedPhase).view({1, 9})));
  EXPECT_TRUE(at::equal(tables.noise(1, at::kCPU), at::tensor(expectedRow).view({1, 1, 9})));
}

TEST(HiftSourceTables, GrowingTheNoisePrefixContinuesTheSameTable) {
  SourceTableRecipe small;
  small.cfmNoiseFrames = 10;
  small.speechTokenVocab = 3;
  small.f0CondChannels = 4;
  auto grown = SourceTables::replay(small, 9, 100000);
  auto direct = SourceTables::replay(small, 9, 100000);
  grown.noise(7, at::kCPU);
  grown.noise(30000, at::kCPU);
  EXPECT_TRUE(at::equal(grown.noise(70000, at::kCPU), direct.noise(70000, at::kCPU)));
  EXPECT_THROW(direct.noise(100001, at::kCPU), std::invalid_argument);
}

TEST(HiftSourceTables, FixedTablesRejectLongerCallsAndBadShapes) {
  auto tables = SourceTables::fixed(at::zeros({1, 9}), at::rand({1, 480, 9}));
  EXPECT_EQ(tables.noise(480, at::kCPU).size(1), 480);
  EXPECT_THROW(tables.noise(481, at::kCPU), std::invalid_argument);
  EXPECT_THROW(SourceTables::fixed(at::zeros({1, 9}), at::rand({1, 480, 8})), std::invalid_argument);
}

// ---- Generator on the core/public tiny model ----------------------------

class HiftGeneratorTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const auto dir = kFixtures / "core/public";
    golden_ = new std::map<std::string, at::Tensor>(loadTensors(dir / "tensors.pt"));
    HiftConfig config;  // core/public/manifest.json: the released layout at base width 32
    config.baseChannels = 32;
    config.f0CondChannels = 32;
    StateDict weights = StateDict::load(dir / "hift.pt");
    hift_ = new HiftGenerator(weights, config,
                              SourceTables::fixed(golden("hift.sinegen.rand_ini"),
                                                  golden("hift.final.sinegen.sine_waves_noise_table")));
  }
  static void TearDownTestSuite() {
    delete hift_;
    delete golden_;
  }
  static const at::Tensor& golden(const std::string& name) { return golden_->at(name); }

  static std::map<std::string, at::Tensor>* golden_;
  static HiftGenerator* hift_;
};
std::map<std::string, at::Tensor>* HiftGeneratorTest::golden_ = nullptr;
HiftGenerator* HiftGeneratorTest::hift_ = nullptr;

TEST_F(HiftGeneratorTest, FinalWaveformMatchesOfficial) {
  HiftTrace trace;
  const at::Tensor speech = hift_->inference(golden("hift.in.mel"), true, &trace);
  ASSERT_EQ(speech.sizes(), golden("hift.final.speech").sizes());
  EXPECT_LT(maxAbsDiff(trace.f0, golden("hift.final.f0_f64")), 1e-4);
  EXPECT_LT(maxAbsDiff(trace.source, golden("hift.final.source")), 1e-4);
  EXPECT_LT(maxAbsDiff(speech, golden("hift.final.speech")), 1e-4);
}

TEST_F(HiftGeneratorTest, StreamingWaveformMatchesOfficial) {
  const at::Tensor speech = hift_->inference(golden("hift.in.mel"), false);
  ASSERT_EQ(speech.sizes(), golden("hift.nonfinal.speech").sizes());
  EXPECT_LT(maxAbsDiff(speech, golden("hift.nonfinal.speech")), 1e-4);
}

// Causality: a streaming call on a prefix of the mel emits the start of what a
// call on the whole mel emits, so chunks can be concatenated.
TEST_F(HiftGeneratorTest, StreamingPrefixIsStable) {
  const at::Tensor& mel = golden("hift.in.mel");
  const at::Tensor whole = hift_->inference(mel, false);
  const at::Tensor prefix = hift_->inference(mel.narrow(2, 0, 17), false);
  ASSERT_EQ(prefix.size(1), 480 * (17 - hift_->heldBackFrames()));
  // Not bit for bit: the convolution library picks its blocking (and so the
  // order of sums) by input length. Measured: < 1e-6 on libtorch 1.13,
  // 4.5e-6 on 2.11 (oneDNN/MKL); a causality break would show as 1e-2 or more.
  EXPECT_LT(maxAbsDiff(prefix, whole.narrow(1, 0, prefix.size(1))), 1e-5);
}

TEST_F(HiftGeneratorTest, ShortOrEmptyMelGivesNoSamples) {
  const at::Tensor& mel = golden("hift.in.mel");
  EXPECT_EQ(hift_->inference(mel.narrow(2, 0, 0), true).sizes(), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(hift_->inference(mel.narrow(2, 0, 8), false).sizes(), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(hift_->inference(mel.narrow(2, 0, 9), false).size(1), 480);
}

TEST_F(HiftGeneratorTest, RejectsMalformedMel) {
  at::Tensor nan = golden("hift.in.mel").clone();
  nan.index_put_({0, 5, 7}, std::nan(""));
  EXPECT_THROW(hift_->inference(nan, true), std::invalid_argument);
  at::Tensor inf = golden("hift.in.mel").clone();
  inf.index_put_({0, 0, 0}, -INFINITY);
  EXPECT_THROW(hift_->inference(inf, false), std::invalid_argument);
  try {
    hift_->inference(at::zeros({1, 81, 24}), true);
    FAIL() << "a mel with 81 bins was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("[1, 81, 24]"), std::string::npos) << e.what();
  }
  EXPECT_THROW(hift_->inference(at::zeros({80, 24}), true), std::invalid_argument);
  // Longer than the (captured) noise table.
  EXPECT_THROW(hift_->inference(at::zeros({1, 80, 25}), true), std::invalid_argument);
}

}  // namespace
}  // namespace cosystudio
