// The CosyVoice3 text tokenizer: Qwen2 byte-level BPE (CosyVoice-BlankEN's
// vocab.json + merges.txt) plus CosyVoice3's 281 added tokens.
//
//   auto tokenizer = cosystudio::text::Tokenizer::load(modelFolder);
//   std::vector<int32_t> ids = tokenizer.encode("You are a helpful assistant.<|endofprompt|>你好");
//
// encode adds no BOS/EOS. Added tokens are matched on the raw text first; every
// span between them is NFC-normalised, pre-tokenised with the Qwen2 regex and
// byte-pair encoded. Thread-safe.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cosystudio::text {

class Tokenizer {
 public:
  static constexpr int32_t kEndOfText = 151643;
  static constexpr int32_t kEndOfPrompt = 151646;

  // `folder` is either a model folder holding CosyVoice-BlankEN/ or a folder
  // holding vocab.json and merges.txt. Throws std::runtime_error naming the
  // missing or corrupt file.
  static Tokenizer load(const std::filesystem::path& folder);

  Tokenizer(Tokenizer&&) noexcept;
  Tokenizer& operator=(Tokenizer&&) noexcept;
  ~Tokenizer();

  // Throws std::invalid_argument with the byte offset when `text` is not UTF-8.
  std::vector<int32_t> encode(std::string_view text) const;

  // Bytes of all tokens joined, invalid UTF-8 replaced by U+FFFD. Added tokens
  // are dropped unless keepSpecial. Throws std::out_of_range on an unknown id.
  std::string decode(const std::vector<int32_t>& ids, bool keepSpecial = false) const;

  // Text vocabulary size including the added tokens (151924 for CosyVoice3).
  int32_t size() const;
  // Id of an added token ("<|endofprompt|>", "[breath]", …), if it is one.
  std::optional<int32_t> addedTokenId(std::string_view token) const;
  // The added tokens in id order; the first has id size() - addedTokens().size().
  const std::vector<std::string>& addedTokens() const;

 private:
  struct Impl;
  explicit Tokenizer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cosystudio::text
