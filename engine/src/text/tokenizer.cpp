#include "cosystudio/text/tokenizer.h"

#include "text/added_token_matcher.h"
#include "text/added_tokens.h"
#include "text/byte_level_bpe.h"
#include "text/pretokenizer.h"
#include "text/unicode.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace cosystudio::text {
namespace {

std::filesystem::path tokenizerFolder(const std::filesystem::path& folder) {
  if (std::filesystem::exists(folder / "vocab.json")) return folder;
  const auto blankEn = folder / "CosyVoice-BlankEN";
  if (std::filesystem::exists(blankEn / "vocab.json")) return blankEn;
  throw std::runtime_error("no tokenizer in " + folder.string() + ": neither " +
                           (folder / "vocab.json").string() + " nor " + (blankEn / "vocab.json").string() +
                           " exists");
}

}  // namespace

struct Tokenizer::Impl {
  Impl(const std::filesystem::path& folder)
      : bpe(folder / "vocab.json", folder / "merges.txt"),
        added(addedTokensInIdOrder()),
        matcher(added) {
    for (std::size_t i = 0; i < added.size(); ++i) {
      if (bpe.id(added[i]) >= 0)
        throw std::runtime_error((folder / "vocab.json").string() + " already contains the added token " +
                                 added[i]);
      addedIds.emplace(added[i], bpe.size() + static_cast<int32_t>(i));
      // Decoding maps an added token through the byte alphabet too when all of
      // its characters belong to it (so "[ào]" decodes lossily, as upstream).
      std::string bytes;
      if (!ByteLevelBpe::charsToBytes(added[i], bytes)) bytes = added[i];
      addedBytes.push_back(std::move(bytes));
    }
  }

  void encodeSpan(std::string_view span, std::vector<int32_t>& ids) const {
    if (span.empty()) return;
    const std::string normalized = toNfc(span);
    for (const auto piece : preTokenizer.split(normalized)) bpe.encodePiece(piece, ids);
  }

  ByteLevelBpe bpe;
  std::vector<std::string> added;
  std::vector<std::string> addedBytes;
  std::unordered_map<std::string, int32_t> addedIds;
  AddedTokenMatcher matcher;
  Qwen2PreTokenizer preTokenizer;
};

Tokenizer Tokenizer::load(const std::filesystem::path& folder) {
  return Tokenizer(std::make_unique<Impl>(tokenizerFolder(folder)));
}

Tokenizer::Tokenizer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Tokenizer::Tokenizer(Tokenizer&&) noexcept = default;
Tokenizer& Tokenizer::operator=(Tokenizer&&) noexcept = default;
Tokenizer::~Tokenizer() = default;

std::vector<int32_t> Tokenizer::encode(std::string_view text) const {
  requireValidUtf8(text);
  std::vector<int32_t> ids;
  ids.reserve(text.size() / 2);
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto match = impl_->matcher.find(text, pos);
    if (match.index < 0) break;
    impl_->encodeSpan(text.substr(pos, match.begin - pos), ids);
    ids.push_back(impl_->bpe.size() + match.index);
    pos = match.begin + match.length;
  }
  impl_->encodeSpan(text.substr(std::min(pos, text.size())), ids);
  return ids;
}

std::string Tokenizer::decode(const std::vector<int32_t>& ids, bool keepSpecial) const {
  std::string bytes;
  const int32_t regular = impl_->bpe.size();
  for (const int32_t id : ids) {
    if (id < 0 || id >= size())
      throw std::out_of_range("token id " + std::to_string(id) + " is outside the text vocabulary (0.." +
                              std::to_string(size() - 1) + ")");
    if (id < regular)
      bytes += impl_->bpe.bytes(id);
    else if (keepSpecial)
      bytes += impl_->addedBytes[id - regular];
  }
  return decodeUtf8Lossy(bytes);
}

int32_t Tokenizer::size() const { return impl_->bpe.size() + static_cast<int32_t>(impl_->added.size()); }

std::optional<int32_t> Tokenizer::addedTokenId(std::string_view token) const {
  const auto it = impl_->addedIds.find(std::string(token));
  if (it == impl_->addedIds.end()) return std::nullopt;
  return it->second;
}

const std::vector<std::string>& Tokenizer::addedTokens() const { return impl_->added; }

}  // namespace cosystudio::text
