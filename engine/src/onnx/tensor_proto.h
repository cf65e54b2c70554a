// ONNX TensorProto <-> ATen: element types and tensor data (raw, typed fields
// or an external data file beside the model).
#pragma once

#include "onnx/onnx_proto.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <string>

namespace cosystudio::onnx {

// Throws OnnxError for element types the executor does not handle.
at::ScalarType scalarTypeFromOnnx(int32_t elemType, const std::string& context);

// A CPU tensor with the proto's data. `baseDir` resolves external data;
// `context` ("initializer 'w'") prefixes errors.
at::Tensor tensorFromProto(const ::onnx::TensorProto& proto, const std::filesystem::path& baseDir,
                           const std::string& context);

}  // namespace cosystudio::onnx
