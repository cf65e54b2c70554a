// The Qwen2 pre-tokenizer: splits text into the pieces BPE works on, with the
// Qwen2 regex (PCRE2, Unicode properties, JIT-compiled).
#pragma once

#include <string_view>
#include <vector>

namespace cosystudio::text {

class Qwen2PreTokenizer {
 public:
  // The regex of Qwen2's tokenizer.json (single digits, `\s+(?!\S)`).
  static const char* pattern();

  Qwen2PreTokenizer();
  ~Qwen2PreTokenizer();
  Qwen2PreTokenizer(const Qwen2PreTokenizer&) = delete;
  Qwen2PreTokenizer& operator=(const Qwen2PreTokenizer&) = delete;

  // Pieces of valid UTF-8 text, in order, covering all of it (text between
  // matches is kept as its own piece).
  std::vector<std::string_view> split(std::string_view text) const;

 private:
  struct Compiled;
  Compiled* compiled_;
};

}  // namespace cosystudio::text
