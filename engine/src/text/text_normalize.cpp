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

Language languageOf(std::string_view text) { return containsChinese(text) ? Language::Chinese : Language::English; }

// The rules of `language`, whatever the language of `raw` alone.
std::string applyRulesOf(Language language, std::string_view raw, const NormalizeOptions& options) {
  std::string text = stripSpaces(raw);
  if (options.readNumbers) text = readNumbers(text, language);
  if (language == Language::Chinese) return chineseRules(std::move(text));
  return spellOutNumbers(text);
}

Normalized applyRules(std::string_view raw, const NormalizeOptions& options) {
  const Language language = languageOf(raw);
  return {applyRulesOf(language, raw, options), language};
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

namespace {

// What makes a piece what it is: its letters, digits and ideographs, not the
// blanks and punctuation the rules add, drop or change.
std::u32string wordCharacters(std::string_view text) {
  std::u32string out;
  for (const char32_t cp : toCodePoints(text))
    if (!isPythonSpace(cp) && !isPunctuationOrSymbol(cp)) out += cp;
  return out;
}

bool isAsciiNonSpace(char32_t cp) { return cp < 0x80 && !isPythonSpace(cp); }

// `text` cut after each sentence ender the splitter may cut at, with the
// closing quotes that follow it: a full-width one anywhere, an ASCII one
// (.?!;:) only before a blank, the end or a non-ASCII character, so that 3.5
// and 10:30 stay whole.
std::vector<std::string_view> sentencesOf(std::string_view text) {
  static const std::u32string kWideEnders = U"。？！；：、";
  static const std::u32string kAsciiEnders = U".?!;:";
  std::vector<std::string_view> sentences;
  std::size_t start = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const char32_t cp = nextCodePoint(text, pos);
    std::size_t after = pos;
    const char32_t next = after < text.size() ? nextCodePoint(text, after) : U' ';
    const bool ends = kWideEnders.find(cp) != std::u32string::npos ||
                      (kAsciiEnders.find(cp) != std::u32string::npos && !isAsciiNonSpace(next));
    if (!ends) continue;
    for (std::size_t quote = pos; quote < text.size();) {
      const char32_t q = nextCodePoint(text, quote);
      if (q != U'"' && q != U'”') break;
      pos = quote;
    }
    sentences.push_back(text.substr(start, pos - start));
    start = pos;
  }
  if (start < text.size()) sentences.push_back(text.substr(start));
  return sentences;
}

}  // namespace

std::vector<std::string> paragraphsOf(std::string_view text) {
  std::vector<std::string> paragraphs;
  std::string paragraph;
  const auto endParagraph = [&] {
    if (paragraph.find_first_not_of(" \t\r\n") != std::string::npos) paragraphs.push_back(paragraph);
    paragraph.clear();
  };
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, newline - start);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) {
      endParagraph();
    } else {
      if (!paragraph.empty()) paragraph += '\n';
      paragraph += line;
    }
    start = newline + 1;
  }
  endParagraph();
  // Without a blank line between two paragraphs the text goes on as it came.
  if (paragraphs.size() == 1) paragraphs.front() = std::string(text);
  return paragraphs;
}

std::vector<std::string> requestSegments(std::string_view text, const Tokenizer& tokenizer,
                                         const NormalizeOptions& options, std::vector<bool>* forcedCut,
                                         std::vector<std::string>* userTexts) {
  std::vector<std::string> segments;
  if (forcedCut) forcedCut->clear();
  if (userTexts) userTexts->clear();
  for (const std::string& paragraph : paragraphsOf(text)) {
    std::vector<bool> cut;
    const std::vector<std::string> pieces = normalizeAndSplit(paragraph, tokenizer, options, &cut);
    segments.insert(segments.end(), pieces.begin(), pieces.end());
    if (forcedCut) forcedCut->insert(forcedCut->end(), cut.begin(), cut.end());
    if (userTexts) {
      const std::vector<std::string> words = userTextOfPieces(paragraph, pieces, options);
      userTexts->insert(userTexts->end(), words.begin(), words.end());
    }
  }
  return segments;
}

std::vector<std::string> userTextOfPieces(std::string_view text, const std::vector<std::string>& pieces,
                                          const NormalizeOptions& options) {
  requireValidUtf8(text);
  if (!options.textFrontend || text.empty() || hasSpecialMarker(text)) return pieces;  // the text as typed
  std::u32string expected;
  std::vector<std::size_t> pieceEnds;
  for (const std::string& piece : pieces) {
    expected += wordCharacters(piece);
    pieceEnds.push_back(expected.size());
  }
  // Each sentence normalised alone must give the next word characters of the
  // pieces, and lie within one piece.
  const Language language = languageOf(text);
  std::vector<std::string> userTexts(pieces.size());
  std::size_t at = 0, piece = 0;
  for (const std::string_view sentence : sentencesOf(text)) {
    const std::u32string words = wordCharacters(applyRulesOf(language, sentence, options));
    if (!words.empty()) {
      if (expected.compare(at, words.size(), words) != 0) return pieces;  // read otherwise in its context
      while (piece < pieces.size() && pieceEnds[piece] <= at) ++piece;
      if (piece == pieces.size() || at + words.size() > pieceEnds[piece]) return pieces;  // cut inside it
      at += words.size();
    }
    if (piece < pieces.size()) userTexts[piece] += sentence;
  }
  if (at != expected.size()) return pieces;
  for (std::string& userText : userTexts) {
    userText = stripSpaces(userText);
    if (userText.empty()) return pieces;
  }
  return userTexts;
}

std::vector<std::string> capToPieces(std::string_view text, const Tokenizer& tokenizer, std::vector<bool>* forcedCut) {
  requireValidUtf8(text);
  return capEach({std::string(text)}, tokenizer, forcedCut);
}

}  // namespace cosystudio::text
