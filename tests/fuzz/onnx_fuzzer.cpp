// The ONNX loader (campplus.onnx, speech_tokenizer_v3.onnx): protobuf parse,
// opset and op checks, graph build, constant folding; then one run with small
// inputs of the declared types, symbolic dimensions set to 2.
#include "fuzz_support.h"
#include "onnx/graph.h"
#include "onnx/node.h"

#include <ATen/ATen.h>

#include <string>
#include <vector>

namespace {

// Inputs for the declared graph inputs, or nothing when one is of no known
// type or too large to be a small test.
std::vector<at::Tensor> smallInputs(const std::vector<cosystudio::onnx::ValueSpec>& specs) {
  constexpr int64_t kMaxElements = 4096;
  std::vector<at::Tensor> inputs;
  for (const auto& spec : specs) {
    if (spec.dtype == at::ScalarType::Undefined) return {};
    std::vector<int64_t> shape;
    int64_t elements = 1;
    for (const auto& dim : spec.dims) {
      shape.push_back(dim.value_or(2));
      if (shape.back() < 0 || (elements *= std::max<int64_t>(shape.back(), 1)) > kMaxElements) return {};
    }
    inputs.push_back(at::ones(shape, at::TensorOptions().dtype(spec.dtype)));
  }
  return inputs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const auto graph = cosystudio::onnx::Graph::fromBytes(std::string(reinterpret_cast<const char*>(data), size),
                                                          "model.onnx", at::kCPU,
                                                          cosystudio::fuzz::scratchFolder());
    const auto inputs = smallInputs(graph.inputs());
    if (inputs.size() == graph.inputs().size()) (void)graph.run(inputs);
  } catch (const cosystudio::onnx::OnnxError&) {
  }
  return 0;
}
