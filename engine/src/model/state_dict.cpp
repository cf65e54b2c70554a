#include "model/state_dict.h"

#include "core/torch_compat.h"
#include "model/state_dict_pickle.h"

#include <c10/core/CPUAllocator.h>
#include <caffe2/serialize/inline_container.h>

#include <array>
#include <fstream>
#include <optional>
#include <sstream>

namespace cosystudio {
namespace {

namespace fs = std::filesystem;
using caffe2::serialize::PyTorchStreamReader;

std::string shapeText(at::IntArrayRef shape) {
  std::ostringstream out;
  out << '[';
  for (size_t i = 0; i < shape.size(); ++i) out << (i ? ", " : "") << shape[i];
  out << ']';
  return out.str();
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// HiFT files may carry a `generator.` prefix; the official loader removes the
// substring wherever it occurs (str.replace), so this does the same.
std::string withoutGenerator(std::string key) {
  static const std::string prefix = "generator.";
  for (size_t at; (at = key.find(prefix)) != std::string::npos;) key.erase(at, prefix.size());
  return key;
}

// The two spellings of a weight-norm pair (g, v): torch >= 2.1 parametrizations
// and the legacy hook. Both become `<module>.weight = g * v / ||v||`.
struct WeightNormSpelling {
  std::string g, v;
};
const std::array<WeightNormSpelling, 2> kWeightNormSpellings = {{
    {".parametrizations.weight.original0", ".parametrizations.weight.original1"},
    {".weight_g", ".weight_v"},
}};

bool endsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// One tensor of the final dict: a stored tensor, or a weight-norm pair to fold.
struct Planned {
  std::optional<StoredTensor> value, g, v;
  std::string gKey, vKey;  // original names, for error messages
};

// Refuses what is not a zip archive before handing the file to the zip reader,
// so that the message can say what the file is instead.
void checkZipMagic(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw CheckpointError(file.string() + ": cannot open the file");
  char magic[4] = {};
  in.read(magic, 4);
  if (in.gcount() == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4) return;
  if (in.gcount() >= 1 && static_cast<unsigned char>(magic[0]) == 0x80)
    throw CheckpointError(file.string() +
                          ": legacy (pre-zip) torch.save format is not supported; re-save it with a current "
                          "torch.save");
  throw CheckpointError(file.string() + ": not a torch.save checkpoint (no zip archive header)");
}

// Reads storage records once each, straight into the target device and dtype,
// and forgets them as soon as no planned tensor needs them any more.
class StorageLoader {
 public:
  StorageLoader(PyTorchStreamReader& reader, const fs::path& file, const StateDictOptions& options)
      : reader_(reader), file_(file), fileBytes_(fs::file_size(file)), options_(options) {}

  void expectUse(const StoredTensor& t) { ++uses_[t.storageKey]; }

  // The tensor `t` as `dtype` on the target device, a view of its storage.
  at::Tensor view(const StoredTensor& t, at::ScalarType dtype, const std::string& key) {
    checkBounds(t, key);
    const auto cacheKey = std::make_pair(t.storageKey, dtype);
    auto it = cache_.find(cacheKey);
    if (it == cache_.end()) it = cache_.emplace(cacheKey, readStorage(t, dtype)).first;
    at::Tensor result = it->second.as_strided(t.sizes, t.strides, t.offset).contiguous();
    if (--uses_[t.storageKey] == 0) {
      for (auto i = cache_.begin(); i != cache_.end();) i = i->first.first == t.storageKey ? cache_.erase(i) : ++i;
    }
    return result;
  }

  // Floating-point tensors take the requested dtype (float64 under the
  // float64 prefixes); others keep theirs.
  at::ScalarType targetType(const StoredTensor& t, const std::string& key) const {
    if (!at::isFloatingType(t.dtype)) return t.dtype;
    for (const auto& prefix : options_.float64Prefixes)
      if (key.rfind(prefix, 0) == 0) return at::kDouble;
    return options_.dtype;
  }

 private:
  static void checkBounds(const StoredTensor& t, const std::string& key) {
    int64_t last = t.offset;
    bool empty = false;
    for (size_t d = 0; d < t.sizes.size(); ++d) {
      if (t.sizes[d] < 0 || t.strides[d] < 0)
        throw std::runtime_error("tensor '" + key + "' has a negative size or stride");
      if (t.sizes[d] == 0) empty = true;
      int64_t span = 0;
      if (__builtin_mul_overflow(std::max<int64_t>(t.sizes[d] - 1, 0), t.strides[d], &span) ||
          __builtin_add_overflow(last, span, &last))
        throw std::runtime_error("tensor '" + key + "' has a size or stride too large for any storage");
    }
    if (t.offset < 0 || (!empty && last >= t.storageNumel))
      throw std::runtime_error("tensor '" + key + "' " + shapeText(t.sizes) + " lies outside its storage data/" +
                               t.storageKey + " of " + std::to_string(t.storageNumel) + " elements");
  }

  at::Tensor readStorage(const StoredTensor& t, at::ScalarType dtype) {
    const std::string record = "data/" + t.storageKey;
    // Sizes are checked before anything is allocated: torch.save stores its
    // records uncompressed, so none holds more than the file, and the zip's
    // own size field is never what decides an allocation.
    if (t.storageNumel < 0 || uint64_t(t.storageNumel) > fileBytes_ / c10::elementSize(t.dtype))
      throw std::runtime_error("storage record " + record + " of " + std::to_string(t.storageNumel) +
                               " elements is larger than the file");
    const size_t needed = static_cast<size_t>(t.storageNumel) * c10::elementSize(t.dtype);
    at::DataPtr data = c10::GetCPUAllocator()->allocate(needed);
#if COSYSTUDIO_HAVE_SIZED_RECORD_READ
    reader_.getRecord(record, data.get(), needed);  // refuses a record of another size
#else
    // libtorch 1.13 reads a record only into memory sized by the zip's field:
    // the data is read where torch's own mmap loading finds it instead.
    const size_t offset = reader_.getRecordOffset(record);
    if (offset > fileBytes_ || needed > fileBytes_ - offset)
      throw std::runtime_error("storage record " + record + " lies outside the file");
    std::ifstream in(file_, std::ios::binary);
    in.seekg(std::streamoff(offset));
    if (!in.read(static_cast<char*>(data.get()), std::streamsize(needed)))
      throw std::runtime_error("storage record " + record + " cannot be read");
#endif
    at::Storage storage(at::Storage::use_byte_size_t(), needed, std::move(data), nullptr, false);
    at::Tensor raw = at::empty({0}, at::TensorOptions().dtype(t.dtype)).set_(storage, 0, {t.storageNumel}, {1});
    // A no-op when the file already has the target type on the CPU: the record
    // itself becomes the tensor's memory.
    return raw.to(options_.device, dtype);
  }

  PyTorchStreamReader& reader_;
  const fs::path& file_;
  const uint64_t fileBytes_;
  const StateDictOptions& options_;
  std::map<std::string, int> uses_;
  std::map<std::pair<std::string, at::ScalarType>, at::Tensor> cache_;
};

std::map<std::string, Planned> plan(const std::vector<std::pair<std::string, StoredTensor>>& entries) {
  std::map<std::string, Planned> planned;
  std::vector<std::string> errors;
  auto slot = [&](const std::string& key) -> Planned& { return planned[key]; };
  for (const auto& [original, stored] : entries) {
    const std::string key = withoutGenerator(original);
    bool weightNorm = false;
    for (const auto& spelling : kWeightNormSpellings) {
      for (bool isG : {true, false}) {
        const std::string& suffix = isG ? spelling.g : spelling.v;
        if (!endsWith(key, suffix)) continue;
        Planned& p = slot(key.substr(0, key.size() - suffix.size()) + ".weight");
        auto& part = isG ? p.g : p.v;
        if (part || p.value) errors.push_back("two entries fold into the same weight: '" + original + "'");
        part = stored;
        (isG ? p.gKey : p.vKey) = original;
        weightNorm = true;
      }
    }
    if (weightNorm) continue;
    Planned& p = slot(key);
    if (p.value || p.g || p.v) errors.push_back("two entries map to the key '" + key + "': '" + original + "'");
    p.value = stored;
  }
  for (const auto& [key, p] : planned) {
    if (p.value) continue;
    if (!p.g) errors.push_back("weight-norm direction '" + p.vKey + "' has no magnitude (g) entry");
    if (!p.v) errors.push_back("weight-norm magnitude '" + p.gKey + "' has no direction (v) entry");
  }
  if (!errors.empty()) {
    std::string message;
    for (const auto& e : errors) message += "\n  " + e;
    throw std::runtime_error("inconsistent checkpoint keys:" + message);
  }
  return planned;
}

}  // namespace

StateDict StateDict::load(const fs::path& file, const StateDictOptions& options) {
  checkZipMagic(file);
  auto fail = [&](const std::string& what) { return CheckpointError(file.string() + ": " + what); };

  std::unique_ptr<PyTorchStreamReader> reader;
  try {
    reader = std::make_unique<PyTorchStreamReader>(file.string());
  } catch (const c10::Error& e) {
    throw fail("not a readable torch.save archive (" + firstLine(e.what_without_backtrace()) + ")");
  }

  StateDict dict;
  dict.file_ = file;
  dict.options_ = options;
  try {
    if (reader->hasRecord("constants.pkl"))
      throw fail("is a TorchScript archive (torch.jit.save); a state dict saved with torch.save is expected");
    if (!reader->hasRecord("data.pkl")) throw fail("has no data.pkl record; not a torch.save archive");
    if (reader->hasRecord("byteorder")) {
      auto [data, size] = reader->getRecord("byteorder");
      if (std::string(static_cast<const char*>(data.get()), size) != "little")
        throw fail("big-endian archives are not supported");
    }

    std::vector<std::pair<std::string, StoredTensor>> entries;
    {
      auto [data, size] = reader->getRecord("data.pkl");
      entries = readStateDictPickle(static_cast<const char*>(data.get()), size);
    }
    const auto planned = plan(entries);

    StorageLoader storages(*reader, file, options);
    for (const auto& [key, p] : planned) {
      if (options.skipKeys.count(key)) continue;
      for (const auto* part : {&p.value, &p.g, &p.v})
        if (*part) storages.expectUse(**part);
    }
    for (const auto& [key, p] : planned) {
      if (options.skipKeys.count(key)) continue;
      if (p.value) {
        dict.tensors_[key] = storages.view(*p.value, storages.targetType(*p.value, key), key);
        continue;
      }
      // Fold in fp32 whatever the file and target types are, or in fp64 for
      // float64 targets.
      const at::ScalarType target = storages.targetType(*p.v, key);
      const at::ScalarType foldType = target == at::kDouble ? at::kDouble : at::kFloat;
      at::Tensor g = storages.view(*p.g, foldType, p.gKey);
      at::Tensor v = storages.view(*p.v, foldType, p.vKey);
      if (g.dim() != v.dim() || g.size(0) != v.size(0) || g.numel() != g.size(0))
        throw std::runtime_error("weight-norm pair '" + p.gKey + "' " + shapeText(g.sizes()) + " / '" + p.vKey +
                                 "' " + shapeText(v.sizes()) + " has inconsistent shapes");
      dict.tensors_[key] = at::_weight_norm(v, g, 0).to(target);
    }
  } catch (const CheckpointError&) {
    throw;
  } catch (const PickleError& e) {
    throw fail(e.what());
  } catch (const c10::Error& e) {
    throw fail(firstLine(e.what_without_backtrace()));
  } catch (const std::runtime_error& e) {
    throw fail(e.what());
  }
  return dict;
}

// The dict lets go of what it gives: a network that converts or repacks a
// weight frees the file's copy as it goes, not after the whole network.
at::Tensor StateDict::release(const std::string& key) {
  auto node = tensors_.extract(key);
  return node ? std::move(node.mapped()) : at::Tensor();
}

at::Tensor StateDict::take(const std::string& key, at::IntArrayRef shape) {
  const auto placeholder = [&] {
    return at::zeros(shape, at::TensorOptions().device(options_.device).dtype(options_.dtype));
  };
  at::Tensor tensor = release(key);
  if (!tensor.defined()) {
    problems_.push_back("missing    " + key + " " + shapeText(shape));
    return placeholder();
  }
  if (tensor.sizes() != shape) {
    problems_.push_back("mis-shaped " + key + ": file " + shapeText(tensor.sizes()) + ", model " + shapeText(shape));
    return placeholder();
  }
  return tensor;
}

at::Tensor StateDict::take(const std::string& key) {
  at::Tensor tensor = release(key);
  if (!tensor.defined()) problems_.push_back("missing    " + key);
  return tensor;
}

void StateDict::finish() const {
  std::vector<std::string> all = problems_;
  for (const auto& [key, tensor] : tensors_) all.push_back("unexpected " + key + " " + shapeText(tensor.sizes()));
  if (all.empty()) return;
  std::string message = file_.string() + ": checkpoint does not match the model (" + std::to_string(all.size()) +
                        " problem" + (all.size() == 1 ? "" : "s") + "):";
  for (const auto& line : all) message += "\n  " + line;
  throw CheckpointError(message);
}

}  // namespace cosystudio
