// The restricted unpickler behind StateDict: it reads the `data.pkl` record of a
// torch.save zip archive and accepts only what a tensor state dict is made of —
// a dict or collections.OrderedDict (its `_metadata` attribute is ignored) of
// name -> tensor, each tensor rebuilt by torch._utils._rebuild_tensor_v2 from a
// persistent storage reference. Any other global is refused by name; nothing in
// the pickle is ever executed.
#pragma once

#include <c10/core/ScalarType.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cosystudio {

// Where one tensor lives in the archive: a view of the storage record
// `data/<storageKey>`, which holds `storageNumel` elements of `dtype`.
struct StoredTensor {
  std::string storageKey;
  c10::ScalarType dtype = c10::ScalarType::Float;
  int64_t storageNumel = 0;
  int64_t offset = 0;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
};

class PickleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The entries of the pickled dict in file order. Throws PickleError on a
// forbidden global, an unsupported opcode, truncated data or a non-tensor value.
std::vector<std::pair<std::string, StoredTensor>> readStateDictPickle(const char* data, size_t size);

}  // namespace cosystudio
