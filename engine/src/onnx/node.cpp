#include "onnx/node.h"

#include <sstream>

namespace cosystudio::onnx {

namespace {

const Attribute* find(const NodeInfo& node, const std::string& key, Attribute::Kind kind) {
  const auto it = node.attributes.find(key);
  if (it == node.attributes.end()) return nullptr;
  if (it->second.kind != kind) node.fail("attribute '" + key + "' has an unexpected type");
  return &it->second;
}

}  // namespace

int64_t NodeInfo::i(const std::string& key, int64_t fallback) const {
  const auto* a = find(*this, key, Attribute::Kind::Int);
  return a ? a->i : fallback;
}

double NodeInfo::f(const std::string& key, double fallback) const {
  const auto* a = find(*this, key, Attribute::Kind::Float);
  return a ? a->f : fallback;
}

std::string NodeInfo::s(const std::string& key, const std::string& fallback) const {
  const auto* a = find(*this, key, Attribute::Kind::String);
  return a ? a->s : fallback;
}

std::vector<int64_t> NodeInfo::ints(const std::string& key, std::vector<int64_t> fallback) const {
  const auto* a = find(*this, key, Attribute::Kind::Ints);
  return a ? a->ints : fallback;
}

const at::Tensor& NodeInfo::tensor(const std::string& key) const {
  const auto* a = find(*this, key, Attribute::Kind::Tensor);
  if (!a) fail("attribute '" + key + "' is missing");
  return a->t;
}

std::string NodeInfo::describe() const { return opType + " node '" + name + "'"; }

void NodeInfo::fail(const std::string& message) const { throw OnnxError(describe() + ": " + message); }

const std::map<std::string, OpKernel>& kernelFactories() {
  static const std::map<std::string, OpKernel> table = [] {
    std::map<std::string, OpKernel> t;
    registerMathOps(t);
    registerNnOps(t);
    registerShapeOps(t);
    return t;
  }();
  return table;
}

std::vector<int64_t> hostInts(const at::Tensor& t) {
  const auto flat = t.to(at::kCPU, at::kLong).contiguous().view(-1);
  const auto* p = flat.data_ptr<int64_t>();
  return {p, p + flat.numel()};
}

double hostScalar(const at::Tensor& t) {
  if (t.numel() != 1) {
    std::ostringstream msg;
    msg << "expected a single value, got shape " << t.sizes();
    throw OnnxError(msg.str());
  }
  return t.to(at::kCPU).item<double>();
}

bool staysOnHost(const at::Tensor& t) {
  constexpr int64_t kMaxHostElements = 4096;
  return !at::isFloatingType(t.scalar_type()) ? t.numel() <= kMaxHostElements : t.dim() == 0;
}

std::pair<at::Tensor, at::Tensor> aligned(const at::Tensor& a, const at::Tensor& b) {
  const auto scalarOnHost = [](const at::Tensor& t) { return t.dim() == 0 && t.is_cpu(); };
  if (a.device() == b.device() || scalarOnHost(a) || scalarOnHost(b)) return {a, b};
  return a.is_cpu() ? std::pair{a.to(b.device()), b} : std::pair{a, b.to(a.device())};
}

Tensors sameDevice(Tensors tensors) {
  const at::Tensor* target = nullptr;
  for (const auto& t : tensors)
    if (t.defined() && !t.is_cpu()) target = &t;
  if (!target) return tensors;
  const auto device = target->device();
  for (auto& t : tensors)
    if (t.defined() && t.device() != device) t = t.to(device);
  return tensors;
}

int64_t normalizeAxis(int64_t axis, int64_t rank, const char* what) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1)) {
    throw OnnxError(std::string(what) + " " + std::to_string(axis) + " is out of range for rank " +
                    std::to_string(rank));
  }
  return axis < 0 ? axis + rank : axis;
}

}  // namespace cosystudio::onnx
