#include "text/word_scripts.h"

#include "text/unicode.h"

#include <algorithm>
#include <optional>
#include <string_view>

namespace cosystudio::text {
namespace {

std::optional<Language> letterLanguage(char32_t cp) {
  if ((cp >= U'a' && cp <= U'z') || (cp >= U'A' && cp <= U'Z')) return Language::English;
  if (isChineseCharacter(cp)) return Language::Chinese;
  return std::nullopt;
}

bool isClauseBreak(char32_t cp) {
  return std::u32string_view(U".,;!?…。，；！？、\n\r").find(cp) != std::u32string_view::npos;
}

}  // namespace

WordScripts::WordScripts(std::string_view text, Language fallback)
    : breaksBefore_(text.size() + 1, 0), lineStarts_{0}, lineWords_(1), fallback_(fallback) {
  std::size_t breaks = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t start = pos;
    const char32_t cp = nextCodePoint(text, pos);
    std::fill(breaksBefore_.begin() + start, breaksBefore_.begin() + pos, breaks);
    breaks += isClauseBreak(cp);
    if (cp == U'\n') {
      lineStarts_.push_back(pos);
      lineWords_.emplace_back();
    }
    const auto language = letterLanguage(cp);
    if (!language) continue;
    const bool continuesWord = !words_.empty() && words_.back().end == start && words_.back().language == *language;
    if (continuesWord)
      words_.back().end = pos;
    else
      words_.push_back({start, pos, *language});
    if (*language == Language::Chinese)
      ++lineWords_.back().chinese;
    else
      lineWords_.back().english += !continuesWord;
  }
  breaksBefore_.back() = breaks;
  mixed_ = std::any_of(words_.begin(), words_.end(),
                       [&](const Word& w) { return w.language != words_.front().language; });
}

std::size_t WordScripts::lineOf(std::size_t offset) const {
  return static_cast<std::size_t>(std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset) -
                                  lineStarts_.begin()) - 1;
}

// lineWords_.size() stands for "no line" on either side.
Language WordScripts::languageOfLines(std::size_t lineBefore, std::size_t lineAfter) const {
  LineWords sum;
  for (const std::size_t line : {lineBefore, lineAfter}) {
    if (line >= lineWords_.size()) continue;
    sum.chinese += lineWords_[line].chinese;
    sum.english += lineWords_[line].english;
  }
  if (sum.chinese == sum.english) return fallback_;
  return sum.chinese > sum.english ? Language::Chinese : Language::English;
}

Language WordScripts::languageOf(std::size_t begin, std::size_t end) const {
  // The first word reaching past the number, and the last one starting before it.
  const auto after = std::upper_bound(words_.begin(), words_.end(), end,
                                      [](std::size_t offset, const Word& w) { return offset < w.end; });
  auto before = std::lower_bound(words_.begin(), words_.end(), begin,
                                 [](const Word& w, std::size_t offset) { return w.begin < offset; });
  const bool hasBefore = before != words_.begin(), hasAfter = after != words_.end();
  if (!hasBefore && !hasAfter) return fallback_;
  if (hasBefore) --before;
  const std::size_t noLine = lineWords_.size();
  const std::size_t lineBefore = hasBefore ? lineOf(before->begin) : noLine;
  const std::size_t lineAfter = hasAfter ? lineOf(after->begin) : noLine;
  const bool aloneOnItsLine = (!hasBefore || lineBefore < lineOf(begin)) && (!hasAfter || lineAfter > lineOf(end));
  if (aloneOnItsLine) return languageOfLines(lineBefore, lineAfter);
  if (!hasBefore) return after->language;
  if (!hasAfter || before->language == after->language) return before->language;
  const std::size_t breaksBefore = breaksBefore_[begin] - breaksBefore_[std::min(before->end, begin)];
  const std::size_t breaksAfter = breaksBefore_[std::max(after->begin, end)] - breaksBefore_[end];
  if (breaksBefore == breaksAfter) return fallback_;
  return breaksBefore < breaksAfter ? before->language : after->language;
}

}  // namespace cosystudio::text
