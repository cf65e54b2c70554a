// Element-wise arithmetic, comparisons, logic, reductions and matrix products.
// ONNX's multidirectional broadcasting is numpy's, which ATen implements.
#include "onnx/node.h"
#include <cmath>
#include <string>

namespace cosystudio::onnx {

namespace {

using BinaryFn = at::Tensor (*)(const at::Tensor&, const at::Tensor&);
using UnaryFn = at::Tensor (*)(const at::Tensor&);

template <BinaryFn Fn>
Kernel binary(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors {
    const auto [a, b] = aligned(in[0], in[1]);
    return {Fn(a, b)};
  };
}

template <UnaryFn Fn>
Kernel unary(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors { return {Fn(in[0])}; };
}

at::Tensor add(const at::Tensor& a, const at::Tensor& b) { return a + b; }
at::Tensor sub(const at::Tensor& a, const at::Tensor& b) { return a - b; }
at::Tensor mul(const at::Tensor& a, const at::Tensor& b) { return a * b; }
// Integer division truncates toward zero in ONNX.
at::Tensor div(const at::Tensor& a, const at::Tensor& b) {
  if (at::isIntegralType(a.scalar_type(), true)) return at::div(a, b, "trunc");
  return a / b;
}
at::Tensor equal(const at::Tensor& a, const at::Tensor& b) { return at::eq(a, b); }
at::Tensor less(const at::Tensor& a, const at::Tensor& b) { return at::lt(a, b); }
at::Tensor lessOrEqual(const at::Tensor& a, const at::Tensor& b) { return at::le(a, b); }
at::Tensor greater(const at::Tensor& a, const at::Tensor& b) { return at::gt(a, b); }
at::Tensor greaterOrEqual(const at::Tensor& a, const at::Tensor& b) { return at::ge(a, b); }
at::Tensor logicalAnd(const at::Tensor& a, const at::Tensor& b) { return at::logical_and(a, b); }
at::Tensor logicalOr(const at::Tensor& a, const at::Tensor& b) { return at::logical_or(a, b); }
at::Tensor matmul(const at::Tensor& a, const at::Tensor& b) { return at::matmul(a, b); }

at::Tensor neg(const at::Tensor& x) { return at::neg(x); }
at::Tensor abs(const at::Tensor& x) { return at::abs(x); }
at::Tensor sqrt(const at::Tensor& x) { return at::sqrt(x); }
at::Tensor exp(const at::Tensor& x) { return at::exp(x); }
at::Tensor log(const at::Tensor& x) { return at::log(x); }
at::Tensor erf(const at::Tensor& x) { return at::erf(x); }
at::Tensor tanh(const at::Tensor& x) { return at::tanh(x); }
at::Tensor sigmoid(const at::Tensor& x) { return at::sigmoid(x); }
at::Tensor relu(const at::Tensor& x) { return at::relu(x); }
at::Tensor floor(const at::Tensor& x) { return at::floor(x); }
at::Tensor ceil(const at::Tensor& x) { return at::ceil(x); }
at::Tensor round(const at::Tensor& x) { return at::round(x); }  // half to even, as ONNX
at::Tensor sin(const at::Tensor& x) { return at::sin(x); }
at::Tensor cos(const at::Tensor& x) { return at::cos(x); }
at::Tensor logicalNot(const at::Tensor& x) { return at::logical_not(x); }
at::Tensor identity(const at::Tensor& x) { return x; }

// Pow keeps the base's type (ONNX), and squares exactly like a multiply.
Kernel pow(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const auto& e = in[1];
    if (e.numel() == 1 && e.is_cpu()) {
      const double v = e.item<double>();
      if (v == 2.0) return {x * x};
      return {at::pow(x, v).to(x.scalar_type())};
    }
    const auto [base, exponent] = aligned(x, e);
    return {at::pow(base, exponent).to(x.scalar_type())};
  };
}

Kernel leakyRelu(const NodeInfo& node) {
  const double alpha = node.f("alpha", 0.01);
  return [alpha](const Tensors& in) -> Tensors { return {at::leaky_relu(in[0], alpha)}; };
}

// Before opset 13 Softmax/LogSoftmax flatten to 2-D at `axis` (default 1);
// from 13 they act on the single axis (default -1).
template <bool Log>
Kernel softmax(const NodeInfo& node) {
  const bool legacy = node.opset < 13;
  const int64_t axis = node.i("axis", legacy ? 1 : -1);
  return [legacy, axis](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const int64_t a = normalizeAxis(axis, x.dim(), "axis");
    if (!legacy) return {Log ? at::log_softmax(x, a) : at::softmax(x, a)};
    const auto flat = x.reshape({c10::multiply_integers(x.sizes().slice(0, a)), -1});
    return {(Log ? at::log_softmax(flat, 1) : at::softmax(flat, 1)).view(x.sizes())};
  };
}

Kernel gemm(const NodeInfo& node) {
  const double alpha = node.f("alpha", 1.0);
  const double beta = node.f("beta", 1.0);
  const bool transA = node.i("transA", 0) != 0;
  const bool transB = node.i("transB", 0) != 0;
  return [=](const Tensors& in) -> Tensors {
    const auto a = transA ? in[0].t() : in[0];
    const auto b = transB ? in[1].t() : in[1];
    auto y = at::matmul(a, b);
    if (alpha != 1.0) y = y * alpha;
    if (in.size() > 2 && in[2].defined()) y = y + (beta == 1.0 ? in[2] : in[2] * beta);
    return {y};
  };
}

Kernel where(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors {
    const auto t = sameDevice(in);
    return {at::where(t[0], t[1], t[2])};
  };
}

// Min/Max take any number of inputs.
template <BinaryFn Fn>
Kernel variadic(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors {
    const auto t = sameDevice(in);
    auto y = t[0];
    for (size_t k = 1; k < t.size(); ++k) y = Fn(y, t[k]);
    return {y};
  };
}
at::Tensor minimum(const at::Tensor& a, const at::Tensor& b) { return at::minimum(a, b); }
at::Tensor maximum(const at::Tensor& a, const at::Tensor& b) { return at::maximum(a, b); }

// Clip bounds are attributes before opset 11 and optional inputs from 11.
Kernel clip(const NodeInfo& node) {
  const bool legacy = node.opset < 11;
  const double lo = node.f("min", -std::numeric_limits<double>::infinity());
  const double hi = node.f("max", std::numeric_limits<double>::infinity());
  return [=](const Tensors& in) -> Tensors {
    c10::optional<at::Scalar> min = legacy ? c10::optional<at::Scalar>(lo) : c10::nullopt;
    c10::optional<at::Scalar> max = legacy ? c10::optional<at::Scalar>(hi) : c10::nullopt;
    if (!legacy && in.size() > 1 && in[1].defined()) min = at::Scalar(hostScalar(in[1]));
    if (!legacy && in.size() > 2 && in[2].defined()) max = at::Scalar(hostScalar(in[2]));
    return {at::clamp(in[0], min, max)};
  };
}

Kernel cumSum(const NodeInfo& node) {
  const bool exclusive = node.i("exclusive", 0) != 0;
  const bool reverse = node.i("reverse", 0) != 0;
  return [=](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    // Checked before the cast, which is undefined for NaN or a value past int64's range.
    const double axisValue = hostScalar(in[1]);
    if (!(std::abs(axisValue) <= double(x.dim())))
      throw OnnxError("CumSum's axis " + std::to_string(axisValue) + " is out of range for rank " + std::to_string(x.dim()));
    const int64_t axis = normalizeAxis(static_cast<int64_t>(axisValue), x.dim(), "axis");
    auto v = reverse ? x.flip(axis) : x;
    auto y = at::cumsum(v, axis, x.scalar_type());
    if (exclusive) y = y - v;
    return {reverse ? y.flip(axis) : y};
  };
}

// Reductions: axes are an attribute, or (ReduceSum from 13, all from 18) an
// optional input; no axes reduce everything unless noop_with_empty_axes.
enum class Reduce { Mean, Sum, Prod, Max };

template <Reduce Op>
Kernel reduce(const NodeInfo& node) {
  const bool axesAsInput = node.opset >= 18 || (Op == Reduce::Sum && node.opset >= 13);
  const auto attrAxes = node.ints("axes");
  const bool keepdims = node.i("keepdims", 1) != 0;
  const bool noopWhenEmpty = node.i("noop_with_empty_axes", 0) != 0;
  return [=](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    auto axes = attrAxes;
    if (axesAsInput && in.size() > 1 && in[1].defined()) axes = hostInts(in[1]);
    if (axes.empty()) {
      if (noopWhenEmpty) return {x};
      for (int64_t d = 0; d < x.dim(); ++d) axes.push_back(d);
    }
    for (auto& a : axes) a = normalizeAxis(a, x.dim(), "axis");
    switch (Op) {
      case Reduce::Mean: return {at::mean(x, axes, keepdims)};
      case Reduce::Sum: return {at::sum(x, axes, keepdims, x.scalar_type())};
      case Reduce::Max: return {at::amax(x, axes, keepdims)};
      case Reduce::Prod: {
        std::sort(axes.rbegin(), axes.rend());
        auto y = x;
        for (auto a : axes) y = at::prod(y, a, keepdims, x.scalar_type());
        return {y};
      }
    }
    return {};
  };
}

}  // namespace

void registerMathOps(std::map<std::string, OpKernel>& t) {
  t["Add"] = {&binary<add>, 2};
  t["Sub"] = {&binary<sub>, 2};
  t["Mul"] = {&binary<mul>, 2};
  t["Div"] = {&binary<div>, 2};
  t["Equal"] = {&binary<equal>, 2};
  t["Less"] = {&binary<less>, 2};
  t["LessOrEqual"] = {&binary<lessOrEqual>, 2};
  t["Greater"] = {&binary<greater>, 2};
  t["GreaterOrEqual"] = {&binary<greaterOrEqual>, 2};
  t["And"] = {&binary<logicalAnd>, 2};
  t["Or"] = {&binary<logicalOr>, 2};
  t["MatMul"] = {&binary<matmul>, 2};
  t["Pow"] = {&pow, 2};
  t["Neg"] = {&unary<neg>, 1};
  t["Abs"] = {&unary<abs>, 1};
  t["Sqrt"] = {&unary<sqrt>, 1};
  t["Exp"] = {&unary<exp>, 1};
  t["Log"] = {&unary<log>, 1};
  t["Erf"] = {&unary<erf>, 1};
  t["Tanh"] = {&unary<tanh>, 1};
  t["Sigmoid"] = {&unary<sigmoid>, 1};
  t["Relu"] = {&unary<relu>, 1};
  t["Floor"] = {&unary<floor>, 1};
  t["Ceil"] = {&unary<ceil>, 1};
  t["Round"] = {&unary<round>, 1};
  t["Sin"] = {&unary<sin>, 1};
  t["Cos"] = {&unary<cos>, 1};
  t["Not"] = {&unary<logicalNot>, 1};
  t["Identity"] = {&unary<identity>, 1};
  t["LeakyRelu"] = {&leakyRelu, 1};
  t["Softmax"] = {&softmax<false>, 1};
  t["LogSoftmax"] = {&softmax<true>, 1};
  t["Gemm"] = {&gemm, 2};
  t["Where"] = {&where, 3};
  t["Min"] = {&variadic<minimum>, 1};
  t["Max"] = {&variadic<maximum>, 1};
  t["Clip"] = {&clip, 1};
  t["CumSum"] = {&cumSum, 2};
  t["ReduceMean"] = {&reduce<Reduce::Mean>, 1};
  t["ReduceSum"] = {&reduce<Reduce::Sum>, 1};
  t["ReduceProd"] = {&reduce<Reduce::Prod>, 1};
  t["ReduceMax"] = {&reduce<Reduce::Max>, 1};
}

}  // namespace cosystudio::onnx
