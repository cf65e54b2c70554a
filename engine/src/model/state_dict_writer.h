// Writes a checkpoint exactly as Python's torch.save writes a state dict: a zip
// archive with a protocol-2 `data.pkl` (a plain dict of name -> tensor rebuilt by
// torch._utils._rebuild_tensor_v2) and one `data/<n>` record per storage.
// Tensors are written as they are added, so a large random-weight model never
// has to exist in memory all at once.
#pragma once

#include <ATen/ATen.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace caffe2::serialize {
class PyTorchStreamWriter;
}

namespace cosystudio {

class StateDictWriter {
 public:
  explicit StateDictWriter(const std::filesystem::path& file);
  ~StateDictWriter();

  // Stores a contiguous copy of `tensor` (moved to the CPU) under `key`.
  void add(const std::string& key, const at::Tensor& tensor);
  // `key` views the same storage as the earlier `existingKey`, like tied weights.
  void addTied(const std::string& key, const std::string& existingKey);
  // Writes data.pkl and closes the archive; nothing can be added afterwards.
  void finish();

 private:
  std::unique_ptr<caffe2::serialize::PyTorchStreamWriter> writer_;
  std::string pickle_;
  std::map<std::string, std::string> entries_;  // key -> pickled tensor (for addTied)
  int64_t nextStorage_ = 0;
};

}  // namespace cosystudio
