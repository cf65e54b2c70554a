// GPT-2 style byte-level BPE: the vocabulary and merge ranks of vocab.json and
// merges.txt, applied to one pre-tokenised piece at a time.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cosystudio::text {

class ByteLevelBpe {
 public:
  // Throws std::runtime_error naming the file and line when one is missing or corrupt.
  ByteLevelBpe(const std::filesystem::path& vocabFile, const std::filesystem::path& mergesFile);

  // Appends the ids of one pre-tokenised piece (raw UTF-8 bytes).
  void encodePiece(std::string_view piece, std::vector<int32_t>& ids) const;

  int32_t size() const { return static_cast<int32_t>(tokens_.size()); }
  // Vocabulary token string (in the byte-to-unicode alphabet), or -1.
  int32_t id(const std::string& token) const;
  const std::string& token(int32_t id) const { return tokens_[id]; }
  // Raw bytes a token stands for.
  const std::string& bytes(int32_t id) const { return bytes_[id]; }

  // The GPT-2 byte-to-unicode alphabet: the character standing for a byte.
  static char32_t byteToChar(unsigned char byte);
  // Bytes a string of that alphabet stands for; false if a character is not in it.
  static bool charsToBytes(std::string_view chars, std::string& bytes);

 private:
  struct Merge {
    int32_t rank;
    int32_t merged;
  };
  static uint64_t pairKey(int32_t left, int32_t right) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(left)) << 32) | static_cast<uint32_t>(right);
  }
  void loadVocab(const std::filesystem::path& file);
  void loadMerges(const std::filesystem::path& file);
  void mergeSymbols(std::vector<int32_t>& symbols) const;

  std::vector<std::string> tokens_;
  std::vector<std::string> bytes_;
  std::unordered_map<std::string, int32_t> ids_;
  std::unordered_map<uint64_t, Merge> merges_;
  std::array<int32_t, 256> byteIds_{};

  // Pieces repeat a lot in real text; their merged ids are remembered.
  mutable std::mutex cacheMutex_;
  mutable std::unordered_map<std::string, std::vector<int32_t>> cache_;
};

}  // namespace cosystudio::text
