// One ONNX node as the operator kernels see it: its type, opset, attributes
// (already decoded from protobuf) and the device its large outputs live on.
// Kernels are built once per node at load time ("compiled"): a factory reads
// and validates the attributes and returns a closure that only does tensor work.
#pragma once

#include <ATen/ATen.h>

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace cosystudio::onnx {

class OnnxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Attribute {
  enum class Kind { Int, Float, String, Ints, Floats, Tensor, Other };
  Kind kind = Kind::Other;
  int64_t i = 0;
  double f = 0.0;
  std::string s;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  at::Tensor t;
};

struct NodeInfo {
  std::string name;
  std::string opType;
  int opset = 0;
  int numInputs = 0;   // including empty optional slots
  int numOutputs = 0;  // including empty optional slots
  std::vector<bool> outputUsed;
  at::Device device = at::kCPU;
  std::map<std::string, Attribute> attributes;

  bool has(const std::string& key) const { return attributes.count(key) != 0; }
  int64_t i(const std::string& key, int64_t fallback) const;
  double f(const std::string& key, double fallback) const;
  std::string s(const std::string& key, const std::string& fallback) const;
  std::vector<int64_t> ints(const std::string& key, std::vector<int64_t> fallback = {}) const;
  const at::Tensor& tensor(const std::string& key) const;

  // "Conv node '/conv1/Conv'", the prefix of every error about this node.
  std::string describe() const;
  [[noreturn]] void fail(const std::string& message) const;
};

// Inputs in node order; a missing optional input is an undefined tensor.
using Tensors = std::vector<at::Tensor>;
using Kernel = std::function<Tensors(const Tensors& inputs)>;
using KernelFactory = Kernel (*)(const NodeInfo& node);

// An op's factory and how many leading inputs it cannot do without: a node
// with fewer is refused at load, so kernels index those inputs freely.
struct OpKernel {
  KernelFactory make = nullptr;
  int requiredInputs = 1;
};

// op type -> kernel, for the default ONNX domain.
const std::map<std::string, OpKernel>& kernelFactories();

// The registration functions of the op families (one per ops_*.cpp).
void registerMathOps(std::map<std::string, OpKernel>& table);
void registerNnOps(std::map<std::string, OpKernel>& table);
void registerShapeOps(std::map<std::string, OpKernel>& table);

// --- helpers shared by the kernels ---------------------------------------

// Shape-like operands (Reshape targets, Slice bounds, axes) are small tensors
// kept on the host; reading them never waits for the device.
std::vector<int64_t> hostInts(const at::Tensor& t);
double hostScalar(const at::Tensor& t);
// Tensors that stay on the host: shape arithmetic and small integer constants.
bool staysOnHost(const at::Tensor& t);
// The two operands of an element-wise op on one device. A 0-dim CPU scalar may
// stay where it is: ATen mixes it with device tensors by value.
std::pair<at::Tensor, at::Tensor> aligned(const at::Tensor& a, const at::Tensor& b);
// Moves all defined tensors onto one device (the first non-CPU device found).
Tensors sameDevice(Tensors tensors);
// Normalises a possibly negative axis against `rank`; throws when out of range.
int64_t normalizeAxis(int64_t axis, int64_t rank, const char* what);

}  // namespace cosystudio::onnx
