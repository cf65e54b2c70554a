// Loading and running whole graphs: bad files, unsupported ops, external data,
// input checks, the shape cache, and the two audio networks on the tiny models.
#include "onnx_test_graph.h"

#include "speaker/speaker_encoder.h"
#include "speech_tokens/speech_tokenizer.h"

#include <gtest/gtest.h>

#include "test_support.h"

#include <filesystem>
#include <fstream>
#include <utility>

using namespace cosystudio::onnx;
using cosystudio::onnx::test::attr;
using cosystudio::onnx::test::longs;
using cosystudio::onnx::test::TestGraph;

namespace {

const std::filesystem::path kModels = std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "audio" / "models";

using cosystudio::test::errorOf;

std::filesystem::path tempDir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("cosystudio_onnx_" + name);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TEST(OnnxGraph, ListsEveryUnsupportedOpAtLoad) {
  TestGraph g(13);
  g.input("x", at::randn({2, 2}));
  g.node("Relu", {"x"}, {"a"});
  g.node("Einsum", {"a"}, {"b"}).set_name("/first/Einsum");
  g.node("Hardmax", {"b"}, {"c"}).set_name("/second/Hardmax");
  g.node("FusedGemm", {"c"}, {"y"}).set_domain("com.microsoft");
  g.output("y");
  const auto msg = errorOf([&] { g.load(); });
  EXPECT_NE(msg.find("3 node(s) use unsupported ops"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Einsum (node '/first/Einsum')"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Hardmax (node '/second/Hardmax')"), std::string::npos) << msg;
  EXPECT_NE(msg.find("com.microsoft.FusedGemm"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("Relu"), std::string::npos) << msg;
}

TEST(OnnxGraph, RejectsUnsupportedAttributesAtLoad) {
  TestGraph g(13);
  auto& n = g.input("x", at::randn({1, 2})).constant("p", longs({0, 1, 0, 1})).node("Pad", {"x", "p"}, {"y"});
  attr(n, "mode", std::string("wrap"));
  g.output("y");
  EXPECT_NE(errorOf([&] { g.load(); }).find("mode wrap is not supported"), std::string::npos);
}

// A node without an input its op cannot do without (an empty name included)
// is refused at load, naming it, rather than read past its inputs when run.
TEST(OnnxGraph, RejectsNodesMissingRequiredInputsAtLoad) {
  TestGraph one(13);
  one.input("x", at::randn({2, 2})).node("MatMul", {"x"}, {"y"}).set_name("/proj/MatMul");
  one.output("y");
  EXPECT_NE(errorOf([&] { one.load(); }).find("MatMul node '/proj/MatMul': needs 2 input(s), has 1"),
            std::string::npos);

  TestGraph empty(13);
  empty.input("x", at::randn({2, 2})).node("Where", {"x", "", "x"}, {"y"});
  empty.output("y");
  EXPECT_NE(errorOf([&] { empty.load(); }).find("needs 3 input(s), has 1"), std::string::npos);
}

TEST(OnnxGraph, RejectsNonOnnxTruncatedAndOldOpsetFiles) {
  EXPECT_NE(errorOf([] { Graph::fromBytes("this is not protobuf", "junk.onnx"); }).find("not an ONNX model"),
            std::string::npos);
  std::ifstream in(kModels / "campplus_tiny.onnx", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 1000u);
  const auto msg = errorOf([&] { Graph::fromBytes(bytes.substr(0, bytes.size() / 2), "half.onnx"); });
  EXPECT_NE(msg.find("half.onnx"), std::string::npos) << msg;
  EXPECT_NE(errorOf([] { Graph::load("/nonexistent/model.onnx"); }).find("/nonexistent/model.onnx"), std::string::npos);

  TestGraph old(9);
  old.input("x", at::randn({1})).node("Relu", {"x"}, {"y"});
  old.output("y");
  EXPECT_NE(errorOf([&] { old.load(); }).find("opset 9 is not supported"), std::string::npos);
}

TEST(OnnxGraph, ReadsExternalDataAndNamesAMissingFile) {
  const auto dir = tempDir("external");
  const auto w = at::arange(6, at::kFloat).reshape({2, 3});
  TestGraph g(13);
  g.input("x", at::ones({2, 3})).constant("w", w).node("Add", {"x", "w"}, {"y"});
  g.output("y");
  auto* init = g.model().mutable_graph()->mutable_initializer(0);
  init->clear_raw_data();
  init->set_data_location(::onnx::TensorProto::EXTERNAL);
  auto* loc = init->add_external_data();
  loc->set_key("location");
  loc->set_value("weights.bin");
  auto* off = init->add_external_data();
  off->set_key("offset");
  off->set_value("4");
  {
    std::ofstream out(dir / "weights.bin", std::ios::binary);
    out.write("pad!", 4);
    out.write(static_cast<const char*>(w.data_ptr()), w.nbytes());
  }
  const auto graph = Graph::fromBytes(g.bytes(), "ext.onnx", at::kCPU, dir);
  EXPECT_TRUE(at::equal(graph.run({at::ones({2, 3})})[0], w + 1));

  // Cut short (an interrupted copy): the tensor and the sizes are named.
  std::filesystem::resize_file(dir / "weights.bin", 4 + 8);
  const auto shortMsg = errorOf([&] { Graph::fromBytes(g.bytes(), "ext.onnx", at::kCPU, dir); });
  EXPECT_NE(shortMsg.find("ext.onnx"), std::string::npos) << shortMsg;
  EXPECT_NE(shortMsg.find("'w'"), std::string::npos) << shortMsg;
  EXPECT_NE(shortMsg.find("holds 8 bytes, its shape needs 24"), std::string::npos) << shortMsg;

  std::filesystem::remove(dir / "weights.bin");
  const auto msg = errorOf([&] { Graph::fromBytes(g.bytes(), "ext.onnx", at::kCPU, dir); });
  EXPECT_NE(msg.find("weights.bin' is missing"), std::string::npos) << msg;
}

TEST(OnnxGraph, RejectsCyclesAndOutputsNeverProduced) {
  TestGraph cycle(13);
  cycle.input("x", at::randn({2}));
  cycle.node("Add", {"x", "b"}, {"a"});
  cycle.node("Relu", {"a"}, {"b"});
  cycle.output("b");
  EXPECT_EQ(errorOf([&] { cycle.load(); }), "test.onnx: the graph has a cycle");

  TestGraph dangling(13);
  dangling.input("x", at::randn({2})).node("Relu", {"x"}, {"y"});
  dangling.output("z");
  EXPECT_EQ(errorOf([&] { dangling.load(); }), "test.onnx: output 'z' is never produced");
}

// campplus.onnx and speech_tokenizer_v3.onnx swapped: each names its file and
// what it expected, at load.
TEST(OnnxGraph, ANetworkInTheWrongFileIsNamed) {
  const auto speaker = kModels / "s3tokenizer_v3_tiny.onnx", tokenizer = kModels / "campplus_tiny.onnx";
  EXPECT_EQ(errorOf([&] { cosystudio::SpeakerEncoder{speaker}; }),
            speaker.string() + ": not a CAM++ speaker encoder graph (expected one float input (batch, frames, features))");
  EXPECT_EQ(errorOf([&] { cosystudio::SpeechTokenizer{tokenizer}; }),
            tokenizer.string() +
                ": not a speech tokenizer graph (expected inputs (batch, mels, frames) float and (batch) lengths)");
}

TEST(OnnxGraph, ChecksInputTypeAndShape) {
  const auto graph = Graph::load(kModels / "campplus_tiny.onnx");
  const auto msg = errorOf([&] { graph.run({at::zeros({1, 50, 81})}); });
  EXPECT_NE(msg.find("expected shape (batch_size, frame_num, 80), got [1, 50, 81]"), std::string::npos) << msg;
  EXPECT_NE(errorOf([&] { graph.run({at::zeros({50, 80})}); }).find("got [50, 80]"), std::string::npos);
  EXPECT_NE(errorOf([&] { graph.run({at::zeros({1, 50, 80}, at::kDouble)}); }).find("expected Float, got Double"),
            std::string::npos);
}

// Shape arithmetic is cached per input shape; a second shape must not reuse it.
TEST(OnnxGraph, ShapeDependentValuesFollowTheInputShape) {
  TestGraph g(13);
  g.input("x", at::randn({2, 6}));
  g.node("Shape", {"x"}, {"s"});
  g.constant("i", longs({1})).constant("two", longs({2})).constant("minus1", longs({-1}));
  attr(g.node("Gather", {"s", "i"}, {"n"}), "axis", int64_t{0});
  g.node("Div", {"n", "two"}, {"half"});
  attr(g.node("Concat", {"minus1", "half"}, {"target"}), "axis", int64_t{0});
  g.node("Reshape", {"x", "target"}, {"y"});
  g.output("y");
  const auto graph = g.load();
  for (int64_t cols : {6, 4, 6, 8}) {
    const auto x = at::randn({2, cols});
    const auto y = graph.run({x})[0];
    EXPECT_EQ(y.sizes(), (std::vector<int64_t>{4, cols / 2}));
    EXPECT_TRUE(at::equal(y, x.reshape({4, cols / 2})));
  }
}

TEST(OnnxGraph, SpeakerEncoderReadsSizesFromTheGraph) {
  const cosystudio::SpeakerEncoder encoder(kModels / "campplus_tiny.onnx");
  EXPECT_EQ(encoder.featureSize(), 80);
  EXPECT_EQ(encoder.embeddingSize(), 32);
  at::manual_seed(3);
  const auto fbank = at::randn({120, 80});
  const auto e = encoder.embed(fbank);
  EXPECT_EQ(e.sizes(), (std::vector<int64_t>{32}));
  EXPECT_TRUE(at::equal(e, encoder.embed(fbank.unsqueeze(0))));
  // Padding changes CAM++'s output, so the encoder must see the exact frames.
  EXPECT_FALSE(at::allclose(e, encoder.embed(at::constant_pad_nd(fbank, {0, 0, 0, 10}))));
  EXPECT_NE(errorOf([&] { encoder.embed(at::randn({120, 40})); }).find("expected fbank (frames, 80)"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { encoder.embed(at::randn({2, 80})); }).find("too short"), std::string::npos);
}

TEST(OnnxGraph, SpeechTokenizerGivesOneTokenPerFourFrames) {
  const cosystudio::SpeechTokenizer tokenizer(kModels / "s3tokenizer_v3_tiny.onnx");
  EXPECT_EQ(tokenizer.melBins(), 128);
  // Two stride-2 convolutions: ceil(ceil(frames / 2) / 2) tokens.
  for (const auto [frames, expected] : {std::pair<int64_t, int64_t>{1, 1}, {7, 2}, {100, 25}, {301, 76}}) {
    const auto tokens = tokenizer.tokenize(at::randn({128, frames}) * 0.5);
    EXPECT_EQ(tokens.ids.size(0), expected) << frames << " frames";
    EXPECT_TRUE((tokens.ids >= 0).all().item<bool>() && (tokens.ids < 6561).all().item<bool>());
    ASSERT_TRUE(tokens.prequant.defined());
    EXPECT_EQ(tokens.prequant.sizes(), (std::vector<int64_t>{tokens.ids.size(0), 8}));
    // FSQ: little-endian base-3 digits round(tanh(p) * 0.999) + 1.
    const auto digits = (at::round(at::tanh(tokens.prequant) * 0.999) + 1).to(at::kLong);
    const auto powers = at::pow(3, at::arange(8, at::kLong));
    EXPECT_TRUE(at::equal(tokens.ids, (digits * powers).sum(1)));
  }
  EXPECT_NE(errorOf([&] { tokenizer.tokenize(at::randn({80, 100})); }).find("expected log-mel (128, frames)"),
            std::string::npos);
}
