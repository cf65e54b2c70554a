#include "asr/sentencepiece_normalizer_check.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <vector>

namespace cosystudio::asr {
namespace {

// The protobuf wire format, as far as finding two bytes fields needs it.
class WireReader {
 public:
  explicit WireReader(std::string_view bytes) : bytes_(bytes) {}
  bool atEnd() const { return at_ == bytes_.size(); }

  uint64_t varint() {
    uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (atEnd()) throw std::runtime_error("it ends inside a number");
      const auto byte = static_cast<unsigned char>(bytes_[at_++]);
      value |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
    throw std::runtime_error("a number runs past ten bytes");
  }

  // The next field: its number and, for a length-delimited one, its bytes;
  // other kinds are skipped.
  struct Field {
    uint64_t number = 0;
    std::optional<std::string_view> bytes;
  };
  Field next() {
    const uint64_t key = varint();
    Field field{key >> 3, std::nullopt};
    switch (key & 7) {
      case 0: varint(); break;
      case 1: skip(8); break;
      case 2: {
        const uint64_t size = varint();
        if (size > bytes_.size() - at_) throw std::runtime_error("a field runs past its end");
        field.bytes = bytes_.substr(at_, size);
        at_ += size;
        break;
      }
      case 5: skip(4); break;
      default: throw std::runtime_error("it holds a field of wire type " + std::to_string(key & 7));
    }
    return field;
  }

 private:
  void skip(std::size_t n) {
    if (n > bytes_.size() - at_) throw std::runtime_error("a field runs past its end");
    at_ += n;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
};

// Field numbers of sentencepiece_model.proto.
constexpr uint64_t kNormalizerSpec = 3, kDenormalizerSpec = 5, kPrecompiledCharsmap = 2;

// One darts-clone double-array unit (darts.h's DoubleArrayUnit).
struct Unit {
  uint32_t bits;
  bool hasLeaf() const { return (bits >> 8) & 1; }
  uint32_t value() const { return bits & ((1u << 31) - 1); }
  uint32_t label() const { return bits & ((1u << 31) | 0xff); }
  uint32_t offset() const { return (bits >> 10) << ((bits & (1u << 9)) >> 6); }
};

// The charsmap is a little-endian uint32 size of the trie, the trie's units,
// then NUL-terminated replacement strings that the trie's leaves index
// (normalizer.cc's DecodePrecompiledCharsMap). Every node reachable from the
// root is visited: any byte of a text may be the next label tried, so all 256
// units a node's children may sit at must lie inside the array.
std::string damagedCharsmap(std::string_view blob) {
  uint32_t trieBytes = 0;
  if (blob.size() <= sizeof trieBytes) return "it is shorter than its header";
  std::memcpy(&trieBytes, blob.data(), sizeof trieBytes);
  blob.remove_prefix(sizeof trieBytes);
  if (trieBytes > blob.size()) return "its trie runs past its end";
  const std::size_t unitCount = trieBytes / sizeof(uint32_t);
  if (unitCount == 0) return "its trie is empty";
  std::vector<Unit> units(unitCount);
  std::memcpy(units.data(), blob.data(), unitCount * sizeof(uint32_t));
  const std::string_view replacements = blob.substr(trieBytes);
  const std::size_t lastNul = replacements.rfind('\0');

  const auto inside = [&](std::size_t base) { return (base | 0xff) < unitCount; };
  std::vector<bool> visited(unitCount, false);
  std::vector<std::size_t> pending{units[0].offset()};
  while (!pending.empty()) {
    const std::size_t base = pending.back();
    pending.pop_back();
    if (!inside(base)) return "its trie points outside itself";
    if (visited[base]) continue;
    visited[base] = true;
    for (uint32_t label = 0; label <= 0xff; ++label) {
      const std::size_t at = base ^ label;
      if (units[at].label() != label) continue;
      const std::size_t childBase = at ^ units[at].offset();
      if (!inside(childBase)) return "its trie points outside itself";
      if (units[at].hasLeaf() && (lastNul == std::string_view::npos || units[childBase].value() > lastNul))
        return "its trie points past its strings";
      pending.push_back(childBase);
    }
  }
  return {};
}

}  // namespace

std::string damagedNormalizerTables(std::string_view model) {
  std::optional<std::string_view> tables[2];
  try {
    WireReader fields(model);
    while (!fields.atEnd()) {
      const auto field = fields.next();
      if (!field.bytes || (field.number != kNormalizerSpec && field.number != kDenormalizerSpec)) continue;
      // A message field given twice is merged, so its last charsmap counts.
      WireReader spec(*field.bytes);
      while (!spec.atEnd()) {
        const auto inner = spec.next();
        if (inner.number == kPrecompiledCharsmap && inner.bytes) tables[field.number == kDenormalizerSpec] = inner.bytes;
      }
    }
  } catch (const std::runtime_error& e) {
    return std::string("its protobuf is damaged: ") + e.what();
  }
  const char* names[2] = {"normalizer_spec", "denormalizer_spec"};
  for (int i = 0; i < 2; ++i) {
    if (!tables[i] || tables[i]->empty()) continue;  // no table: the library builds none
    if (auto problem = damagedCharsmap(*tables[i]); !problem.empty())
      return std::string("the precompiled_charsmap of its ") + names[i] + " is damaged: " + problem;
  }
  return {};
}

}  // namespace cosystudio::asr
