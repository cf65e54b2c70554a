#include "text/byte_level_bpe.h"

#include "text/unicode.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <queue>
#include <sstream>
#include <stdexcept>

namespace cosystudio::text {
namespace {

// Pieces longer than this are merged without the cache (long runs of CJK text).
constexpr std::size_t kMaxCachedPieceBytes = 64;
constexpr std::size_t kMaxCacheEntries = 1 << 16;

// Printable Latin-1 bytes stand for themselves; the other 68 bytes are mapped
// in order onto U+0100.. so every byte has a visible character.
bool isPrintableByte(unsigned b) { return (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174; }

// The alphabet ends at U+0143 (256 + 68 - 1).
constexpr char32_t kAlphabetEnd = 256 + 68;

struct ByteAlphabet {
  std::array<char32_t, 256> charOf{};
  std::array<int, kAlphabetEnd> byteOf{};  // -1: not in the alphabet
  ByteAlphabet() {
    byteOf.fill(-1);
    unsigned next = 256;
    for (unsigned b = 0; b < 256; ++b) {
      charOf[b] = isPrintableByte(b) ? b : next++;
      byteOf[charOf[b]] = static_cast<int>(b);
    }
  }
};

const ByteAlphabet& alphabet() {
  static const ByteAlphabet table;
  return table;
}

std::string readFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + file.string());
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

char32_t ByteLevelBpe::byteToChar(unsigned char byte) { return alphabet().charOf[byte]; }

bool ByteLevelBpe::charsToBytes(std::string_view chars, std::string& bytes) {
  const auto& byteOf = alphabet().byteOf;
  for (std::size_t pos = 0; pos < chars.size();) {
    const char32_t c = nextCodePoint(chars, pos);
    if (c >= kAlphabetEnd || byteOf[c] < 0) return false;
    bytes.push_back(static_cast<char>(byteOf[c]));
  }
  return true;
}

ByteLevelBpe::ByteLevelBpe(const std::filesystem::path& vocabFile,
                           const std::filesystem::path& mergesFile) {
  loadVocab(vocabFile);
  loadMerges(mergesFile);
}

void ByteLevelBpe::loadVocab(const std::filesystem::path& file) {
  nlohmann::json vocab;
  try {
    vocab = nlohmann::json::parse(readFile(file));
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(file.string() + " is not valid JSON: " + e.what());
  }
  if (!vocab.is_object() || vocab.empty())
    throw std::runtime_error(file.string() + " is not a JSON object of token -> id");
  tokens_.assign(vocab.size(), {});
  for (const auto& [token, id] : vocab.items()) {
    if (!id.is_number_integer() || id.get<int64_t>() < 0 || id.get<int64_t>() >= int64_t(vocab.size()))
      throw std::runtime_error(file.string() + ": token '" + token + "' has id " + id.dump() +
                               ", expected 0.." + std::to_string(vocab.size() - 1));
    auto& slot = tokens_[id.get<std::size_t>()];
    if (!slot.empty())
      throw std::runtime_error(file.string() + ": id " + id.dump() + " is used twice");
    slot = token;
  }
  bytes_.resize(tokens_.size());
  ids_.reserve(tokens_.size());
  for (std::size_t id = 0; id < tokens_.size(); ++id) {
    if (!charsToBytes(tokens_[id], bytes_[id]))
      throw std::runtime_error(file.string() + ": token '" + tokens_[id] +
                               "' is not in the byte-level alphabet");
    ids_.emplace(tokens_[id], static_cast<int32_t>(id));
  }
  for (unsigned b = 0; b < 256; ++b) {
    std::string single;
    appendUtf8(single, byteToChar(static_cast<unsigned char>(b)));
    byteIds_[b] = id(single);
    if (byteIds_[b] < 0)
      throw std::runtime_error(file.string() + " lacks the token for byte " + std::to_string(b));
  }
}

void ByteLevelBpe::loadMerges(const std::filesystem::path& file) {
  const std::string text = readFile(file);
  std::istringstream lines(text);
  std::string line;
  int lineNumber = 0;
  int32_t rank = 0;
  while (std::getline(lines, line)) {
    ++lineNumber;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || (lineNumber == 1 && line.rfind("#version", 0) == 0)) continue;
    const auto space = line.find(' ');
    const auto where = [&] { return file.string() + " line " + std::to_string(lineNumber) + ": "; };
    if (space == std::string::npos || space == 0 || space + 1 == line.size() ||
        line.find(' ', space + 1) != std::string::npos)
      throw std::runtime_error(where() + "expected two tokens separated by one space, got '" + line + "'");
    const std::string left = line.substr(0, space), right = line.substr(space + 1);
    const int32_t leftId = id(left), rightId = id(right), mergedId = id(left + right);
    if (leftId < 0 || rightId < 0 || mergedId < 0)
      throw std::runtime_error(where() + "'" + (leftId < 0 ? left : rightId < 0 ? right : left + right) +
                               "' is not in the vocabulary");
    merges_.emplace(pairKey(leftId, rightId), Merge{rank++, mergedId});
  }
  if (merges_.empty()) throw std::runtime_error(file.string() + " holds no merges");
}

int32_t ByteLevelBpe::id(const std::string& token) const {
  const auto it = ids_.find(token);
  return it == ids_.end() ? -1 : it->second;
}

void ByteLevelBpe::encodePiece(std::string_view piece, std::vector<int32_t>& ids) const {
  const bool cacheable = piece.size() <= kMaxCachedPieceBytes;
  std::string key;
  if (cacheable) {
    key.assign(piece);
    std::lock_guard<std::mutex> lock(cacheMutex_);
    const auto it = cache_.find(key);
    if (it != cache_.end()) {
      ids.insert(ids.end(), it->second.begin(), it->second.end());
      return;
    }
  }
  std::vector<int32_t> symbols;
  symbols.reserve(piece.size());
  for (const char c : piece) symbols.push_back(byteIds_[static_cast<unsigned char>(c)]);
  mergeSymbols(symbols);
  ids.insert(ids.end(), symbols.begin(), symbols.end());
  if (cacheable) {
    std::lock_guard<std::mutex> lock(cacheMutex_);
    if (cache_.size() >= kMaxCacheEntries) cache_.clear();
    cache_.emplace(std::move(key), std::move(symbols));
  }
}

// Repeatedly merges the adjacent pair of lowest rank (leftmost on ties), in
// O(n log n) with a heap over a linked list of symbols.
void ByteLevelBpe::mergeSymbols(std::vector<int32_t>& symbols) const {
  const int n = static_cast<int>(symbols.size());
  if (n < 2) return;
  struct Candidate {
    int32_t rank;
    int left;
    int32_t leftId, rightId, merged;
    bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
  };
  std::vector<int> next(n), prev(n);
  std::vector<bool> alive(n, true);
  for (int i = 0; i < n; ++i) {
    next[i] = i + 1 < n ? i + 1 : -1;
    prev[i] = i - 1;
  }
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<Candidate>> heap;
  const auto consider = [&](int left) {
    if (left < 0 || next[left] < 0) return;
    const auto it = merges_.find(pairKey(symbols[left], symbols[next[left]]));
    if (it != merges_.end())
      heap.push({it->second.rank, left, symbols[left], symbols[next[left]], it->second.merged});
  };
  for (int i = 0; i + 1 < n; ++i) consider(i);
  while (!heap.empty()) {
    const Candidate c = heap.top();
    heap.pop();
    const int right = next[c.left];
    if (!alive[c.left] || right < 0 || symbols[c.left] != c.leftId || symbols[right] != c.rightId) continue;
    symbols[c.left] = c.merged;
    alive[right] = false;
    next[c.left] = next[right];
    if (next[right] >= 0) prev[next[right]] = c.left;
    consider(prev[c.left]);
    consider(c.left);
  }
  std::vector<int32_t> merged;
  for (int i = 0; i >= 0; i = next[i]) merged.push_back(symbols[i]);
  symbols.swap(merged);
}

}  // namespace cosystudio::text
