#include "cosystudio/text/split_paragraph.h"

#include "text/unicode.h"

#include <algorithm>

namespace cosystudio::text {
namespace {

std::u32string toCodePoints(std::string_view text) {
  std::u32string out;
  for (std::size_t pos = 0; pos < text.size();) out += nextCodePoint(text, pos);
  return out;
}

std::string toUtf8(const std::u32string& text) {
  std::string out;
  for (const char32_t cp : text) appendUtf8(out, cp);
  return out;
}

}  // namespace

std::vector<std::string> splitParagraph(std::string_view utf8, Language language, const PieceLength& length,
                                        const SplitLimits& limits) {
  if (utf8.empty()) return {};
  const bool zh = language == Language::Chinese;
  std::u32string enders = zh ? U"。？！；：、.?!;" : U".?!;:";
  if (limits.commaSplit) enders += U"，,";
  const auto isEnder = [&](char32_t c) { return enders.find(c) != std::u32string::npos; };

  std::u32string text = toCodePoints(utf8);
  if (!isEnder(text.back())) text += zh ? U'。' : U'.';

  std::vector<std::u32string> sentences;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!isEnder(text[i])) continue;
    if (i > start) sentences.push_back(text.substr(start, i - start + 1));
    if (i + 1 < text.size() && (text[i + 1] == U'"' || text[i + 1] == U'”')) {
      // Upstream attaches the quote to the last sentence even when this ender
      // closed none (".." then a quote); with no sentence at all it would fail,
      // here the quote starts one.
      if (sentences.empty()) sentences.emplace_back();
      sentences.back() += text[i + 1];
      start = i + 2;
    } else {
      start = i + 1;
    }
  }

  const auto measure = [&](const std::u32string& piece) -> std::size_t {
    return zh ? piece.size() : length(toUtf8(piece));
  };
  std::vector<std::u32string> pieces;
  std::u32string current;
  for (const auto& sentence : sentences) {
    if (measure(current + sentence) > limits.maxLength && measure(current) > limits.minLength) {
      pieces.push_back(current);
      current.clear();
    }
    current += sentence;
  }
  if (!current.empty()) {
    if (measure(current) < limits.mergeLength && !pieces.empty())
      pieces.back() += current;
    else
      pieces.push_back(current);
  }

  std::vector<std::string> out;
  out.reserve(pieces.size());
  for (const auto& piece : pieces) out.push_back(toUtf8(piece));
  return out;
}

}  // namespace cosystudio::text
