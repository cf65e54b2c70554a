// Builds small ONNX models in memory for the executor's tests.
#pragma once

#include "onnx/graph.h"
#include "onnx/onnx_proto.h"

#include <ATen/ATen.h>

#include <functional>
#include <string>
#include <vector>

namespace cosystudio::onnx::test {

inline int32_t elemTypeOf(at::ScalarType t) {
  switch (t) {
    case at::kFloat: return ::onnx::TensorProto::FLOAT;
    case at::kLong: return ::onnx::TensorProto::INT64;
    case at::kInt: return ::onnx::TensorProto::INT32;
    case at::kBool: return ::onnx::TensorProto::BOOL;
    default: return ::onnx::TensorProto::DOUBLE;
  }
}

inline void fillTensor(::onnx::TensorProto* proto, const std::string& name, const at::Tensor& t) {
  const auto c = t.contiguous();
  proto->set_name(name);
  proto->set_data_type(elemTypeOf(c.scalar_type()));
  for (auto d : c.sizes()) proto->add_dims(d);
  proto->set_raw_data(std::string(static_cast<const char*>(c.data_ptr()), c.nbytes()));
}

class TestGraph {
 public:
  explicit TestGraph(int opset) {
    model_.set_ir_version(8);
    auto* op = model_.add_opset_import();
    op->set_domain("");
    op->set_version(opset);
  }

  // A graph input of `t`'s type and rank (all dims symbolic), fed by run().
  TestGraph& input(const std::string& name, const at::Tensor& t) {
    auto* in = model_.mutable_graph()->add_input();
    in->set_name(name);
    auto* tt = in->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(elemTypeOf(t.scalar_type()));
    auto* shape = tt->mutable_shape();
    for (int64_t d = 0; d < t.dim(); ++d) shape->add_dim()->set_dim_param("d" + std::to_string(d));
    feeds_.push_back(t);
    return *this;
  }
  TestGraph& constant(const std::string& name, const at::Tensor& t) {
    fillTensor(model_.mutable_graph()->add_initializer(), name, t);
    return *this;
  }
  TestGraph& output(const std::string& name) {
    model_.mutable_graph()->add_output()->set_name(name);
    return *this;
  }
  ::onnx::NodeProto& node(const std::string& op, const std::vector<std::string>& inputs,
                          const std::vector<std::string>& outputs) {
    auto* n = model_.mutable_graph()->add_node();
    n->set_op_type(op);
    n->set_name("/" + op + "_" + std::to_string(model_.graph().node_size()));
    for (const auto& i : inputs) n->add_input(i);
    for (const auto& o : outputs) n->add_output(o);
    return *n;
  }

  std::string bytes() const { return model_.SerializeAsString(); }
  Graph load() const { return Graph::fromBytes(bytes(), "test.onnx"); }
  std::vector<at::Tensor> run() const { return load().run(feeds_); }
  ::onnx::ModelProto& model() { return model_; }

 private:
  ::onnx::ModelProto model_;
  std::vector<at::Tensor> feeds_;
};

inline void attr(::onnx::NodeProto& n, const std::string& name, int64_t v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(::onnx::AttributeProto::INT);
  a->set_i(v);
}
inline void attr(::onnx::NodeProto& n, const std::string& name, float v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(::onnx::AttributeProto::FLOAT);
  a->set_f(v);
}
inline void attr(::onnx::NodeProto& n, const std::string& name, const std::string& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(::onnx::AttributeProto::STRING);
  a->set_s(v);
}
inline void attr(::onnx::NodeProto& n, const std::string& name, const std::vector<int64_t>& v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(::onnx::AttributeProto::INTS);
  for (auto x : v) a->add_ints(x);
}
inline void attr(::onnx::NodeProto& n, const std::string& name, const at::Tensor& t) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(::onnx::AttributeProto::TENSOR);
  fillTensor(a->mutable_t(), "", t);
}

inline at::Tensor longs(std::vector<int64_t> v) { return at::tensor(v, at::kLong); }

}  // namespace cosystudio::onnx::test
