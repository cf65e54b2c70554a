// Finds added tokens in raw text: leftmost-longest, like the Hugging Face
// tokenizers' added vocabulary.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cosystudio::text {

class AddedTokenMatcher {
 public:
  explicit AddedTokenMatcher(const std::vector<std::string>& tokens);

  struct Match {
    std::size_t begin = 0;
    std::size_t length = 0;
    int index = -1;  // into the token list; -1: none found
  };
  // The leftmost occurrence of any token at or after `from`, the longest there.
  Match find(std::string_view text, std::size_t from) const;
  // The longest token starting exactly at `pos`.
  Match matchAt(std::string_view text, std::size_t pos) const;

 private:
  struct Node {
    std::vector<std::pair<unsigned char, int>> children;
    int token = -1;
  };
  std::vector<Node> nodes_;
  bool firstByte_[256] = {};
};

}  // namespace cosystudio::text
