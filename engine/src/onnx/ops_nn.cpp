// Convolution, normalisation, pooling and padding.
#include "onnx/node.h"

namespace cosystudio::onnx {

namespace {

// ONNX pads are [begin_0, begin_1, ..., end_0, end_1, ...] over the spatial
// dims; ATen takes one symmetric pad per dim. Asymmetric pads are applied
// explicitly first.
struct SpatialPads {
  std::vector<int64_t> symmetric;  // per spatial dim, for the ATen op
  std::vector<int64_t> explicitPad;  // constant_pad_nd layout, empty when symmetric
};

SpatialPads splitPads(const std::vector<int64_t>& pads, size_t spatial) {
  SpatialPads out;
  out.symmetric.assign(spatial, 0);
  if (pads.empty()) return out;
  if (pads.size() != 2 * spatial)
    throw OnnxError("pads holds " + std::to_string(pads.size()) + " values, " + std::to_string(2 * spatial) +
                    " expected (begin and end of each spatial axis)");
  bool symmetric = true;
  for (size_t d = 0; d < spatial; ++d) symmetric = symmetric && pads[d] == pads[d + spatial];
  if (symmetric) {
    for (size_t d = 0; d < spatial; ++d) out.symmetric[d] = pads[d];
    return out;
  }
  for (size_t d = spatial; d-- > 0;) {  // constant_pad_nd starts at the last dim
    out.explicitPad.push_back(pads[d]);
    out.explicitPad.push_back(pads[d + spatial]);
  }
  return out;
}

void checkAutoPad(const NodeInfo& node) {
  const auto autoPad = node.s("auto_pad", "NOTSET");
  if (autoPad != "NOTSET" && autoPad != "VALID") node.fail("auto_pad " + autoPad + " is not supported");
}

Kernel conv(const NodeInfo& node) {
  checkAutoPad(node);
  const auto kernelShape = node.ints("kernel_shape");
  const int64_t groups = node.i("group", 1);
  const auto stridesAttr = node.ints("strides");
  const auto dilationsAttr = node.ints("dilations");
  const auto padsAttr = node.ints("pads");
  return [=](const Tensors& in) -> Tensors {
    const auto& w = in[1];
    const size_t spatial = w.dim() - 2;
    if (spatial < 1 || spatial > 3) throw OnnxError("only 1-D to 3-D convolutions are supported");
    const auto strides = stridesAttr.empty() ? std::vector<int64_t>(spatial, 1) : stridesAttr;
    const auto dilations = dilationsAttr.empty() ? std::vector<int64_t>(spatial, 1) : dilationsAttr;
    const auto pads = splitPads(padsAttr, spatial);
    auto x = pads.explicitPad.empty() ? in[0] : at::constant_pad_nd(in[0], pads.explicitPad, 0);
    const auto bias = in.size() > 2 ? in[2] : at::Tensor();
    return {at::convolution(x, w, bias, strides, pads.symmetric, dilations, false,
                            std::vector<int64_t>(spatial, 0), groups)};
  };
}

Kernel batchNorm(const NodeInfo& node) {
  const double eps = node.f("epsilon", 1e-5);
  if (node.i("training_mode", 0) != 0) node.fail("training_mode is not supported");
  return [eps](const Tensors& in) -> Tensors {
    return {at::batch_norm(in[0], in[1], in[2], in[3], in[4], false, 0.0, eps, true)};
  };
}

Kernel layerNorm(const NodeInfo& node) {
  const int64_t axis = node.i("axis", -1);
  const double eps = node.f("epsilon", 1e-5);
  for (size_t k = 1; k < node.outputUsed.size(); ++k)
    if (node.outputUsed[k]) node.fail("the Mean/InvStdDev outputs are not supported");
  return [axis, eps](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const int64_t a = normalizeAxis(axis, x.dim(), "axis");
    const auto bias = in.size() > 2 ? in[2] : at::Tensor();
    return {at::layer_norm(x, x.sizes().slice(a), in[1], bias, eps)};
  };
}

// AveragePool with ceil_mode and count_include_pad. Windows are clipped to
// the (padded) input; with count_include_pad=0 the divisor counts only real
// elements, which for asymmetric pads is the pooled mask of real elements.
Kernel averagePool(const NodeInfo& node) {
  checkAutoPad(node);
  const auto kernelShape = node.ints("kernel_shape");
  if (kernelShape.empty() || kernelShape.size() > 2) node.fail("only 1-D and 2-D kernel_shape is supported");
  const size_t spatial = kernelShape.size();
  const auto strides = node.ints("strides", std::vector<int64_t>(spatial, 1));
  const bool ceilMode = node.i("ceil_mode", 0) != 0;
  const bool includePad = node.i("count_include_pad", 0) != 0;
  const auto pads = splitPads(node.ints("pads"), spatial);
  for (auto d : node.ints("dilations"))
    if (d != 1) node.fail("dilations are not supported");
  const auto pool = [=](const at::Tensor& x, bool countPad) {
    if (spatial == 1) return at::avg_pool1d(x, kernelShape, strides, pads.symmetric, ceilMode, countPad);
    return at::avg_pool2d(x, kernelShape, strides, pads.symmetric, ceilMode, countPad);
  };
  return [=](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    if (pads.explicitPad.empty()) return {pool(x, includePad)};
    const auto padded = at::constant_pad_nd(x, pads.explicitPad, 0);
    if (includePad) return {pool(padded, true)};
    const auto mask = at::constant_pad_nd(at::ones_like(x), pads.explicitPad, 0);
    return {pool(padded, true) / pool(mask, true)};
  };
}

// Pad (opset >= 11): pads, optional constant_value and (18) axes are inputs.
// Reflect and edge modes gather along each padded axis.
Kernel pad(const NodeInfo& node) {
  const auto mode = node.s("mode", "constant");
  if (mode != "constant" && mode != "reflect" && mode != "edge") node.fail("mode " + mode + " is not supported");
  return [mode](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const int64_t rank = x.dim();
    const auto raw = hostInts(in[1]);
    std::vector<int64_t> axes;
    if (in.size() > 3 && in[3].defined()) {
      for (auto a : hostInts(in[3])) axes.push_back(normalizeAxis(a, rank, "axis"));
    } else {
      for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
    }
    if (raw.size() != 2 * axes.size()) throw OnnxError("pads has " + std::to_string(raw.size()) + " values");
    std::vector<int64_t> before(rank, 0), after(rank, 0);
    for (size_t k = 0; k < axes.size(); ++k) {
      before[axes[k]] = raw[k];
      after[axes[k]] = raw[k + axes.size()];
    }
    if (mode == "constant") {
      std::vector<int64_t> torchPads;
      for (int64_t d = rank; d-- > 0;) {
        torchPads.push_back(before[d]);
        torchPads.push_back(after[d]);
      }
      const double value = in.size() > 2 && in[2].defined() ? hostScalar(in[2]) : 0.0;
      return {at::constant_pad_nd(x, torchPads, value)};
    }
    auto y = x;
    for (int64_t d = 0; d < rank; ++d) {
      if (before[d] == 0 && after[d] == 0) continue;
      const int64_t n = x.size(d);
      if (mode == "reflect" && (before[d] >= n || after[d] >= n))
        throw OnnxError("reflect padding must be smaller than the dimension");
      std::vector<int64_t> index;
      for (int64_t i = -before[d]; i < n + after[d]; ++i) {
        int64_t j = i;
        if (mode == "edge") j = std::clamp<int64_t>(i, 0, n - 1);
        else if (i < 0) j = -i;
        else if (i >= n) j = 2 * (n - 1) - i;
        index.push_back(j);
      }
      y = y.index_select(d, at::tensor(index, at::kLong).to(y.device()));
    }
    return {y};
  };
}

}  // namespace

void registerNnOps(std::map<std::string, OpKernel>& t) {
  t["Conv"] = {&conv, 2};
  t["BatchNormalization"] = {&batchNorm, 5};
  t["LayerNormalization"] = {&layerNorm, 2};
  t["AveragePool"] = {&averagePool, 1};
  t["Pad"] = {&pad, 2};
}

}  // namespace cosystudio::onnx
