#include "cosystudio/listen_check.h"

#include "cosystudio/text/markup.h"
#include "cosystudio/text/text_normalize.h"
#include "text/number_normalizer.h"
#include "text/unicode.h"

#include <utf8proc.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

namespace cosystudio {
namespace {

using text::Language;
using Kind = HeardDifference::Kind;

// Alignments up to this many cells keep the step into each cell (a byte per
// cell, 16 MB) for the backtrace. Beyond it, thousands of units differing on
// both sides, the edits are only counted, in two rows, and shown as one
// substituted block: no listener reads such a list, and the table would take
// gigabytes.
constexpr std::size_t kMaxAlignedCells = std::size_t{4000} * 4000;

// describeDifferences names this many differences, then how many more there are.
constexpr std::size_t kMaxDescribedDifferences = 5;

// How both texts are scored, decided once from the meant one.
struct ScoringRules {
  ScoringUnit unit = ScoringUnit::Word;
  std::optional<Language> numbers;  // the language numbers are read in; none: digits stay digits
  bool japanese = false;            // Japanese counts 二人 where Chinese says 两人
};

bool isIdeograph(char32_t cp) {
  return (cp >= 0x2E80 && cp <= 0x2FDF) || (cp >= 0x3005 && cp <= 0x3007) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x3FFFF);
}

bool isKana(char32_t cp) {
  return (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x31F0 && cp <= 0x31FF) || (cp >= 0xFF66 && cp <= 0xFF9F);
}

bool isHangul(char32_t cp) {
  return (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x3130 && cp <= 0x318F) || (cp >= 0xAC00 && cp <= 0xD7AF);
}

// Scripts written without spaces between words: a character is a unit.
bool isCjk(char32_t cp) { return isIdeograph(cp) || isKana(cp) || isHangul(cp); }

utf8proc_category_t categoryOf(char32_t cp) { return utf8proc_category(static_cast<utf8proc_int32_t>(cp)); }

bool isLetter(char32_t cp) {
  const auto category = categoryOf(cp);
  return category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_LO;
}

// Letters, marks and digits make words; everything else parts them.
bool isWordCharacter(char32_t cp) {
  const auto category = categoryOf(cp);
  return category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_NO;
}

bool isApostrophe(char32_t cp) { return cp == U'\'' || cp == U'\u2019'; }

// The recogniser's tags (<|en|>, <|Speech|>) and the markup CosyVoice3 takes
// as tokens rather than reading it (known tags, phones, pinyin), each left as
// a space so that the words around it stay apart. Unknown bracketed text is
// read aloud, so it stays.
std::string withoutMarkup(std::string text) {
  for (auto open = text.find("<|"); open != std::string::npos; open = text.find("<|", open)) {
    const auto close = text.find("|>", open + 2);
    if (close == std::string::npos) break;
    text.replace(open, close + 2 - open, " ");
  }
  std::string out;
  std::size_t pos = 0;
  for (const auto& span : text::scanMarkup(text)) {
    if (span.kind == text::MarkupKind::Unknown) continue;
    out.append(text, pos, span.byteOffset - pos);
    out += ' ';
    pos = span.byteOffset + span.byteLength;
  }
  return out.append(text, pos);
}

// Full-width ASCII as typed on a Chinese or Japanese keyboard (３, ％, Ａ)
// made half-width, and the recogniser's word marker '▁' a space, so that the
// number reader, which reads ASCII, sees them.
std::string halfWidth(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t pos = 0; pos < text.size();) {
    char32_t cp = text::nextCodePoint(text, pos);
    if (cp >= 0xFF01 && cp <= 0xFF5E)
      cp -= 0xFEE0;
    else if (cp == 0x3000 || cp == 0x2581)
      cp = U' ';
    text::appendUtf8(out, cp);
  }
  return out;
}

// The text as scored, before numbers are read: valid UTF-8 without markup.
std::string prepare(const std::string& text) { return halfWidth(withoutMarkup(text::decodeUtf8Lossy(text))); }

// NFKC with case folding; default-ignorable characters (soft hyphens,
// zero-width spaces) dropped so that they split no word.
std::string foldedNfkc(const std::string& text) {
  utf8proc_uint8_t* mapped = nullptr;
  const auto length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                   static_cast<utf8proc_ssize_t>(text.size()), &mapped,
                                   static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT |
                                                                  UTF8PROC_CASEFOLD | UTF8PROC_IGNORE));
  if (length < 0) throw std::runtime_error(std::string("NFKC failed: ") + utf8proc_errmsg(length));
  std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(mapped, &std::free);
  return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(length));
}

struct ScriptCount {
  std::size_t ideographs = 0, kana = 0, hangul = 0;
  std::size_t otherWords = 0;  // runs of letters (and digits) in other scripts

  std::size_t cjk() const { return ideographs + kana + hangul; }
};

// Words as the mixed error rate counts them: each CJK character one, each
// other word one. Digits alone are no word: they are read in the text's language.
ScriptCount countScripts(std::string_view text) {
  ScriptCount count;
  bool wordCounted = false;
  for (std::size_t pos = 0; pos < text.size();) {
    const char32_t cp = text::nextCodePoint(text, pos);
    if (isCjk(cp) && isWordCharacter(cp)) {
      count.ideographs += isIdeograph(cp);
      count.kana += isKana(cp);
      count.hangul += isHangul(cp);
      wordCounted = false;
    } else if (!isWordCharacter(cp)) {
      wordCounted = false;
    } else if (isLetter(cp) && !wordCounted) {
      ++count.otherWords;
      wordCounted = true;
    }
  }
  return count;
}

ScoringRules rulesFor(const std::string& language, std::string_view meant) {
  if (language == "zh" || language == "yue") return {ScoringUnit::Character, Language::Chinese};
  if (language == "ja") return {ScoringUnit::Character, Language::Chinese, true};
  if (language == "en") return {ScoringUnit::Word, Language::English};
  const auto scripts = countScripts(meant);
  const bool mostlyCjk = scripts.cjk() > scripts.otherWords;
  const ScoringUnit unit = mostlyCjk ? ScoringUnit::Character : ScoringUnit::Word;
  // The engine reads numbers in Chinese and English only.
  if (!language.empty() && language != "auto") return {unit, std::nullopt};
  // Unknown: the script tells. Latin text reads its numbers as the official
  // front end routes them (Chinese where it has Chinese characters).
  if (!mostlyCjk) return {unit, text::containsChinese(meant) ? Language::Chinese : Language::English};
  if (scripts.kana > 0) return {unit, Language::Chinese, true};
  if (scripts.hangul > scripts.ideographs) return {unit, std::nullopt};
  return {unit, Language::Chinese};
}

std::string withNumbersRead(const std::string& text, const ScoringRules& rules) {
  if (!rules.numbers) return text;
  std::string out = text::readNumbers(text, *rules.numbers);
  if (!rules.japanese) return out;
  // The Chinese reading's 两 (两人, 两个) is not Japanese, which counts 二.
  const std::string liang = "两", er = "二";
  for (auto pos = out.find(liang); pos != std::string::npos; pos = out.find(liang, pos + er.size()))
    out.replace(pos, liang.size(), er);
  return out;
}

// The scoring units of a prepared text, normalised.
std::vector<std::string> unitsOf(const std::string& prepared, const ScoringRules& rules) {
  const std::string folded = foldedNfkc(withNumbersRead(prepared, rules));
  std::u32string cps;
  for (std::size_t pos = 0; pos < folded.size();) cps += text::nextCodePoint(folded, pos);

  const bool byCharacter = rules.unit == ScoringUnit::Character;
  std::vector<std::string> units;
  std::string word;
  const auto endWord = [&] {
    if (!word.empty()) units.push_back(std::move(word));
    word.clear();
  };
  const auto continuesWord = [&](std::size_t i) {
    return i < cps.size() && isWordCharacter(cps[i]) && !(byCharacter && isCjk(cps[i]));
  };
  for (std::size_t i = 0; i < cps.size(); ++i) {
    const char32_t cp = cps[i];
    if (continuesWord(i)) {
      text::appendUtf8(word, cp);
    } else if (byCharacter && isWordCharacter(cp) && isCjk(cp)) {
      endWord();
      text::appendUtf8(word, cp);
      endWord();
    } else if (isApostrophe(cp) && !word.empty() && continuesWord(i + 1)) {
      word += '\'';  // don't, l'homme
    } else {
      endWord();
    }
  }
  endWord();
  return units;
}

bool isCjkUnit(const std::string& unit) {
  std::size_t pos = 0;
  return !unit.empty() && isCjk(text::nextCodePoint(unit, pos));
}

// Units as the normalised text shows them: words with spaces between, CJK
// characters without.
std::string joinUnits(const std::vector<std::string>& units, std::size_t begin, std::size_t end, ScoringUnit unit) {
  std::string out;
  for (std::size_t i = begin; i < end; ++i) {
    if (i > begin && (unit == ScoringUnit::Word || (!isCjkUnit(units[i - 1]) && !isCjkUnit(units[i])))) out += ' ';
    out += units[i];
  }
  return out;
}

// A run of the alignment: `meant` units of the meant text against `heard`
// units of the heard one, one kind of edit throughout.
struct Run {
  Kind kind;
  std::size_t meant, heard;
};

class Alignment {
 public:
  void add(Kind kind, std::size_t meant, std::size_t heard) {
    if (meant == 0 && heard == 0) return;
    if (!runs_.empty() && runs_.back().kind == kind) {
      runs_.back().meant += meant;
      runs_.back().heard += heard;
    } else {
      runs_.push_back({kind, meant, heard});
    }
  }
  const std::vector<Run>& runs() const { return runs_; }

 private:
  std::vector<Run> runs_;
};

// The standard Levenshtein table over meant[0, n) and heard[0, m), keeping
// the step into each cell. Returns the edit count. On a tie a match comes
// first, then a missing unit, an extra one, a substitution last: the
// backtrace starts from the end, so a segment cut short shows its last words
// missing ("sad" for "sat"; missing: down) rather than substituted.
int alignInFull(const int* meant, std::size_t n, const int* heard, std::size_t m, Alignment& alignment) {
  const std::size_t width = m + 1;
  std::vector<std::uint8_t> step((n + 1) * width);
  std::vector<int> previous(width), current(width);
  for (std::size_t j = 0; j <= m; ++j) {
    previous[j] = static_cast<int>(j);
    step[j] = static_cast<std::uint8_t>(Kind::Extra);
  }
  for (std::size_t i = 1; i <= n; ++i) {
    current[0] = static_cast<int>(i);
    step[i * width] = static_cast<std::uint8_t>(Kind::Missing);
    for (std::size_t j = 1; j <= m; ++j) {
      const bool same = meant[i - 1] == heard[j - 1];
      int best = previous[j - 1] + (same ? 0 : 1);
      Kind kind = same ? Kind::Same : Kind::Substituted;
      const auto isBetter = [&](int cost) { return cost < best || (cost == best && kind == Kind::Substituted); };
      if (isBetter(previous[j] + 1)) {
        best = previous[j] + 1;
        kind = Kind::Missing;
      }
      if (isBetter(current[j - 1] + 1)) {
        best = current[j - 1] + 1;
        kind = Kind::Extra;
      }
      current[j] = best;
      step[i * width + j] = static_cast<std::uint8_t>(kind);
    }
    std::swap(previous, current);
  }

  std::vector<Kind> edits;
  for (std::size_t i = n, j = m; i > 0 || j > 0;) {
    const auto kind = static_cast<Kind>(step[i * width + j]);
    edits.push_back(kind);
    if (kind != Kind::Extra) --i;
    if (kind != Kind::Missing) --j;
  }
  std::reverse(edits.begin(), edits.end());
  for (const auto kind : edits) alignment.add(kind, kind == Kind::Extra ? 0 : 1, kind == Kind::Missing ? 0 : 1);
  return previous[m];
}

// The edit count alone, in two rows of the table.
int editDistance(const int* meant, std::size_t n, const int* heard, std::size_t m) {
  std::vector<int> previous(m + 1), current(m + 1);
  for (std::size_t j = 0; j <= m; ++j) previous[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    current[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= m; ++j)
      current[j] = std::min({previous[j - 1] + (meant[i - 1] == heard[j - 1] ? 0 : 1), previous[j] + 1,
                             current[j - 1] + 1});
    std::swap(previous, current);
  }
  return previous[m];
}

// Aligns two unit sequences; returns the edit count. The ends they share are
// taken off first, so that a long segment with one slip keeps its full alignment.
int align(const std::vector<int>& meant, const std::vector<int>& heard, Alignment& alignment) {
  const std::size_t shorter = std::min(meant.size(), heard.size());
  std::size_t prefix = 0;
  while (prefix < shorter && meant[prefix] == heard[prefix]) ++prefix;
  std::size_t suffix = 0;
  while (suffix < shorter - prefix && meant[meant.size() - 1 - suffix] == heard[heard.size() - 1 - suffix]) ++suffix;
  const std::size_t n = meant.size() - prefix - suffix, m = heard.size() - prefix - suffix;

  alignment.add(Kind::Same, prefix, prefix);
  int errors;
  if ((n + 1) * (m + 1) <= kMaxAlignedCells) {
    errors = alignInFull(meant.data() + prefix, n, heard.data() + prefix, m, alignment);
  } else {
    errors = editDistance(meant.data() + prefix, n, heard.data() + prefix, m);
    alignment.add(Kind::Substituted, n, m);
  }
  alignment.add(Kind::Same, suffix, suffix);
  return errors;
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

}  // namespace

std::string normalizeForScoring(const std::string& text, const std::string& language) {
  const std::string prepared = prepare(text);
  const auto rules = rulesFor(language, prepared);
  const auto units = unitsOf(prepared, rules);
  return joinUnits(units, 0, units.size(), rules.unit);
}

HeardScore scoreHeard(const std::string& meant, const std::string& heard, const std::string& language) {
  const std::string preparedMeant = prepare(meant);
  const auto rules = rulesFor(language, preparedMeant);
  const auto meantUnits = unitsOf(preparedMeant, rules);
  const auto heardUnits = unitsOf(prepare(heard), rules);

  // Units compared as numbers: one id per distinct unit.
  std::unordered_map<std::string, int> ids;
  const auto idsOf = [&](const std::vector<std::string>& units) {
    std::vector<int> out;
    out.reserve(units.size());
    for (const auto& unit : units) out.push_back(ids.emplace(unit, static_cast<int>(ids.size())).first->second);
    return out;
  };
  const auto meantIds = idsOf(meantUnits);
  const auto heardIds = idsOf(heardUnits);
  Alignment alignment;
  const int errors = align(meantIds, heardIds, alignment);

  HeardScore score;
  score.unit = rules.unit;
  score.meantUnits = static_cast<int>(meantUnits.size());
  score.errors = errors;
  // With nothing meant there is nothing to divide by: anything heard is wholly wrong.
  score.errorRate = meantUnits.empty() ? (errors > 0 ? 1.0 : 0.0) : static_cast<double>(errors) / meantUnits.size();
  score.meantNormalized = joinUnits(meantUnits, 0, meantUnits.size(), rules.unit);
  score.heardNormalized = joinUnits(heardUnits, 0, heardUnits.size(), rules.unit);
  std::size_t atMeant = 0, atHeard = 0;
  for (const auto& run : alignment.runs()) {
    score.differences.push_back({run.kind, joinUnits(meantUnits, atMeant, atMeant + run.meant, rules.unit),
                                 joinUnits(heardUnits, atHeard, atHeard + run.heard, rules.unit)});
    atMeant += run.meant;
    atHeard += run.heard;
  }
  return score;
}

double speakingRate(const std::string& text, const std::string& language, double seconds) {
  if (seconds <= 0) return 0;
  const std::string prepared = prepare(text);
  return static_cast<double>(unitsOf(prepared, rulesFor(language, prepared)).size()) / seconds;
}

std::string describeDifferences(const HeardScore& score) {
  const auto heard = score.heardNormalized.empty() ? std::string("nothing") : quoted(score.heardNormalized);
  if (score.errors == 0) return "heard " + heard + (score.heardNormalized.empty() ? ", as meant" : " as meant");
  if (score.meantNormalized.empty()) return "heard " + heard + " where nothing was meant";
  std::string out = "heard " + heard + " for " + quoted(score.meantNormalized);
  if (score.heardNormalized.empty()) return out;

  std::vector<std::string> parts;
  for (const auto& difference : score.differences) {
    switch (difference.kind) {
      case Kind::Same: break;
      case Kind::Substituted: parts.push_back(quoted(difference.heard) + " for " + quoted(difference.meant)); break;
      case Kind::Missing: parts.push_back("missing: " + difference.meant); break;
      case Kind::Extra: parts.push_back("extra: " + difference.heard); break;
    }
  }
  out += " (";
  for (std::size_t i = 0; i < parts.size() && i < kMaxDescribedDifferences; ++i) out += (i ? "; " : "") + parts[i];
  if (parts.size() > kMaxDescribedDifferences)
    out += "; and " + std::to_string(parts.size() - kMaxDescribedDifferences) + " more";
  return out + ")";
}

}  // namespace cosystudio
