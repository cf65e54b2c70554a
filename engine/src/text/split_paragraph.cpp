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

// A [...] or <...> longer than this is not markup but text (a stray "<").
constexpr std::size_t kMaxMarkupBytes = 64;

// Byte offsets where `text` may be cut: every code point start outside a tag,
// and those of them that are also outside a <tag>…</tag> pair.
struct CutPositions {
  std::vector<std::size_t> anywhere, keepingPairs;
};

CutPositions cutPositions(std::string_view text) {
  CutPositions cuts;
  int open = 0;  // <tag> pairs around this point
  for (std::size_t pos = 0; pos < text.size();) {
    if (pos > 0) {
      cuts.anywhere.push_back(pos);
      if (open == 0) cuts.keepingPairs.push_back(pos);
    }
    if (text[pos] == '[' || text[pos] == '<') {
      const std::size_t end = text.find(text[pos] == '[' ? ']' : '>', pos);
      if (end != std::string_view::npos && end - pos <= kMaxMarkupBytes) {
        if (text[pos] == '<' && text[end - 1] != '/') open = std::max(0, open + (text[pos + 1] == '/' ? -1 : 1));
        pos = end + 1;  // the tag is skipped whole
        continue;
      }
    }
    nextCodePoint(text, pos);
  }
  return cuts;
}

}  // namespace

std::vector<CappedPiece> capPieceLength(std::string_view piece, const PieceLength& length, std::size_t maxTokens) {
  std::vector<CappedPiece> out;
  // The cut is looked for in a window of the text, never in all of it, so a
  // 100 000-character paste costs time linear in its length. The window starts
  // at 8 bytes a token and grows while the text's tokens are longer.
  std::size_t window = maxTokens * 8;
  while (!piece.empty()) {
    std::size_t end = std::min(piece.size(), window);
    while (end < piece.size() && (static_cast<unsigned char>(piece[end]) & 0xC0) == 0x80) --end;  // whole code points
    const bool fits = length(piece.substr(0, end)) <= maxTokens;
    if (fits && end == piece.size()) break;
    if (fits) {
      window *= 2;
      continue;
    }
    const CutPositions positions = cutPositions(piece.substr(0, end));
    const auto within = [&](std::size_t cut) { return length(piece.substr(0, cut)) <= maxTokens; };
    // A <tag>…</tag> pair (or an unbalanced tag) stays whole unless that leaves
    // no cut within the bound: the bound on memory comes first.
    const std::vector<std::size_t>& cuts =
        !positions.keepingPairs.empty() && within(positions.keepingPairs.front()) ? positions.keepingPairs
                                                                                  : positions.anywhere;
    if (cuts.empty()) break;  // a single character or tag
    // The longest prefix within the bound (binary search over the cuts).
    std::size_t lo = 0, hi = cuts.size();
    while (hi - lo > 1) {
      const std::size_t mid = (lo + hi) / 2;
      (within(cuts[mid]) ? lo : hi) = mid;
    }
    std::size_t cut = cuts[lo], next = cut;
    // A word boundary in the second half of that prefix is a better place
    // (the space itself is dropped).
    const std::size_t space = piece.substr(0, cut).find_last_of(' ');
    if (space != std::string_view::npos && space > cut / 2 && std::binary_search(cuts.begin(), cuts.end(), space))
      cut = space, next = space + 1;
    out.push_back({std::string(piece.substr(0, cut)), true});
    piece.remove_prefix(next);
  }
  if (!piece.empty()) out.push_back({std::string(piece), false});
  return out;
}

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
