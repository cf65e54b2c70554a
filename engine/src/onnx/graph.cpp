#include "onnx/graph.h"

#include "onnx/tensor_proto.h"

#include <google/protobuf/io/coded_stream.h>

#include <climits>
#include <deque>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

namespace cosystudio::onnx {

namespace {

constexpr int kMinOpset = 11;
constexpr int kMaxOpset = 18;
// Shape signatures remembered per graph; a new one beyond this clears the cache.
constexpr size_t kMaxCachedShapes = 16;

struct CompiledNode {
  NodeInfo info;
  Kernel kernel;
  std::vector<int> inputs;   // value slots, -1 for an empty optional input
  std::vector<int> outputs;  // value slots, -1 for an unused optional output
  bool shapeOnly = false;    // depends only on constants and input shapes
  std::vector<int> releaseAfter;  // slots whose last reader is this node
};

std::string shapeString(at::IntArrayRef sizes) {
  std::ostringstream s;
  s << sizes;
  return s.str();
}

ValueSpec specFromProto(const ::onnx::ValueInfoProto& info, const std::string& context) {
  ValueSpec spec;
  spec.name = info.name();
  const auto& tensorType = info.type().tensor_type();
  // An untyped value (allowed for outputs in practice) is left Undefined.
  spec.dtype = tensorType.elem_type() == ::onnx::TensorProto::UNDEFINED
                   ? at::ScalarType::Undefined
                   : scalarTypeFromOnnx(tensorType.elem_type(), context + " '" + info.name() + "'");
  spec.hasShape = tensorType.has_shape();
  for (const auto& dim : tensorType.shape().dim()) {
    spec.dims.push_back(dim.has_dim_value() ? std::optional<int64_t>(dim.dim_value()) : std::nullopt);
    spec.dimNames.push_back(dim.has_dim_param() ? dim.dim_param() : std::string());
  }
  return spec;
}

Attribute decodeAttribute(const ::onnx::AttributeProto& proto, const std::filesystem::path& baseDir,
                          const std::string& context) {
  using A = ::onnx::AttributeProto;
  Attribute a;
  switch (proto.type()) {
    case A::INT: a.kind = Attribute::Kind::Int; a.i = proto.i(); break;
    case A::FLOAT: a.kind = Attribute::Kind::Float; a.f = proto.f(); break;
    case A::STRING: a.kind = Attribute::Kind::String; a.s = proto.s(); break;
    case A::INTS:
      a.kind = Attribute::Kind::Ints;
      a.ints.assign(proto.ints().begin(), proto.ints().end());
      break;
    case A::FLOATS:
      a.kind = Attribute::Kind::Floats;
      a.floats.assign(proto.floats().begin(), proto.floats().end());
      break;
    case A::TENSOR:
      a.kind = Attribute::Kind::Tensor;
      a.t = tensorFromProto(proto.t(), baseDir, context + " attribute '" + proto.name() + "'");
      break;
    default: break;
  }
  return a;
}

// The value of a Constant node (any of its attribute spellings).
at::Tensor constantValue(const NodeInfo& node) {
  if (node.has("value")) return node.tensor("value");
  if (node.has("value_float")) return at::scalar_tensor(node.f("value_float", 0), at::kFloat);
  if (node.has("value_int")) return at::scalar_tensor(node.i("value_int", 0), at::kLong);
  if (node.has("value_ints")) {
    const auto v = node.ints("value_ints");
    return at::tensor(std::vector<int64_t>(v), at::kLong);
  }
  if (node.has("value_floats")) {
    const auto& v = node.attributes.at("value_floats").floats;
    return at::tensor(std::vector<double>(v), at::kDouble).to(at::kFloat);
  }
  node.fail("no supported value attribute (value, value_float(s), value_int(s))");
}

at::Tensor place(const at::Tensor& t, at::Device device) { return staysOnHost(t) ? t : t.to(device); }

}  // namespace

std::string ValueSpec::describeShape() const {
  std::string s = "(";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ", ";
    s += dims[i] ? std::to_string(*dims[i]) : (dimNames[i].empty() ? "?" : dimNames[i]);
  }
  return s + ")";
}

struct Graph::Impl {
  std::string displayName;
  at::Device device = at::kCPU;
  int opset = 0;
  std::vector<ValueSpec> inputs;
  std::vector<ValueSpec> outputs;
  std::vector<int> inputSlots;
  std::vector<int> outputSlots;
  std::vector<at::Tensor> constants;  // indexed by slot; undefined for computed values
  std::vector<CompiledNode> nodes;    // topological order, constant nodes folded away
  std::vector<int> cachedSlots;       // outputs of shape-only nodes, in execution order

  mutable std::mutex cacheMutex;
  mutable std::map<std::vector<int64_t>, std::vector<at::Tensor>> shapeCache;

  void build(const ::onnx::ModelProto& model, const std::filesystem::path& baseDir);
  std::vector<int64_t> shapeSignature(const std::vector<at::Tensor>& values) const;
};

void Graph::Impl::build(const ::onnx::ModelProto& model, const std::filesystem::path& baseDir) {
  const auto& graph = model.graph();
  for (const auto& op : model.opset_import())
    if (op.domain().empty() || op.domain() == "ai.onnx") opset = static_cast<int>(op.version());
  if (opset < kMinOpset || opset > kMaxOpset) {
    throw OnnxError(displayName + ": default-domain opset " + std::to_string(opset) + " is not supported (" +
                    std::to_string(kMinOpset) + ".." + std::to_string(kMaxOpset) + ")");
  }

  std::map<std::string, int> slotOf;
  auto slotFor = [&](const std::string& name) {
    auto [it, added] = slotOf.emplace(name, static_cast<int>(slotOf.size()));
    if (added) constants.emplace_back();
    return it->second;
  };

  for (const auto& init : graph.initializer()) {
    constants[slotFor(init.name())] =
        place(tensorFromProto(init, baseDir, displayName + ": initializer '" + init.name() + "'"), device);
  }
  for (const auto& info : graph.input()) {
    const int slot = slotFor(info.name());
    if (constants[slot].defined()) continue;  // IR < 4 lists initializers as inputs too
    inputs.push_back(specFromProto(info, displayName + ": input"));
    inputSlots.push_back(slot);
  }

  // Topological order (Kahn), stable with respect to the file's order.
  const int nodeCount = graph.node_size();
  std::map<std::string, int> producer;
  for (int n = 0; n < nodeCount; ++n)
    for (const auto& out : graph.node(n).output())
      if (!out.empty()) producer[out] = n;
  std::vector<int> pending(nodeCount, 0);
  std::vector<std::vector<int>> readers(nodeCount);
  for (int n = 0; n < nodeCount; ++n) {
    std::set<int> deps;
    for (const auto& in : graph.node(n).input()) {
      if (in.empty()) continue;
      const auto it = producer.find(in);
      if (it != producer.end()) deps.insert(it->second);
      else if (!slotOf.count(in)) {
        throw OnnxError(displayName + ": " + graph.node(n).op_type() + " node '" + graph.node(n).name() +
                        "' reads '" + in + "', which no node, initializer or input provides");
      }
    }
    pending[n] = static_cast<int>(deps.size());
    for (int d : deps) readers[d].push_back(n);
  }
  std::set<int> ready;
  for (int n = 0; n < nodeCount; ++n)
    if (pending[n] == 0) ready.insert(n);
  std::vector<int> order;
  while (!ready.empty()) {
    const int n = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(n);
    for (int r : readers[n])
      if (--pending[r] == 0) ready.insert(r);
  }
  if (static_cast<int>(order.size()) != nodeCount) throw OnnxError(displayName + ": the graph has a cycle");

  // Compile every node; collect all problems before failing.
  std::vector<std::string> unsupported;
  std::vector<std::string> invalid;
  const auto& factories = kernelFactories();
  for (int n : order) {
    const auto& proto = graph.node(n);
    NodeInfo info;
    info.name = proto.name();
    info.opType = proto.op_type();
    info.opset = opset;
    info.device = device;
    info.numInputs = proto.input_size();
    info.numOutputs = proto.output_size();
    for (const auto& out : proto.output()) info.outputUsed.push_back(!out.empty());
    const bool defaultDomain = proto.domain().empty() || proto.domain() == "ai.onnx";
    const auto factory = factories.find(info.opType);
    if (!defaultDomain || (factory == factories.end() && info.opType != "Constant")) {
      unsupported.push_back((defaultDomain ? "" : proto.domain() + ".") + info.opType + " (node '" +
                            info.name + "')");
      continue;
    }
    CompiledNode node;
    try {
      for (const auto& attr : proto.attribute())
        info.attributes[attr.name()] = decodeAttribute(attr, baseDir, displayName + ": " + info.describe());
      if (info.opType == "Constant") {
        constants[slotFor(proto.output(0))] = place(constantValue(info), device);
        continue;
      }
      const int required = factory->second.requiredInputs;
      int present = 0;
      while (present < std::min(required, proto.input_size()) && !proto.input(present).empty()) ++present;
      if (present < required)
        info.fail("needs " + std::to_string(required) + " input(s), has " + std::to_string(present));
      node.kernel = factory->second.make(info);
    } catch (const std::exception& e) {
      invalid.push_back(e.what());
      continue;
    }
    for (const auto& in : proto.input()) node.inputs.push_back(in.empty() ? -1 : slotFor(in));
    for (const auto& out : proto.output()) node.outputs.push_back(out.empty() ? -1 : slotFor(out));
    node.info = std::move(info);
    nodes.push_back(std::move(node));
  }
  if (!unsupported.empty() || !invalid.empty()) {
    std::string msg = displayName + ": cannot run this graph";
    if (!unsupported.empty()) {
      msg += "; " + std::to_string(unsupported.size()) + " node(s) use unsupported ops:";
      for (const auto& u : unsupported) msg += "\n  " + u;
    }
    for (const auto& i : invalid) msg += "\n  " + i;
    throw OnnxError(msg);
  }

  for (const auto& info : graph.output()) {
    outputs.push_back(specFromProto(info, displayName + ": output"));
    const auto it = slotOf.find(info.name());
    if (it == slotOf.end()) throw OnnxError(displayName + ": output '" + info.name() + "' is never produced");
    outputSlots.push_back(it->second);
  }

  // Fold nodes that read only constants; mark nodes that read only constants
  // and shapes.
  std::vector<bool> shapeOnlySlot(constants.size(), false);
  std::vector<CompiledNode> remaining;
  for (auto& node : nodes) {
    bool allConstant = true;
    bool allStatic = true;
    for (int s : node.inputs) {
      if (s < 0) continue;
      allConstant = allConstant && constants[s].defined();
      allStatic = allStatic && (constants[s].defined() || shapeOnlySlot[s]);
    }
    if (allConstant && !node.inputs.empty()) {
      Tensors in;
      for (int s : node.inputs) in.push_back(s < 0 ? at::Tensor() : constants[s]);
      Tensors out;
      try {
        out = node.kernel(in);
      } catch (const std::exception& e) {
        throw OnnxError(displayName + ": " + node.info.describe() + ": " + e.what());
      }
      for (size_t k = 0; k < node.outputs.size() && k < out.size(); ++k)
        if (node.outputs[k] >= 0) constants[node.outputs[k]] = out[k];
      continue;
    }
    node.shapeOnly = allStatic || node.info.opType == "Shape" || node.info.opType == "Size";
    if (node.shapeOnly)
      for (int s : node.outputs)
        if (s >= 0) shapeOnlySlot[s] = true;
    remaining.push_back(std::move(node));
  }
  nodes = std::move(remaining);
  for (const auto& node : nodes)
    if (node.shapeOnly)
      for (int s : node.outputs)
        if (s >= 0) cachedSlots.push_back(s);

  // Release every computed value after its last reader (graph outputs are kept).
  std::vector<int> lastReader(constants.size(), -1);
  for (size_t n = 0; n < nodes.size(); ++n)
    for (int s : nodes[n].inputs)
      if (s >= 0 && !constants[s].defined()) lastReader[s] = static_cast<int>(n);
  for (int s : outputSlots) lastReader[s] = -1;
  for (size_t s = 0; s < lastReader.size(); ++s)
    if (lastReader[s] >= 0) nodes[lastReader[s]].releaseAfter.push_back(static_cast<int>(s));
}

std::vector<int64_t> Graph::Impl::shapeSignature(const std::vector<at::Tensor>& values) const {
  std::vector<int64_t> key;
  for (int s : inputSlots) {
    const auto& t = values[s];
    key.push_back(static_cast<int64_t>(t.scalar_type()));
    key.push_back(t.dim());
    for (auto d : t.sizes()) key.push_back(d);
  }
  return key;
}

Graph::Graph(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Graph::Graph(Graph&&) noexcept = default;
Graph& Graph::operator=(Graph&&) noexcept = default;
Graph::~Graph() = default;

Graph Graph::load(const std::filesystem::path& file, at::Device device) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw OnnxError("cannot open ONNX model '" + file.string() + "'");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return fromBytes(bytes.str(), file.string(), device, file.parent_path());
}

Graph Graph::fromBytes(const std::string& bytes, const std::string& displayName, at::Device device,
                       const std::filesystem::path& baseDir) {
  ::onnx::ModelProto model;
  google::protobuf::io::CodedInputStream stream(reinterpret_cast<const uint8_t*>(bytes.data()),
                                                static_cast<int>(std::min<size_t>(bytes.size(), INT_MAX)));
  stream.SetTotalBytesLimit(INT_MAX);
  const bool parsed = model.ParseFromCodedStream(&stream) && stream.ConsumedEntireMessage();
  if (!parsed || bytes.empty() || model.ir_version() <= 0 || !model.has_graph() || model.graph().node_size() == 0) {
    throw OnnxError(displayName + ": not an ONNX model, or the file is truncated (" + std::to_string(bytes.size()) +
                    " bytes)");
  }
  auto impl = std::make_unique<Impl>();
  impl->displayName = displayName;
  impl->device = device;
  impl->build(model, baseDir);
  return Graph(std::move(impl));
}

const std::vector<ValueSpec>& Graph::inputs() const { return impl_->inputs; }
const std::vector<ValueSpec>& Graph::outputs() const { return impl_->outputs; }
int Graph::opset() const { return impl_->opset; }
at::Device Graph::device() const { return impl_->device; }

std::vector<at::Tensor> Graph::run(const std::vector<at::Tensor>& inputs) const {
  const auto& g = *impl_;
  if (inputs.size() != g.inputs.size()) {
    throw OnnxError(g.displayName + ": expected " + std::to_string(g.inputs.size()) + " inputs, got " +
                    std::to_string(inputs.size()));
  }
  std::vector<at::Tensor> values = g.constants;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const auto& spec = g.inputs[i];
    const auto& t = inputs[i];
    const std::string what = g.displayName + ": input '" + spec.name + "'";
    if (!t.defined()) throw OnnxError(what + " is missing");
    if (spec.dtype != at::ScalarType::Undefined && t.scalar_type() != spec.dtype) {
      throw OnnxError(what + ": expected " + std::string(c10::toString(spec.dtype)) + ", got " +
                      c10::toString(t.scalar_type()));
    }
    if (spec.hasShape) {
      bool ok = t.dim() == static_cast<int64_t>(spec.dims.size());
      for (size_t d = 0; ok && d < spec.dims.size(); ++d) ok = !spec.dims[d] || *spec.dims[d] == t.size(d);
      if (!ok) {
        throw OnnxError(what + ": expected shape " + spec.describeShape() + ", got " + shapeString(t.sizes()));
      }
    }
    values[g.inputSlots[i]] = t.to(g.device);
  }

  const auto key = g.shapeSignature(values);
  std::vector<at::Tensor> cached;
  {
    std::lock_guard<std::mutex> lock(g.cacheMutex);
    const auto it = g.shapeCache.find(key);
    if (it != g.shapeCache.end()) cached = it->second;
  }
  const bool hit = !cached.empty() || g.cachedSlots.empty();
  if (hit)
    for (size_t k = 0; k < cached.size(); ++k) values[g.cachedSlots[k]] = cached[k];

  Tensors in;
  for (const auto& node : g.nodes) {
    if (!(node.shapeOnly && hit)) {
      in.clear();
      for (int s : node.inputs) in.push_back(s < 0 ? at::Tensor() : values[s]);
      Tensors out;
      try {
        out = node.kernel(in);
      } catch (const std::exception& e) {
        throw OnnxError(g.displayName + ": " + node.info.describe() + ": " + e.what());
      }
      for (size_t k = 0; k < node.outputs.size() && k < out.size(); ++k)
        if (node.outputs[k] >= 0) values[node.outputs[k]] = std::move(out[k]);
      if (node.shapeOnly)
        for (int s : node.outputs)
          if (s >= 0) cached.push_back(values[s]);
    }
    for (int s : node.releaseAfter) values[s].reset();
  }
  if (!hit) {
    std::lock_guard<std::mutex> lock(g.cacheMutex);
    if (g.shapeCache.size() >= kMaxCachedShapes) g.shapeCache.clear();
    g.shapeCache.emplace(key, std::move(cached));
  }

  std::vector<at::Tensor> result;
  for (int s : g.outputSlots) result.push_back(values[s]);
  return result;
}

}  // namespace cosystudio::onnx
