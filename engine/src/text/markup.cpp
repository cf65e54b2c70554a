#include "cosystudio/text/markup.h"

#include "text/added_token_matcher.h"
#include "text/added_tokens.h"
#include "text/unicode.h"

#include <algorithm>

namespace cosystudio::text {
namespace {

// The added tokens with their kinds: the CosyVoice3 list runs control and
// paralinguistic tokens, then the CMU phones from [AA], then pinyin from [a].
struct KnownTokens {
  std::vector<std::string> tokens;
  std::vector<MarkupKind> kinds;
  AddedTokenMatcher matcher;

  KnownTokens() : tokens(addedTokensInIdOrder()), matcher(tokens) {
    MarkupKind section = MarkupKind::Paralinguistic;
    for (const auto& token : tokens) {
      if (token == "[AA]") section = MarkupKind::CmuPhone;
      if (token == "[a]") section = MarkupKind::Pinyin;
      kinds.push_back(token.rfind("<|", 0) == 0 ? MarkupKind::Control : section);
    }
  }
};

const KnownTokens& known() {
  static const KnownTokens instance;
  return instance;
}

bool isTagChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

constexpr std::size_t kMaxBracketBytes = 48;

// A position in a text counted in code points and in UTF-16 code units.
struct TextPosition {
  std::size_t chars = 0;
  std::size_t utf16 = 0;

  void advance(std::string_view bytes) {
    for (const char c : bytes) {
      const auto byte = static_cast<unsigned char>(c);
      if ((byte & 0xC0) == 0x80) continue;  // a continuation byte
      ++chars;
      utf16 += byte >= 0xF0 ? 2 : 1;  // four bytes: beyond the BMP, a surrogate pair
    }
  }
};

// Length of an unknown span starting at text[pos], or 0.
std::size_t unknownSpanAt(std::string_view text, std::size_t pos) {
  if (text[pos] == '[') {
    for (std::size_t i = pos + 1; i < text.size() && i - pos <= kMaxBracketBytes; ++i) {
      if (text[i] == ']') return i > pos + 1 ? i + 1 - pos : 0;
      if (text[i] == '[' || text[i] == '\n' || text[i] == '\r') return 0;
    }
    return 0;
  }
  if (text[pos] == '<') {
    // <tag>, </tag>, <|name|> and near misses such as <|endofprompt>.
    std::size_t i = pos + 1;
    if (i < text.size() && (text[i] == '/' || text[i] == '|')) ++i;
    const std::size_t nameStart = i;
    while (i < text.size() && isTagChar(text[i])) ++i;
    if (i == nameStart) return 0;
    if (i < text.size() && text[i] == '|') ++i;
    return i < text.size() && text[i] == '>' ? i + 1 - pos : 0;
  }
  return 0;
}

}  // namespace

MarkupKind markupKind(std::string_view token) {
  const auto& k = known();
  const auto it = std::find(k.tokens.begin(), k.tokens.end(), token);
  return it == k.tokens.end() ? MarkupKind::Unknown : k.kinds[it - k.tokens.begin()];
}

std::vector<MarkupSpan> scanMarkup(std::string_view text) {
  requireValidUtf8(text);
  const auto& k = known();
  std::vector<MarkupSpan> spans;
  TextPosition at;
  for (std::size_t pos = 0; pos < text.size();) {
    const auto match = k.matcher.matchAt(text, pos);
    MarkupSpan span;
    if (match.index >= 0) {
      span.byteLength = match.length;
      span.kind = k.kinds[match.index];
    } else if (const auto length = unknownSpanAt(text, pos)) {
      span.byteLength = length;
    }
    if (span.byteLength == 0) {
      at.advance(text.substr(pos, 1));
      ++pos;
      continue;
    }
    span.byteOffset = pos;
    span.charOffset = at.chars;
    span.utf16Offset = at.utf16;
    span.text = std::string(text.substr(pos, span.byteLength));
    at.advance(span.text);
    span.charLength = at.chars - span.charOffset;
    span.utf16Length = at.utf16 - span.utf16Offset;
    pos += span.byteLength;
    spans.push_back(std::move(span));
  }
  return spans;
}

std::vector<MarkupSpan> unknownMarkup(std::string_view text) {
  auto spans = scanMarkup(text);
  spans.erase(std::remove_if(spans.begin(), spans.end(),
                             [](const MarkupSpan& s) { return s.kind != MarkupKind::Unknown; }),
              spans.end());
  return spans;
}

}  // namespace cosystudio::text
