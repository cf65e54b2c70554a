#include "model/state_dict_writer.h"

#include <caffe2/serialize/inline_container.h>

#include <stdexcept>

namespace cosystudio {
namespace {

std::string pickleText(const std::string& s) {
  const uint32_t n = static_cast<uint32_t>(s.size());
  return "X" + std::string(reinterpret_cast<const char*>(&n), 4) + s;  // BINUNICODE (little-endian host)
}

std::string pickleInt(int64_t v) {
  if (v < INT32_MIN || v > INT32_MAX) {
    std::string bytes(reinterpret_cast<const char*>(&v), 8);
    return std::string("\x8a\x08", 2) + bytes;  // LONG1
  }
  const int32_t n = static_cast<int32_t>(v);
  return "J" + std::string(reinterpret_cast<const char*>(&n), 4);  // BININT
}

std::string pickleInts(at::IntArrayRef values) {
  std::string out = "(";
  for (auto v : values) out += pickleInt(v);
  return out + "t";
}

}  // namespace

StateDictWriter::StateDictWriter(const std::filesystem::path& file)
    : writer_(std::make_unique<caffe2::serialize::PyTorchStreamWriter>(file.string())) {}

StateDictWriter::~StateDictWriter() = default;

void StateDictWriter::add(const std::string& key, const at::Tensor& tensor) {
  if (!writer_) throw std::logic_error("StateDictWriter: add after finish");
  const auto data = tensor.detach().to(at::kCPU).contiguous();
  const std::string storage = std::to_string(nextStorage_++);
  writer_->writeRecord("data/" + storage, data.data_ptr(), data.nbytes());
  entries_[key] = "ctorch._utils\n_rebuild_tensor_v2\n((" + pickleText("storage") + "ctorch\n" +
                  c10::toString(data.scalar_type()) + "Storage\n" + pickleText(storage) + pickleText("cpu") +
                  pickleInt(data.numel()) + "tQ" + pickleInt(0) + pickleInts(data.sizes()) +
                  pickleInts(data.strides()) + "\x89" + "ccollections\nOrderedDict\n)RtR";
  pickle_ += pickleText(key) + entries_[key];
}

void StateDictWriter::addTied(const std::string& key, const std::string& existingKey) {
  auto it = entries_.find(existingKey);
  if (it == entries_.end()) throw std::logic_error("StateDictWriter: no key '" + existingKey + "' to tie to");
  entries_[key] = it->second;
  pickle_ += pickleText(key) + it->second;
}

void StateDictWriter::finish() {
  const std::string pickle = std::string("\x80\x02}(", 4) + pickle_ + "u.";
  writer_->writeRecord("data.pkl", pickle.data(), pickle.size());
  writer_->writeEndOfFile();
  writer_.reset();
}

}  // namespace cosystudio
