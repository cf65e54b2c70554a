#include "text/number_words.h"

#include <array>

namespace cosystudio::text {
namespace {

const std::array<const char*, 10> kZhDigit = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

std::string_view trimZeros(std::string_view digits) {
  const auto first = digits.find_first_not_of('0');
  return first == std::string_view::npos ? std::string_view() : digits.substr(first);
}

// 0..9999 without leading 零; zeros inside collapse to one 零.
std::string chineseGroup(std::string_view group) {
  static const std::array<const char*, 4> units = {"千", "百", "十", ""};
  std::string out;
  bool pendingZero = false;
  const std::size_t offset = 4 - group.size();
  for (std::size_t i = 0; i < group.size(); ++i) {
    const int d = group[i] - '0';
    if (d == 0) {
      pendingZero = !out.empty();
      continue;
    }
    if (pendingZero) out += "零";
    pendingZero = false;
    out += kZhDigit[d];
    out += units[offset + i];
  }
  return out;
}

const std::array<const char*, 10> kEnUnit = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
const std::array<const char*, 10> kEnTeen = {"ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                             "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
const std::array<const char*, 10> kEnTen = {"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"};
const std::array<const char*, 12> kEnScale = {"",            "thousand",    "million",    "billion",
                                              "trillion",    "quadrillion", "quintillion", "sextillion",
                                              "septillion",  "octillion",   "nonillion",  "decillion"};

// 1..999
std::string englishGroup(int n) {
  std::string out;
  if (n >= 100) {
    out = std::string(kEnUnit[n / 100]) + " hundred";
    n %= 100;
    if (n) out += ' ';
  }
  if (n >= 20) {
    out += kEnTen[n / 10];
    if (n % 10) out += std::string("-") + kEnUnit[n % 10];
  } else if (n >= 10) {
    out += kEnTeen[n - 10];
  } else if (n > 0) {
    out += kEnUnit[n];
  }
  return out;
}

}  // namespace

std::string chineseDigits(std::string_view digits) {
  std::string out;
  for (const char d : digits) out += kZhDigit[d - '0'];
  return out;
}

std::string chineseIdentifier(std::string_view digits) {
  std::string out;
  for (const char d : digits) out += d == '1' ? "幺" : kZhDigit[d - '0'];
  return out;
}

std::string chineseCardinal(std::string_view digits) {
  const auto number = trimZeros(digits);
  if (number.empty()) return "零";
  if (number.size() > 16) return chineseDigits(digits);
  static const std::array<const char*, 4> sections = {"", "万", "亿", "万亿"};
  std::string out;
  const std::size_t groups = (number.size() + 3) / 4;
  bool pendingZero = false;
  for (std::size_t g = 0; g < groups; ++g) {
    const std::size_t end = number.size() - 4 * (groups - 1 - g);
    const std::size_t begin = end >= 4 ? end - 4 : 0;
    const auto group = number.substr(begin, end - begin);
    const auto words = chineseGroup(group);
    if (words.empty()) {
      pendingZero = !out.empty();
      continue;
    }
    // A lower section below a thousand, after a higher one, is read with 零.
    if (!out.empty() && (pendingZero || group.size() < 4 || group[0] == '0')) out += "零";
    pendingZero = false;
    out += words;
    out += sections[groups - 1 - g];
  }
  if (out.rfind("一十", 0) == 0) out.erase(0, std::string("一").size());
  return out;
}

std::string chineseDecimal(std::string_view integer, std::string_view fraction) {
  return chineseCardinal(integer) + "点" + chineseDigits(fraction);
}

std::string englishDigits(std::string_view digits) {
  std::string out;
  for (const char d : digits) {
    if (!out.empty()) out += ' ';
    out += kEnUnit[d - '0'];
  }
  return out;
}

std::string englishCardinal(std::string_view digits) {
  const auto number = trimZeros(digits);
  if (number.empty()) return "zero";
  const std::size_t groups = (number.size() + 2) / 3;
  if (groups > kEnScale.size()) return englishDigits(digits);
  std::string out;
  for (std::size_t g = 0; g < groups; ++g) {
    const std::size_t end = number.size() - 3 * (groups - 1 - g);
    const std::size_t begin = end >= 3 ? end - 3 : 0;
    const int value = std::stoi(std::string(number.substr(begin, end - begin)));
    if (value == 0) continue;
    if (!out.empty()) out += ' ';
    out += englishGroup(value);
    if (groups - 1 - g > 0) out += std::string(" ") + kEnScale[groups - 1 - g];
  }
  return out;
}

std::string englishOrdinal(std::string_view digits) {
  std::string words = englishCardinal(digits);
  static const std::array<std::pair<const char*, const char*>, 8> irregular = {{{"one", "first"},
                                                                                {"two", "second"},
                                                                                {"three", "third"},
                                                                                {"five", "fifth"},
                                                                                {"eight", "eighth"},
                                                                                {"nine", "ninth"},
                                                                                {"twelve", "twelfth"},
                                                                                {"zero", "zeroth"}}};
  for (const auto& [cardinal, ordinal] : irregular) {
    const std::string c(cardinal);
    if (words.size() >= c.size() && words.compare(words.size() - c.size(), c.size(), c) == 0) {
      const char before = words.size() > c.size() ? words[words.size() - c.size() - 1] : ' ';
      if (before == ' ' || before == '-') return words.substr(0, words.size() - c.size()) + ordinal;
    }
  }
  if (words.back() == 'y') return words.substr(0, words.size() - 1) + "ieth";
  return words + "th";
}

std::string englishYear(std::string_view digits) {
  if (digits.size() != 4 || digits[0] == '0') return englishCardinal(digits);
  const int high = (digits[0] - '0') * 10 + (digits[1] - '0');
  const int low = (digits[2] - '0') * 10 + (digits[3] - '0');
  // 2000-2009 and x000 read as cardinals ("two thousand five").
  if (low == 0 && high % 10 == 0) return englishCardinal(digits);
  if (high % 10 == 0 && low < 10) return englishCardinal(digits);
  const std::string first = englishGroup(high);
  if (low == 0) return first + " hundred";
  if (low < 10) return first + " oh " + kEnUnit[low];
  return first + " " + englishGroup(low);
}

std::string englishDecimal(std::string_view integer, std::string_view fraction) {
  return englishCardinal(integer) + " point " + englishDigits(fraction);
}

}  // namespace cosystudio::text
