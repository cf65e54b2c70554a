#include "cosystudio/text/text_normalize.h"

#include "cosystudio/text/tokenizer.h"
#include "text/number_normalizer.h"
#include "text/spell_out_number.h"
#include "text/unicode.h"

#include <algorithm>

namespace cosystudio::text {
namespace {

void replaceAll(std::string& text, std::string_view from, std::string_view to) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  for (std::size_t hit; (hit = text.find(from, pos)) != std::string::npos; pos = hit + from.size()) {
    out.append(text, pos, hit - pos);
    out.append(to);
  }
  out.append(text, pos, std::string::npos);
  text.swap(out);
}

std::u32string toCodePoints(std::string_view text) {
  std::u32string out;
  for (std::size_t pos = 0; pos < text.size();) out += nextCodePoint(text, pos);
  return out;
}

std::string toUtf8(std::u32string_view text) {
  std::string out;
  for (const char32_t cp : text) appendUtf8(out, cp);
  return out;
}

// Python's str.strip().
std::string stripSpaces(std::string_view text) {
  const auto cps = toCodePoints(text);
  std::size_t begin = 0, end = cps.size();
  while (begin < end && isPythonSpace(cps[begin])) ++begin;
  while (end > begin && isPythonSpace(cps[end - 1])) --end;
  return toUtf8(std::u32string_view(cps).substr(begin, end - begin));
}

// replace_blank: a space survives only between two ASCII non-space characters.
// (Upstream reads the last character as the left neighbour of a leading space.)
std::string replaceBlank(std::string_view text) {
  const auto cps = toCodePoints(text);
  const auto asciiNonSpace = [](char32_t c) { return c < 0x80 && c != U' '; };
  std::u32string out;
  for (std::size_t i = 0; i < cps.size(); ++i) {
    if (cps[i] != U' ') {
      out += cps[i];
      continue;
    }
    const char32_t left = i == 0 ? cps.back() : cps[i - 1];
    if (i + 1 < cps.size() && asciiNonSpace(cps[i + 1]) && asciiNonSpace(left)) out += U' ';
  }
  return toUtf8(out);
}

// re.sub(r'[，,、]+$', '。', text)
std::string trailingCommasToFullStop(std::string text) {
  std::size_t end = text.size();
  for (bool more = true; more;) {
    more = false;
    for (const std::string_view comma : {std::string_view("，"), std::string_view(","), std::string_view("、")}) {
      if (end >= comma.size() && std::string_view(text).substr(end - comma.size(), comma.size()) == comma) {
        end -= comma.size();
        more = true;
      }
    }
  }
  if (end == text.size()) return text;
  text.resize(end);
  return text + "。";
}

std::string chineseRules(std::string text) {
  replaceAll(text, "\n", "");
  text = replaceBlank(text);
  replaceAll(text, "²", "平方");
  replaceAll(text, "³", "立方");
  replaceAll(text, ".", "。");
  replaceAll(text, " - ", "，");
  for (const char* removed : {"（", "）", "【", "】", "`"}) replaceAll(text, removed, "");
  replaceAll(text, "——", " ");
  return trailingCommasToFullStop(std::move(text));
}

bool hasSpecialMarker(std::string_view text) {
  return text.find("<|") != std::string_view::npos && text.find("|>") != std::string_view::npos;
}

struct Normalized {
  std::string text;
  Language language;
};

Normalized applyRules(std::string_view raw, const NormalizeOptions& options) {
  std::string text = stripSpaces(raw);
  const auto language = containsChinese(text) ? Language::Chinese : Language::English;
  if (options.readNumbers) text = readNumbers(text, language);
  if (language == Language::Chinese) return {chineseRules(std::move(text)), language};
  return {spellOutNumbers(text), language};
}

}  // namespace

bool containsChinese(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();)
    if (isChineseCharacter(nextCodePoint(text, pos))) return true;
  return false;
}

bool isOnlyPunctuation(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();)
    if (!isPunctuationOrSymbol(nextCodePoint(text, pos))) return false;
  return true;
}

std::string normalizeText(std::string_view text, const NormalizeOptions& options) {
  requireValidUtf8(text);
  if (!options.textFrontend || text.empty() || hasSpecialMarker(text)) return std::string(text);
  return applyRules(text, options).text;
}

namespace {

// Every piece within the hard bound; `forcedCut` (optional) parallel to the result.
std::vector<std::string> capEach(const std::vector<std::string>& pieces, const Tokenizer& tokenizer,
                                 std::vector<bool>* forcedCut) {
  const auto tokenCount = [&](std::string_view piece) { return tokenizer.encode(piece).size(); };
  std::vector<std::string> out;
  if (forcedCut) forcedCut->clear();
  for (const std::string& piece : pieces)
    for (CappedPiece& capped : capPieceLength(piece, tokenCount)) {
      out.push_back(std::move(capped.text));
      if (forcedCut) forcedCut->push_back(capped.forcedCut);
    }
  return out;
}

}  // namespace

std::vector<std::string> normalizeAndSplit(std::string_view text, const Tokenizer& tokenizer,
                                           const NormalizeOptions& options, std::vector<bool>* forcedCut) {
  requireValidUtf8(text);
  if (!options.textFrontend || text.empty() || hasSpecialMarker(text))
    return capEach({std::string(text)}, tokenizer, forcedCut);
  const auto normalized = applyRules(text, options);
  const auto tokenCount = [&](std::string_view piece) { return tokenizer.encode(piece).size(); };
  auto pieces = splitParagraph(normalized.text, normalized.language, tokenCount);
  pieces.erase(std::remove_if(pieces.begin(), pieces.end(), [](const std::string& p) { return isOnlyPunctuation(p); }),
               pieces.end());
  return capEach(pieces, tokenizer, forcedCut);
}

std::vector<std::string> capToPieces(std::string_view text, const Tokenizer& tokenizer, std::vector<bool>* forcedCut) {
  requireValidUtf8(text);
  return capEach({std::string(text)}, tokenizer, forcedCut);
}

}  // namespace cosystudio::text
