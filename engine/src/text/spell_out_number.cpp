#include "text/spell_out_number.h"

#include "cosystudio/text/markup.h"
#include "text/unicode.h"

#include <array>
#include <regex>

namespace cosystudio::text {
namespace {

const std::array<const char*, 10> kUnit = {"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
const std::array<const char*, 10> kTeen = {"ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                           "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
const std::array<const char*, 10> kTen = {"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"};
const std::array<const char*, 12> kMill = {" ", " thousand", " million", " billion", " trillion", " quadrillion",
                                           " quintillion", " sextillion", " septillion", " octillion", " nonillion",
                                           " decillion"};

// inflect's tenfn / hundfn, including their spacing quirks, which the
// clean-up in cardinalWords relies on.
std::string tens(int t, int u, std::size_t mill) {
  if (t != 1) return std::string(kTen[t]) + (t && u ? "-" : "") + kUnit[u] + kMill[mill];
  return std::string(kTeen[u]) + kMill[mill];
}

std::string hundreds(int h, int t, int u, std::size_t mill) {
  if (h) return std::string(kUnit[h]) + " hundred" + (t || u ? " and " : "") + tens(t, u, 0) + kMill[mill] + ", ";
  if (t || u) return tens(t, u, 0) + kMill[mill] + ", ";
  return "";
}

std::string digitByDigit(std::string_view digits) {
  std::string words;
  for (const char d : digits) {
    if (!words.empty()) words += ' ';
    words += d == '0' ? "zero" : kUnit[d - '0'];
  }
  return words;
}

}  // namespace

std::string cardinalWords(std::string_view digits) {
  std::size_t first = digits.find_first_not_of('0');
  if (first == std::string_view::npos) return "zero";
  std::string_view number = digits.substr(first);
  if (number == "1") return "one";
  if ((number.size() + 2) / 3 > kMill.size()) return digitByDigit(number);

  // Groups of three from the right, then the one or two leading digits.
  std::string words;
  std::size_t mill = 0;
  while (number.size() >= 3) {
    const auto g = number.substr(number.size() - 3);
    words = hundreds(g[0] - '0', g[1] - '0', g[2] - '0', mill++) + words;
    number.remove_suffix(3);
  }
  if (number.size() == 2)
    words = tens(number[0] - '0', number[1] - '0', mill) + ", " + words;
  else if (number.size() == 1)
    words = std::string(kUnit[number[0] - '0']) + kMill[mill] + ", " + words;

  if (words.size() >= 2 && words.compare(words.size() - 2, 2, ", ") == 0) words.resize(words.size() - 2);
  static const std::regex spaceBeforeComma(R"(\s+,)");
  static const std::regex lastGroupAlone(R"(, (\S+)\s+$)");
  static const std::regex spaces(R"(\s+)");
  words = std::regex_replace(words, spaceBeforeComma, ",");
  words = std::regex_replace(words, lastGroupAlone, " and $1");
  words = std::regex_replace(words, spaces, " ");
  const auto begin = words.find_first_not_of(' ');
  const auto end = words.find_last_not_of(' ');
  return begin == std::string::npos ? std::string() : words.substr(begin, end - begin + 1);
}

namespace {

std::string spellOutPlain(std::string_view text) {
  std::string out, digits;
  bool inRun = false;
  const auto flush = [&] {
    if (inRun) out += cardinalWords(digits.empty() ? "0" : digits);
    digits.clear();
    inRun = false;
  };
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t start = pos;
    const char32_t cp = nextCodePoint(text, pos);
    if (!isDigitChar(cp)) {
      flush();
      out.append(text.substr(start, pos - start));
      continue;
    }
    inRun = true;
    const int value = decimalDigitValue(cp);
    if (value >= 0) digits += static_cast<char>('0' + value);
  }
  flush();
  return out;
}

}  // namespace

std::string spellOutNumbers(std::string_view text) {
  std::string out;
  std::size_t pos = 0;
  for (const auto& span : scanMarkup(text)) {
    out += spellOutPlain(text.substr(pos, span.byteOffset - pos));
    out += span.text;
    pos = span.byteOffset + span.byteLength;
  }
  return out + spellOutPlain(text.substr(pos));
}

}  // namespace cosystudio::text
