#include "onnx/tensor_proto.h"

#include "onnx/node.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>

namespace cosystudio::onnx {

at::ScalarType scalarTypeFromOnnx(int32_t elemType, const std::string& context) {
  using P = ::onnx::TensorProto;
  switch (elemType) {
    case P::FLOAT: return at::kFloat;
    case P::UINT8: return at::kByte;
    case P::INT8: return at::kChar;
    case P::INT16: return at::kShort;
    case P::INT32: return at::kInt;
    case P::INT64: return at::kLong;
    case P::BOOL: return at::kBool;
    case P::FLOAT16: return at::kHalf;
    case P::DOUBLE: return at::kDouble;
    case P::BFLOAT16: return at::kBFloat16;
    default:
      throw OnnxError(context + ": unsupported element type " + std::to_string(elemType));
  }
}

namespace {

// The bytes of an external-data tensor: keys "location", "offset", "length".
std::string readExternal(const ::onnx::TensorProto& proto, const std::filesystem::path& baseDir,
                         const std::string& context) {
  std::string location;
  int64_t offset = 0;
  int64_t length = -1;
  for (const auto& entry : proto.external_data()) {
    if (entry.key() == "location") location = entry.value();
    else if (entry.key() == "offset") offset = std::stoll(entry.value());
    else if (entry.key() == "length") length = std::stoll(entry.value());
  }
  if (location.empty()) throw OnnxError(context + ": external data without a location");
  const auto file = baseDir / location;
  std::ifstream in(file, std::ios::binary);
  if (!in) throw OnnxError(context + ": external data file '" + file.string() + "' is missing");
  in.seekg(0, std::ios::end);
  const int64_t size = in.tellg();
  if (length < 0) length = size - offset;
  if (offset + length > size) {
    throw OnnxError(context + ": external data file '" + file.string() + "' is truncated (needs " +
                    std::to_string(offset + length) + " bytes, has " + std::to_string(size) + ")");
  }
  std::string bytes(length, '\0');
  in.seekg(offset);
  in.read(bytes.data(), length);
  return bytes;
}

template <typename Field>
at::Tensor fromField(const Field& field, at::ScalarType fieldType) {
  using T = typename Field::value_type;
  auto t = at::empty({static_cast<int64_t>(field.size())}, at::TensorOptions().dtype(fieldType));
  // An empty field's data() may be null, which memcpy must never see.
  if (field.size() > 0) std::memcpy(t.data_ptr(), field.data(), field.size() * sizeof(T));
  return t;
}

}  // namespace

at::Tensor tensorFromProto(const ::onnx::TensorProto& proto, const std::filesystem::path& baseDir,
                           const std::string& context) {
  const auto type = scalarTypeFromOnnx(proto.data_type(), context);
  std::vector<int64_t> shape(proto.dims().begin(), proto.dims().end());
  // A damaged shape must overflow neither the element count (the data's size
  // is compared with it below, before anything is allocated) nor the strides,
  // which count an empty dimension as 1.
  int64_t numel = 1, span = 1;
  for (auto d : shape) {
    if (d < 0 || span > std::numeric_limits<int64_t>::max() / 16 / std::max<int64_t>(d, 1))
      throw OnnxError(context + ": has an impossible dimension " + std::to_string(d));
    span *= std::max<int64_t>(d, 1);
    numel *= d;
  }
  const auto options = at::TensorOptions().dtype(type);

  const bool external = proto.data_location() == ::onnx::TensorProto::EXTERNAL;
  if (external || proto.has_raw_data()) {
    const std::string bytes = external ? readExternal(proto, baseDir, context) : proto.raw_data();
    const auto expected = numel * static_cast<int64_t>(c10::elementSize(type));
    if (static_cast<int64_t>(bytes.size()) != expected) {
      throw OnnxError(context + ": holds " + std::to_string(bytes.size()) + " bytes, its shape needs " +
                      std::to_string(expected));
    }
    auto t = at::empty(shape, options);
    if (!bytes.empty()) std::memcpy(t.data_ptr(), bytes.data(), bytes.size());
    return t;
  }

  // Typed fields: 16-bit and smaller types are stored one per int32.
  at::Tensor flat;
  switch (type) {
    case at::kFloat: flat = fromField(proto.float_data(), at::kFloat); break;
    case at::kDouble: flat = fromField(proto.double_data(), at::kDouble); break;
    case at::kLong: flat = fromField(proto.int64_data(), at::kLong); break;
    case at::kHalf:
    case at::kBFloat16:
      flat = fromField(proto.int32_data(), at::kInt).to(at::kShort).view(type);
      break;
    default: flat = fromField(proto.int32_data(), at::kInt).to(type); break;
  }
  if (flat.numel() != numel) {
    throw OnnxError(context + ": holds " + std::to_string(flat.numel()) + " values, its shape needs " +
                    std::to_string(numel));
  }
  return flat.reshape(shape).clone();
}

}  // namespace cosystudio::onnx
