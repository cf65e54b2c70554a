#include "model/state_dict.h"
#include "model/state_dict_writer.h"

#include <caffe2/serialize/inline_container.h>
#include <gtest/gtest.h>
#include <torch/serialize.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using cosystudio::CheckpointError;
using cosystudio::StateDict;
using cosystudio::StateDictOptions;

namespace {

// A string literal with its embedded NUL bytes.
template <size_t N>
std::string raw(const char (&literal)[N]) {
  return std::string(literal, N - 1);
}

const fs::path kCore = fs::path(COSYSTUDIO_FIXTURES_DIR) / "core" / "public";

// A scratch folder per test, removed afterwards.
class ModelStateDict : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("cosystudio_state_dict_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path writeBytes(const std::string& name, const std::string& bytes) {
    const fs::path file = dir_ / name;
    std::ofstream(file, std::ios::binary) << bytes;
    return file;
  }
  // A torch.save-format file; an entry whose tensor is undefined is tied to the
  // previous entry's storage.
  struct Entry {
    std::string key;
    at::Tensor tensor;
  };
  fs::path writeTorchSave(const std::string& name, const std::vector<Entry>& entries) {
    const fs::path file = dir_ / name;
    cosystudio::StateDictWriter writer(file);
    std::string previous;
    for (const auto& e : entries) {
      e.tensor.defined() ? writer.add(e.key, e.tensor) : writer.addTied(e.key, previous);
      previous = e.key;
    }
    writer.finish();
    return file;
  }
  // An archive with hand-made records, for files torch.save would never write.
  fs::path writeArchive(const std::string& name, const std::map<std::string, std::string>& records) {
    const fs::path file = dir_ / name;
    caffe2::serialize::PyTorchStreamWriter writer(file.string());
    for (const auto& [record, bytes] : records) writer.writeRecord(record, bytes.data(), bytes.size());
    writer.writeEndOfFile();
    return file;
  }

  fs::path dir_;
};

std::map<std::string, at::Tensor> referenceLoad(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::map<std::string, at::Tensor> tensors;
  for (const auto& item : torch::pickle_load(bytes).toGenericDict())
    tensors[item.key().toStringRef()] = item.value().toTensor();
  return tensors;
}

void expectSameTensors(const StateDict& a, const StateDict& b) {
  ASSERT_EQ(a.tensors().size(), b.tensors().size());
  for (const auto& [key, tensor] : a.tensors()) {
    ASSERT_TRUE(b.contains(key)) << key;
    EXPECT_TRUE(at::equal(tensor, b.tensors().at(key))) << key;
  }
}

std::string errorOf(const fs::path& file, const StateDictOptions& options = {}) {
  try {
    StateDict::load(file, options);
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return "(loaded without error)";
}

}  // namespace

TEST_F(ModelStateDict, PlainDictMatchesLibtorchReader) {
  const auto dict = StateDict::load(kCore / "llm.pt");
  const auto reference = referenceLoad(kCore / "llm.pt");
  ASSERT_EQ(dict.tensors().size(), reference.size());
  for (const auto& [key, tensor] : reference) {
    ASSERT_TRUE(dict.contains(key)) << key;
    EXPECT_TRUE(at::equal(dict.tensors().at(key), tensor)) << key;
  }
}

TEST_F(ModelStateDict, OrderedDictAndPlainDictLoadTheSame) {
  for (const char* name : {"llm", "flow", "hift"}) {
    SCOPED_TRACE(name);
    expectSameTensors(StateDict::load(kCore / (std::string(name) + ".pt")),
                      StateDict::load(kCore / (std::string(name) + ".ordered.pt")));
  }
}

// The writer's files are what torch.save writes: libtorch's own reader agrees.
TEST_F(ModelStateDict, WriterOutputReadsBackInLibtorch) {
  const auto a = at::randn({3, 4}), b = at::arange(5, at::kLong);
  const auto reference = referenceLoad(writeTorchSave("written.pt", {{"a", a}, {"b", b}, {"tied", {}}}));
  ASSERT_EQ(reference.size(), 3u);
  EXPECT_TRUE(at::equal(reference.at("a"), a));
  EXPECT_TRUE(at::equal(reference.at("b"), b));
  EXPECT_TRUE(at::equal(reference.at("tied"), b));
}

TEST_F(ModelStateDict, FoldsParametrizedWeightNorm) {
  const auto dict = StateDict::load(kCore / "hift.pt");
  const auto raw = referenceLoad(kCore / "hift.pt");
  for (const auto& [key, tensor] : dict.tensors()) EXPECT_EQ(key.find("parametrizations"), std::string::npos) << key;
  const auto& g = raw.at("conv_pre.parametrizations.weight.original0");
  const auto& v = raw.at("conv_pre.parametrizations.weight.original1");
  const auto norm = v.reshape({v.size(0), -1}).norm(2, 1).reshape({-1, 1, 1});
  EXPECT_TRUE(at::allclose(dict.tensors().at("conv_pre.weight"), g * v / norm, 1e-6, 1e-7));
}

TEST_F(ModelStateDict, LegacyWeightNormAndGeneratorPrefix) {
  at::manual_seed(3);
  const auto g = at::rand({4, 1, 1}) + 0.5;
  const auto v = at::randn({4, 3, 2});
  const auto bias = at::randn({4});
  auto loaded = StateDict::load(writeTorchSave("legacy.pt", {{"generator.conv.weight_g", g},
                                                             {"generator.conv.weight_v", v},
                                                             {"generator.conv.bias", bias}}));
  EXPECT_EQ(loaded.tensors().size(), 2u);
  EXPECT_TRUE(at::allclose(loaded.take("conv.weight", {4, 3, 2}), at::_weight_norm(v, g, 0)));
  EXPECT_TRUE(at::equal(loaded.take("conv.bias", {4}), bias));
  EXPECT_NO_THROW(loaded.finish());
}

TEST_F(ModelStateDict, SharedStorageIsReadOnceAndSkippedKeysAreDropped) {
  const auto embed = at::randn({6, 4});
  const auto file = writeTorchSave("tied.pt", {{"embed.weight", embed},
                                               {"head.weight", {}},  // tied: one storage
                                               {"unused.weight", at::randn({3})}});

  const auto both = StateDict::load(file);
  EXPECT_EQ(both.tensors().at("embed.weight").data_ptr(), both.tensors().at("head.weight").data_ptr());

  StateDictOptions options;
  options.skipKeys = {"head.weight", "unused.weight"};
  const auto skipped = StateDict::load(file, options);
  EXPECT_EQ(skipped.tensors().size(), 1u);
  EXPECT_TRUE(at::equal(skipped.tensors().at("embed.weight"), embed));
}

TEST_F(ModelStateDict, ConvertsDtypes) {
  const auto values = at::randn({5, 3});
  const auto file = writeTorchSave("dtypes.pt", {{"half", values.to(at::kHalf)},
                                                 {"bf16", values.to(at::kBFloat16)},
                                                 {"ids", at::arange(4, at::kLong)}});

  const auto asFloat = StateDict::load(file);
  EXPECT_EQ(asFloat.tensors().at("half").scalar_type(), at::kFloat);
  EXPECT_TRUE(at::equal(asFloat.tensors().at("half"), values.to(at::kHalf).to(at::kFloat)));
  EXPECT_TRUE(at::equal(asFloat.tensors().at("bf16"), values.to(at::kBFloat16).to(at::kFloat)));
  EXPECT_EQ(asFloat.tensors().at("ids").scalar_type(), at::kLong);

  StateDictOptions half;
  half.dtype = at::kHalf;
  const auto asHalf = StateDict::load(file, half);
  EXPECT_EQ(asHalf.tensors().at("bf16").scalar_type(), at::kHalf);
  EXPECT_EQ(asHalf.tensors().at("ids").scalar_type(), at::kLong);
}

TEST_F(ModelStateDict, RefusesFilesThatAreNotTensorDicts) {
  EXPECT_NE(errorOf(dir_ / "absent.pt").find("cannot open"), std::string::npos);
  EXPECT_NE(errorOf(writeBytes("text.pt", "hello, not a checkpoint")).find("no zip archive header"),
            std::string::npos);
  EXPECT_NE(errorOf(writeBytes("legacy.pt", raw("\x80\x02\x8a\x0a"))).find("legacy"), std::string::npos);

  std::ifstream in(kCore / "llm.pt", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto truncated = writeBytes("truncated.pt", bytes.substr(0, bytes.size() / 2));
  const auto truncatedError = errorOf(truncated);
  EXPECT_NE(truncatedError.find(truncated.string()), std::string::npos) << truncatedError;
  EXPECT_NE(truncatedError.find("not a readable torch.save archive"), std::string::npos) << truncatedError;

  const auto script = writeArchive("script.pt", {{"data.pkl", raw("\x80\x02}.")}, {"constants.pkl", raw("\x80\x02).")}});
  EXPECT_NE(errorOf(script).find("TorchScript"), std::string::npos);

  // builtins.eval("1+1"): refused by name, never called.
  const auto evil =
      writeArchive("evil.pt", {{"data.pkl", raw("\x80\x02" "cbuiltins\neval\nX\x03\x00\x00\x00" "1+1\x85R.")}});
  const auto evilError = errorOf(evil);
  EXPECT_NE(evilError.find("refused pickle global 'builtins.eval'"), std::string::npos) << evilError;

  // {"a": 1}
  const auto notTensor = writeArchive("int.pt", {{"data.pkl", raw("\x80\x02}X\x01\x00\x00\x00" "aK\x01s.")}});
  EXPECT_NE(errorOf(notTensor).find("'a' is a int, not a tensor"), std::string::npos) << errorOf(notTensor);
}

TEST_F(ModelStateDict, FinishListsEveryProblem) {
  StateDictOptions options;
  options.skipKeys = {"llm.model.lm_head.weight"};
  auto dict = StateDict::load(kCore / "llm.pt", options);
  EXPECT_FALSE(dict.contains("llm.model.lm_head.weight"));
  std::vector<std::pair<std::string, std::vector<int64_t>>> expected;
  for (const auto& [key, tensor] : dict.tensors())
    if (key != "llm_decoder.weight" && key != "speech_embedding.weight") expected.push_back({key, tensor.sizes().vec()});
  for (const auto& [key, shape] : expected) {
    dict.take(key, shape);
    EXPECT_FALSE(dict.contains(key)) << "the dict still holds what it gave: " << key;
  }
  EXPECT_EQ(dict.take("llm_decoder.weight", {99, 64}).sizes(), (std::vector<int64_t>{99, 64}));
  dict.take("no.such.weight", {2});
  dict.take("also.missing");
  try {
    dict.finish();
    FAIL() << "finish() accepted an incomplete model";
  } catch (const CheckpointError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("(4 problems)"), std::string::npos) << message;
    EXPECT_NE(message.find("mis-shaped llm_decoder.weight: file [712, 64], model [99, 64]"), std::string::npos)
        << message;
    EXPECT_NE(message.find("missing    no.such.weight [2]"), std::string::npos) << message;
    EXPECT_NE(message.find("missing    also.missing"), std::string::npos) << message;
    EXPECT_NE(message.find("unexpected speech_embedding.weight [712, 64]"), std::string::npos) << message;
  }
}

// HiFT's F0 predictor runs in float64 upstream, weight norm recomputed in that precision.
TEST_F(ModelStateDict, Float64PrefixesLoadAndFoldInDouble) {
  StateDictOptions options;
  options.float64Prefixes = {"f0_predictor."};
  const auto dict = StateDict::load(kCore / "hift.pt", options);
  const auto raw = referenceLoad(kCore / "hift.pt");
  for (const auto& [key, tensor] : dict.tensors())
    EXPECT_EQ(tensor.scalar_type(), key.rfind("f0_predictor.", 0) == 0 ? at::kDouble : at::kFloat) << key;
  const auto g = raw.at("f0_predictor.condnet.0.parametrizations.weight.original0").to(at::kDouble);
  const auto v = raw.at("f0_predictor.condnet.0.parametrizations.weight.original1").to(at::kDouble);
  EXPECT_TRUE(at::equal(dict.tensors().at("f0_predictor.condnet.0.weight"), at::_weight_norm(v, g, 0)));
}
