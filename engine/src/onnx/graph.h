// An ONNX model executed as shipped with ATen ops: the graph's nodes run in
// topological order, initializers and Constant nodes are materialised once on
// the device, and nodes that only depend on constants are evaluated at load.
//
// Values that depend only on the *shapes* of the graph inputs (the Shape ->
// Gather -> Concat -> Reshape arithmetic exporters emit) are computed on the
// host and cached per input-shape signature, so a repeated shape costs nothing
// and no node waits for the device.
#pragma once

#include "onnx/node.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio::onnx {

struct ValueSpec {
  std::string name;
  at::ScalarType dtype = at::ScalarType::Undefined;  // Undefined when the graph does not say
  // One entry per dimension: a fixed size, or nullopt for a symbolic one.
  std::vector<std::optional<int64_t>> dims;
  std::vector<std::string> dimNames;  // symbolic names ("" when fixed or unnamed)
  bool hasShape = false;
  std::string describeShape() const;  // "(batch, 128, frames)"
};

class Graph {
 public:
  // Throws OnnxError naming the file for: unreadable/non-ONNX/truncated files,
  // missing external-data files, opsets outside 11..18, and, listed together,
  // every unsupported op and every node with unsupported attributes.
  static Graph load(const std::filesystem::path& file, at::Device device = at::kCPU);
  // The same from a serialized ModelProto; `baseDir` resolves external data.
  static Graph fromBytes(const std::string& bytes, const std::string& displayName, at::Device device = at::kCPU,
                         const std::filesystem::path& baseDir = {});

  Graph(Graph&&) noexcept;
  Graph& operator=(Graph&&) noexcept;
  ~Graph();

  const std::vector<ValueSpec>& inputs() const;
  const std::vector<ValueSpec>& outputs() const;
  int opset() const;
  at::Device device() const;

  // Runs the graph. `inputs` are in the order of inputs(); their dtype and rank
  // and every fixed dimension are checked (errors name expected vs got).
  // Returns the outputs in the order of outputs().
  std::vector<at::Tensor> run(const std::vector<at::Tensor>& inputs) const;

 private:
  struct Impl;
  explicit Graph(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cosystudio::onnx
