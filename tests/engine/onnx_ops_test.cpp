// Each ONNX op against a small graph built here, checked with values worked
// out from the ONNX operator definitions.
#include "onnx_test_graph.h"

#include <gtest/gtest.h>

using namespace cosystudio::onnx;
using cosystudio::onnx::test::attr;
using cosystudio::onnx::test::longs;
using cosystudio::onnx::test::TestGraph;

namespace {

at::Tensor runOne(TestGraph& g) { return g.output("y").run()[0]; }

void expectEqual(const at::Tensor& got, const at::Tensor& expected) {
  ASSERT_EQ(got.sizes(), expected.sizes());
  EXPECT_TRUE(at::allclose(got.to(at::kDouble), expected.to(at::kDouble), 1e-6, 1e-6))
      << "got\n" << got << "\nexpected\n" << expected;
}

}  // namespace

TEST(OnnxOps, BinaryOpsBroadcastBothWays) {
  const auto a = at::arange(12, at::kFloat).reshape({3, 1, 4});
  const auto b = at::tensor({1.0f, 2.0f}).reshape({2, 1});
  TestGraph g(13);
  g.input("a", a).input("b", b).node("Sub", {"a", "b"}, {"y"});
  expectEqual(runOne(g), a - b);  // (3, 2, 4)
}

TEST(OnnxOps, IntegerDivTruncatesTowardZero) {
  TestGraph g(13);
  g.input("a", at::tensor({-7, 7, -8}, at::kInt)).constant("b", at::tensor({2, -2, 3}, at::kInt));
  g.node("Div", {"a", "b"}, {"y"});
  const auto y = runOne(g);
  EXPECT_EQ(y.scalar_type(), at::kInt);
  expectEqual(y, at::tensor({-3, -3, -2}));
}

TEST(OnnxOps, ComparisonsAndLogic) {
  const auto a = at::tensor({1.0f, 2.0f, 3.0f});
  TestGraph g(13);
  g.input("a", a).constant("two", at::scalar_tensor(2.0f));
  g.node("Less", {"a", "two"}, {"lt"});
  g.node("GreaterOrEqual", {"a", "two"}, {"ge"});
  g.node("Equal", {"a", "two"}, {"eq"});
  g.node("Or", {"lt", "eq"}, {"le"});
  g.node("Not", {"ge"}, {"notge"});
  g.node("And", {"le", "notge"}, {"y"});
  g.node("Where", {"y", "a", "two"}, {"w"});
  const auto out = g.output("y").output("w").run();
  expectEqual(out[0], at::tensor({1, 0, 0}).to(at::kBool));
  expectEqual(out[1], at::tensor({1.0f, 2.0f, 2.0f}));
}

TEST(OnnxOps, UnaryOps) {
  const auto x = at::tensor({-1.5f, -0.5f, 0.5f, 2.5f});
  const std::vector<std::pair<std::string, at::Tensor>> cases = {
      {"Neg", -x}, {"Abs", x.abs()}, {"Exp", x.exp()}, {"Erf", x.erf()}, {"Tanh", x.tanh()},
      {"Sigmoid", x.sigmoid()}, {"Relu", x.relu()}, {"Floor", x.floor()}, {"Ceil", x.ceil()},
      {"Round", at::tensor({-2.0f, -0.0f, 0.0f, 2.0f})},  // half to even
      {"Sin", x.sin()}, {"Cos", x.cos()}, {"Identity", x}};
  for (const auto& [op, expected] : cases) {
    TestGraph g(13);
    g.input("x", x).node(op, {"x"}, {"y"});
    SCOPED_TRACE(op);
    expectEqual(runOne(g), expected);
  }
  TestGraph s(13);
  s.input("x", x.abs()).node("Sqrt", {"x"}, {"r"});
  s.node("Log", {"r"}, {"y"});
  expectEqual(runOne(s), x.abs().sqrt().log());
  TestGraph p(13);
  p.input("x", x).constant("e", at::scalar_tensor(3.0f)).node("Pow", {"x", "e"}, {"y"});
  expectEqual(runOne(p), x.pow(3));
  TestGraph l(13);
  auto& n = l.input("x", x).node("LeakyRelu", {"x"}, {"y"});
  attr(n, "alpha", 0.1f);
  expectEqual(runOne(l), at::tensor({-0.15f, -0.05f, 0.5f, 2.5f}));
}

TEST(OnnxOps, SoftmaxFlattensBeforeOpset13) {
  const auto x = at::randn({2, 3, 4});
  TestGraph legacy(11);
  legacy.input("x", x).node("Softmax", {"x"}, {"y"});  // axis 1: over the last 12 values
  expectEqual(runOne(legacy), at::softmax(x.reshape({2, 12}), 1).view({2, 3, 4}));
  TestGraph modern(13);
  auto& n = modern.input("x", x).node("LogSoftmax", {"x"}, {"y"});
  attr(n, "axis", int64_t{-2});
  expectEqual(runOne(modern), at::log_softmax(x, 1));
}

TEST(OnnxOps, MatMulAndGemm) {
  const auto a = at::randn({2, 3, 4});
  const auto b = at::randn({4, 5});
  TestGraph m(13);
  m.input("a", a).input("b", b).node("MatMul", {"a", "b"}, {"y"});
  expectEqual(runOne(m), at::matmul(a, b));

  const auto x = at::randn({3, 4});
  const auto w = at::randn({5, 4});
  const auto c = at::randn({5});
  TestGraph g(13);
  auto& n = g.input("x", x).constant("w", w).constant("c", c).node("Gemm", {"x", "w", "c"}, {"y"});
  attr(n, "transB", int64_t{1});
  attr(n, "alpha", 2.0f);
  attr(n, "beta", 0.5f);
  expectEqual(runOne(g), 2 * at::matmul(x, w.t()) + 0.5 * c);
}

TEST(OnnxOps, ConvWithGroupsDilationAndAsymmetricPads) {
  const auto x = at::randn({1, 4, 10});
  const auto w = at::randn({6, 2, 3});
  const auto b = at::randn({6});
  TestGraph g(11);
  auto& n = g.input("x", x).constant("w", w).constant("b", b).node("Conv", {"x", "w", "b"}, {"y"});
  attr(n, "group", int64_t{2});
  attr(n, "dilations", std::vector<int64_t>{2});
  attr(n, "pads", std::vector<int64_t>{3, 1});
  attr(n, "strides", std::vector<int64_t>{2});
  const auto expected = at::conv1d(at::constant_pad_nd(x, {3, 1}), w, b, std::vector<int64_t>{2}, std::vector<int64_t>{0}, std::vector<int64_t>{2}, 2);
  expectEqual(runOne(g), expected);

  const auto x2 = at::randn({1, 1, 5, 6});
  const auto w2 = at::randn({2, 1, 3, 3});
  TestGraph g2(11);
  auto& n2 = g2.input("x", x2).constant("w", w2).node("Conv", {"x", "w"}, {"y"});
  attr(n2, "pads", std::vector<int64_t>{1, 1, 1, 1});
  attr(n2, "strides", std::vector<int64_t>{2, 1});
  expectEqual(runOne(g2), at::conv2d(x2, w2, {}, {2, 1}, {1, 1}));
}

TEST(OnnxOps, AveragePoolCeilModeAndCountIncludePad) {
  const auto x = at::arange(1, 6, at::kFloat).reshape({1, 1, 5});  // 1 2 3 4 5
  auto pool = [&](int64_t ceil, int64_t include, std::vector<int64_t> pads) {
    TestGraph g(11);
    auto& n = g.input("x", x).node("AveragePool", {"x"}, {"y"});
    attr(n, "kernel_shape", std::vector<int64_t>{2});
    attr(n, "strides", std::vector<int64_t>{2});
    attr(n, "ceil_mode", ceil);
    attr(n, "count_include_pad", include);
    attr(n, "pads", pads);
    return runOne(g).reshape(-1);
  };
  // The partial last window averages only what it covers.
  expectEqual(pool(1, 0, {0, 0}), at::tensor({1.5f, 3.5f, 5.0f}));
  expectEqual(pool(0, 0, {0, 0}), at::tensor({1.5f, 3.5f}));
  // Padding 1 on the left: windows (pad,1) (2,3) (4,5).
  expectEqual(pool(0, 0, {1, 0}), at::tensor({1.0f, 2.5f, 4.5f}));
  expectEqual(pool(0, 1, {1, 0}), at::tensor({0.5f, 2.5f, 4.5f}));
  expectEqual(pool(0, 1, {1, 1}), at::tensor({0.5f, 2.5f, 4.5f}));
}

TEST(OnnxOps, PadModes) {
  const auto x = at::tensor({1.0f, 2.0f, 3.0f, 4.0f}).reshape({1, 4});
  auto pad = [&](const std::string& mode, std::vector<int64_t> pads) {
    TestGraph g(13);
    g.input("x", x).constant("pads", longs(pads)).constant("v", at::scalar_tensor(9.0f));
    auto& n = g.node("Pad", {"x", "pads", "v"}, {"y"});
    attr(n, "mode", mode);
    return runOne(g);
  };
  expectEqual(pad("reflect", {0, 2, 0, 1}), at::tensor({3.0f, 2.0f, 1.0f, 2.0f, 3.0f, 4.0f, 3.0f}).reshape({1, 7}));
  expectEqual(pad("edge", {0, 1, 0, 2}), at::tensor({1.0f, 1.0f, 2.0f, 3.0f, 4.0f, 4.0f, 4.0f}).reshape({1, 7}));
  expectEqual(pad("constant", {1, -1, 0, 1}),
              at::tensor({9.0f, 9.0f, 9.0f, 9.0f, 2.0f, 3.0f, 4.0f, 9.0f}).reshape({2, 4}));
}

TEST(OnnxOps, SplitSizesFromAttributeInputOrNumOutputs) {
  const auto x = at::arange(10, at::kFloat).reshape({2, 5});
  TestGraph a(11);
  auto& na = a.input("x", x).node("Split", {"x"}, {"p", "q"});
  attr(na, "axis", int64_t{-1});
  attr(na, "split", std::vector<int64_t>{2, 3});
  auto out = a.output("p").output("q").run();
  expectEqual(out[1], x.slice(1, 2));

  TestGraph b(13);
  auto& nb = b.input("x", x).constant("s", longs({4, 1})).node("Split", {"x", "s"}, {"p", "q"});
  attr(nb, "axis", int64_t{1});
  out = b.output("p").output("q").run();
  expectEqual(out[0], x.slice(1, 0, 4));

  TestGraph c(18);
  auto& nc = c.input("x", x).node("Split", {"x"}, {"p", "q"});
  attr(nc, "axis", int64_t{1});
  attr(nc, "num_outputs", int64_t{2});
  out = c.output("p").output("q").run();
  EXPECT_EQ(out[0].size(1), 3);
  EXPECT_EQ(out[1].size(1), 2);
}

TEST(OnnxOps, SqueezeUnsqueezeAxesAttributeThenInput) {
  const auto x = at::randn({3, 1, 4, 1});
  TestGraph a(11);
  auto& na = a.input("x", x).node("Squeeze", {"x"}, {"s"});
  attr(na, "axes", std::vector<int64_t>{-1});
  auto& nb = a.node("Unsqueeze", {"s"}, {"y"});
  attr(nb, "axes", std::vector<int64_t>{0, -1});
  EXPECT_EQ(runOne(a).sizes(), (std::vector<int64_t>{1, 3, 1, 4, 1}));

  TestGraph b(13);
  b.input("x", x).constant("sa", longs({1, -1})).constant("ua", longs({-1}));
  b.node("Squeeze", {"x", "sa"}, {"s"});
  b.node("Unsqueeze", {"s", "ua"}, {"y"});
  EXPECT_EQ(runOne(b).sizes(), (std::vector<int64_t>{3, 4, 1}));

  TestGraph c(13);
  c.input("x", x).constant("sa", longs({0}));
  c.node("Squeeze", {"x", "sa"}, {"y"});
  EXPECT_THROW(runOne(c), OnnxError);  // axis 0 has size 3
}

TEST(OnnxOps, SliceClampsAndSteps) {
  const auto x = at::arange(10, at::kFloat).reshape({2, 5});
  TestGraph g(13);
  g.input("x", x).constant("st", longs({-1, 100})).constant("en", longs({-100, -4})).constant("ax", longs({1, 0}));
  g.constant("sp", longs({-2, 1}));
  g.node("Slice", {"x", "st", "en", "ax", "sp"}, {"y"});
  // axis 1 from 4 down to 0 step -2 -> columns 4 2 0; axis 0 from 100 (clamped 2) to -4 -> empty
  EXPECT_EQ(runOne(g).sizes(), (std::vector<int64_t>{0, 3}));

  TestGraph h(13);
  h.input("x", x).constant("st", longs({-1})).constant("en", longs({-100})).constant("ax", longs({-1}));
  h.constant("sp", longs({-2}));
  h.node("Slice", {"x", "st", "en", "ax", "sp"}, {"y"});
  expectEqual(runOne(h), at::tensor({4.0f, 2.0f, 0.0f, 9.0f, 7.0f, 5.0f}).reshape({2, 3}));
}

TEST(OnnxOps, GatherNegativeAndMatrixIndices) {
  const auto x = at::arange(12, at::kFloat).reshape({3, 4});
  TestGraph g(13);
  auto& n = g.input("x", x).constant("i", longs({-1, 0, 1, -4}).reshape({2, 2})).node("Gather", {"x", "i"}, {"y"});
  attr(n, "axis", int64_t{-1});
  const auto y = runOne(g);
  EXPECT_EQ(y.sizes(), (std::vector<int64_t>{3, 2, 2}));
  expectEqual(y[1], at::tensor({7.0f, 4.0f, 5.0f, 4.0f}).reshape({2, 2}));

  TestGraph s(13);
  s.input("x", x).constant("i", at::scalar_tensor(-1, at::kLong)).node("Gather", {"x", "i"}, {"y"});
  expectEqual(runOne(s), x[2]);
}

TEST(OnnxOps, Reductions) {
  const auto x = at::arange(1, 25, at::kFloat).reshape({2, 3, 4});
  TestGraph m(11);
  auto& nm = m.input("x", x).node("ReduceMean", {"x"}, {"y"});
  attr(nm, "axes", std::vector<int64_t>{-1, 0});
  expectEqual(runOne(m), x.mean(std::vector<int64_t>{0, 2}, true));

  TestGraph s(13);
  auto& ns = s.input("x", x).constant("ax", longs({1})).node("ReduceSum", {"x", "ax"}, {"y"});
  attr(ns, "keepdims", int64_t{0});
  expectEqual(runOne(s), x.sum(1));

  TestGraph s18(18);
  s18.input("x", x).constant("ax", longs({-2})).node("ReduceMax", {"x", "ax"}, {"y"});
  expectEqual(runOne(s18), std::get<0>(x.max(1, true)));

  TestGraph p(11);
  auto& np = p.input("x", x).node("ReduceProd", {"x"}, {"y"});
  attr(np, "axes", std::vector<int64_t>{0, 1});
  attr(np, "keepdims", int64_t{0});
  expectEqual(runOne(p), x.prod(0).prod(0));
}

TEST(OnnxOps, NormalisationOps) {
  const auto x = at::randn({2, 3, 5});
  const auto scale = at::rand({3}) + 0.5;
  const auto bias = at::randn({3});
  const auto mean = at::randn({3});
  const auto var = at::rand({3}) + 0.5;
  TestGraph b(11);
  b.input("x", x).constant("s", scale).constant("b", bias).constant("m", mean).constant("v", var);
  b.node("BatchNormalization", {"x", "s", "b", "m", "v"}, {"y"});
  const auto expected = (x - mean.view({1, 3, 1})) / (var.view({1, 3, 1}) + 1e-5).sqrt() * scale.view({1, 3, 1}) +
                        bias.view({1, 3, 1});
  EXPECT_TRUE(at::allclose(runOne(b), expected, 1e-5, 1e-5));

  const auto w = at::randn({3, 5});
  const auto c = at::randn({3, 5});
  TestGraph l(17);
  auto& nl = l.input("x", x).constant("w", w).constant("c", c).node("LayerNormalization", {"x", "w", "c"}, {"y"});
  attr(nl, "axis", int64_t{-2});
  const auto mu = x.mean(std::vector<int64_t>{1, 2}, true);
  const auto sigma = (x.var(std::vector<int64_t>{1, 2}, false, true) + 1e-5).sqrt();
  EXPECT_TRUE(at::allclose(runOne(l), (x - mu) / sigma * w + c, 1e-5, 1e-5));
}

TEST(OnnxOps, ShapeOps) {
  const auto x = at::randn({2, 3, 4});
  TestGraph g(15);
  auto& ns = g.input("x", x).node("Shape", {"x"}, {"shape"});
  attr(ns, "start", int64_t{-2});
  g.constant("zero", longs({0}));
  attr(g.node("Concat", {"zero", "shape"}, {"target"}), "axis", int64_t{0});
  g.node("Reshape", {"x", "target"}, {"y"});  // (0, 3, 4) -> 0 copies dim 0
  g.node("Size", {"x"}, {"n"});
  auto& nf = g.node("Flatten", {"x"}, {"f"});
  attr(nf, "axis", int64_t{-1});
  g.node("Transpose", {"x"}, {"t"});
  auto out = g.output("y").output("n").output("f").output("t").run();
  expectEqual(out[0], x);
  EXPECT_EQ(out[1].item<int64_t>(), 24);
  EXPECT_EQ(out[2].sizes(), (std::vector<int64_t>{6, 4}));
  expectEqual(out[3], x.permute({2, 1, 0}));
}

TEST(OnnxOps, ExpandTileConstantOfShapeRangeCastCumSumClip) {
  const auto x = at::tensor({1.0f, 2.0f, 3.0f}).reshape({3, 1});
  TestGraph g(13);
  g.input("x", x).constant("shape", longs({2, 1, 2})).constant("reps", longs({2, 2}));
  g.node("Expand", {"x", "shape"}, {"e"});  // (3,1) with (2,1,2) -> (2,3,2)
  g.node("Tile", {"x", "reps"}, {"t"});
  auto& nc = g.node("ConstantOfShape", {"reps"}, {"c"});
  attr(nc, "value", at::tensor({7}, at::kInt));
  g.constant("start", at::scalar_tensor(5, at::kLong)).constant("limit", at::scalar_tensor(-1, at::kLong));
  g.constant("delta", at::scalar_tensor(-2, at::kLong));
  g.node("Range", {"start", "limit", "delta"}, {"r"});
  auto& ncast = g.node("Cast", {"x"}, {"i"});
  attr(ncast, "to", int64_t{::onnx::TensorProto::INT32});
  g.constant("axis", at::scalar_tensor(0, at::kLong));
  auto& ncs = g.node("CumSum", {"x", "axis"}, {"cs"});
  attr(ncs, "exclusive", int64_t{1});
  attr(ncs, "reverse", int64_t{1});
  g.constant("lo", at::scalar_tensor(1.5f));
  g.node("Clip", {"x", "lo", ""}, {"cl"});
  g.node("Max", {"x", "lo"}, {"mx"});
  auto out = g.output("e").output("t").output("c").output("r").output("i").output("cs").output("cl").output("mx").run();
  EXPECT_EQ(out[0].sizes(), (std::vector<int64_t>{2, 3, 2}));
  expectEqual(out[1], x.repeat({2, 2}));
  expectEqual(out[2], at::full({2, 2}, 7, at::kInt));
  EXPECT_EQ(out[2].scalar_type(), at::kInt);
  expectEqual(out[3], longs({5, 3, 1}));
  EXPECT_EQ(out[4].scalar_type(), at::kInt);
  expectEqual(out[5], at::tensor({5.0f, 3.0f, 0.0f}).reshape({3, 1}));
  expectEqual(out[6], at::tensor({1.5f, 2.0f, 3.0f}).reshape({3, 1}));
  expectEqual(out[7], out[6]);
}
