// Shape and layout ops. Shape/Size produce host tensors so the shape
// arithmetic built on them never touches the device.
#include "onnx/node.h"
#include "onnx/tensor_proto.h"

#include <ATen/ExpandUtils.h>

namespace cosystudio::onnx {

namespace {

at::Tensor hostLongs(const std::vector<int64_t>& values) { return at::tensor(values, at::kLong); }

Kernel shape(const NodeInfo& node) {
  const int64_t startAttr = node.i("start", 0);
  const bool hasEnd = node.has("end");
  const int64_t endAttr = node.i("end", 0);
  return [=](const Tensors& in) -> Tensors {
    const auto sizes = in[0].sizes();
    const int64_t rank = static_cast<int64_t>(sizes.size());
    const auto clampAxis = [rank](int64_t a) { return std::clamp<int64_t>(a < 0 ? a + rank : a, 0, rank); };
    const int64_t start = clampAxis(startAttr);
    const int64_t end = hasEnd ? clampAxis(endAttr) : rank;
    return {hostLongs(std::vector<int64_t>(sizes.begin() + start, sizes.begin() + std::max(start, end)))};
  };
}

Kernel size(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors { return {at::scalar_tensor(in[0].numel(), at::kLong)}; };
}

Kernel reshape(const NodeInfo& node) {
  const bool allowZero = node.i("allowzero", 0) != 0;
  return [allowZero](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    auto target = hostInts(in[1]);
    if (!allowZero)
      for (size_t d = 0; d < target.size(); ++d)
        if (target[d] == 0) target[d] = x.size(static_cast<int64_t>(d));
    return {x.reshape(target)};
  };
}

Kernel flatten(const NodeInfo& node) {
  const int64_t axis = node.i("axis", 1);
  return [axis](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const int64_t a = axis < 0 ? axis + x.dim() : axis;
    if (a < 0 || a > x.dim()) throw OnnxError("axis " + std::to_string(axis) + " is out of range");
    const auto sizes = x.sizes();
    return {x.reshape({c10::multiply_integers(sizes.slice(0, a)), c10::multiply_integers(sizes.slice(a))})};
  };
}

// Squeeze/Unsqueeze/Split take their axes (split sizes) as an attribute before
// opset 13 and as an input from 13.
std::vector<int64_t> axesOf(bool fromInput, const std::vector<int64_t>& attr, const Tensors& in, size_t slot) {
  if (fromInput) return in.size() > slot && in[slot].defined() ? hostInts(in[slot]) : std::vector<int64_t>{};
  return attr;
}

Kernel squeeze(const NodeInfo& node) {
  const auto attrAxes = node.ints("axes");
  const bool fromInput = node.opset >= 13;
  return [fromInput, attrAxes](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    auto axes = axesOf(fromInput, attrAxes, in, 1);
    if (axes.empty()) return {x.squeeze()};
    for (auto& a : axes) {
      a = normalizeAxis(a, x.dim(), "axis");
      if (x.size(a) != 1) throw OnnxError("cannot squeeze axis " + std::to_string(a) + " of size " +
                                          std::to_string(x.size(a)));
    }
    std::sort(axes.rbegin(), axes.rend());
    auto y = x;
    for (auto a : axes) y = y.squeeze(a);
    return {y};
  };
}

Kernel unsqueeze(const NodeInfo& node) {
  const auto attrAxes = node.ints("axes");
  const bool fromInput = node.opset >= 13;
  return [fromInput, attrAxes](const Tensors& in) -> Tensors {
    auto axes = axesOf(fromInput, attrAxes, in, 1);
    const int64_t rank = in[0].dim() + static_cast<int64_t>(axes.size());
    for (auto& a : axes) a = normalizeAxis(a, rank, "axis");
    std::sort(axes.begin(), axes.end());
    auto y = in[0];
    for (auto a : axes) y = y.unsqueeze(a);
    return {y};
  };
}

Kernel concat(const NodeInfo& node) {
  if (!node.has("axis")) node.fail("attribute 'axis' is missing");
  const int64_t axis = node.i("axis", 0);
  return [axis](const Tensors& in) -> Tensors {
    const auto t = sameDevice(in);
    return {at::cat(t, normalizeAxis(axis, t[0].dim(), "axis"))};
  };
}

// Split: explicit sizes, or equal parts per output (opset 18: num_outputs,
// the last part may be smaller).
Kernel split(const NodeInfo& node) {
  const int64_t axis = node.i("axis", 0);
  const auto attrSplit = node.ints("split");
  const int64_t parts = node.opset >= 18 && node.has("num_outputs") ? node.i("num_outputs", 0) : node.numOutputs;
  const bool fromInput = node.opset >= 13;
  return [fromInput, axis, attrSplit, parts](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const int64_t a = normalizeAxis(axis, x.dim(), "axis");
    auto sizes = axesOf(fromInput, attrSplit, in, 1);
    if (sizes.empty()) {
      const int64_t chunk = (x.size(a) + parts - 1) / parts;
      for (int64_t k = 0; k < parts; ++k) sizes.push_back(std::min(chunk, x.size(a) - k * chunk));
    }
    Tensors out;
    for (auto& p : x.split_with_sizes(sizes, a)) out.push_back(p);
    return out;
  };
}

// Slice (opset >= 10): starts, ends, optional axes and steps as inputs,
// clamped per ONNX; negative steps walk backwards.
Kernel slice(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const auto starts = hostInts(in[1]);
    const auto ends = hostInts(in[2]);
    std::vector<int64_t> axes;
    if (in.size() > 3 && in[3].defined()) axes = hostInts(in[3]);
    else for (size_t k = 0; k < starts.size(); ++k) axes.push_back(static_cast<int64_t>(k));
    std::vector<int64_t> steps(starts.size(), 1);
    if (in.size() > 4 && in[4].defined()) steps = hostInts(in[4]);
    if (ends.size() != starts.size() || axes.size() != starts.size() || steps.size() != starts.size())
      throw OnnxError("starts, ends, axes and steps differ in length");
    auto y = x;
    for (size_t k = 0; k < starts.size(); ++k) {
      const int64_t a = normalizeAxis(axes[k], x.dim(), "axis");
      const int64_t n = x.size(a);
      const int64_t step = steps[k];
      if (step == 0) throw OnnxError("step 0");
      int64_t start = starts[k] < 0 ? starts[k] + n : starts[k];
      int64_t end = ends[k] < 0 ? ends[k] + n : ends[k];
      if (step > 0) {
        start = std::clamp<int64_t>(start, 0, n);
        end = std::clamp<int64_t>(end, 0, n);
        y = y.slice(a, start, std::max(start, end), step);
      } else {
        start = std::clamp<int64_t>(start, 0, n - 1);
        end = std::clamp<int64_t>(end, -1, n - 1);
        std::vector<int64_t> index;
        for (int64_t i = start; i > end; i += step) index.push_back(i);
        y = y.index_select(a, at::tensor(index, at::kLong).to(y.device()));
      }
    }
    return {y};
  };
}

// Gather along an axis with possibly negative indices of any shape.
Kernel gather(const NodeInfo& node) {
  const int64_t axis = node.i("axis", 0);
  return [axis](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    const int64_t a = normalizeAxis(axis, x.dim(), "axis");
    if (in[1].dim() == 0 && in[1].is_cpu()) {
      const auto i = in[1].item<int64_t>();
      return {x.select(a, i < 0 ? i + x.size(a) : i)};
    }
    auto index = in[1].to(x.device(), at::kLong);
    index = at::where(index < 0, index + x.size(a), index);
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().begin() + a);
    shape.insert(shape.end(), index.sizes().begin(), index.sizes().end());
    shape.insert(shape.end(), x.sizes().begin() + a + 1, x.sizes().end());
    return {x.index_select(a, index.reshape(-1)).view(shape)};
  };
}

Kernel transpose(const NodeInfo& node) {
  const auto permAttr = node.ints("perm");
  return [permAttr](const Tensors& in) -> Tensors {
    auto perm = permAttr;
    if (perm.empty())
      for (int64_t d = in[0].dim(); d-- > 0;) perm.push_back(d);
    return {in[0].permute(perm)};
  };
}

// Expand broadcasts both ways: the result has the broadcast of both shapes.
Kernel expand(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors {
    const auto& x = in[0];
    auto target = hostInts(in[1]);
    const auto shape = at::infer_size(x.sizes(), target);
    return {x.expand(shape)};
  };
}

Kernel tile(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors { return {in[0].repeat(hostInts(in[1]))}; };
}

Kernel constantOfShape(const NodeInfo& node) {
  const at::Tensor value = node.has("value") ? node.tensor("value").reshape({}) : at::scalar_tensor(0.0f);
  const at::Device device = node.device;
  return [value, device](const Tensors& in) -> Tensors {
    auto y = at::full(hostInts(in[0]), value.item(), value.options());
    return {staysOnHost(y) ? y : y.to(device)};
  };
}

Kernel range(const NodeInfo&) {
  return [](const Tensors& in) -> Tensors {
    const auto type = in[0].scalar_type();
    const double start = hostScalar(in[0]);
    const double limit = hostScalar(in[1]);
    const double delta = hostScalar(in[2]);
    const auto count = std::max<int64_t>(static_cast<int64_t>(std::ceil((limit - start) / delta)), 0);
    return {(at::arange(count, at::kDouble) * delta + start).to(type)};
  };
}

Kernel cast(const NodeInfo& node) {
  const auto type = scalarTypeFromOnnx(static_cast<int32_t>(node.i("to", 0)), node.describe());
  return [type](const Tensors& in) -> Tensors { return {in[0].to(type)}; };
}

}  // namespace

void registerShapeOps(std::map<std::string, OpKernel>& t) {
  t["Shape"] = {&shape, 1};
  t["Size"] = {&size, 1};
  t["Reshape"] = {&reshape, 2};
  t["Flatten"] = {&flatten, 1};
  t["Squeeze"] = {&squeeze, 1};
  t["Unsqueeze"] = {&unsqueeze, 1};
  t["Concat"] = {&concat, 1};
  t["Split"] = {&split, 1};
  t["Slice"] = {&slice, 3};
  t["Gather"] = {&gather, 2};
  t["Transpose"] = {&transpose, 1};
  t["Expand"] = {&expand, 2};
  t["Tile"] = {&tile, 2};
  t["ConstantOfShape"] = {&constantOfShape, 1};
  t["Range"] = {&range, 3};
  t["Cast"] = {&cast, 1};
}

}  // namespace cosystudio::onnx
