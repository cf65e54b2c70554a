#include "text/number_normalizer.h"

#include "cosystudio/text/markup.h"
#include "cosystudio/text/text_normalize.h"
#include "text/number_words.h"
#include "text/word_scripts.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <vector>

namespace cosystudio::text {
namespace {

using Read = std::function<std::string(const std::smatch&)>;

// A pattern tried where a number may start; the first rule that matches there wins.
struct Rule {
  std::regex pattern;
  Read read;
  // When set, must match the text just before the number (a year after "in").
  std::optional<std::regex> precededBy = std::nullopt;
};

// A number read in words: the bytes it took and the language it was read in.
struct Reading {
  std::size_t length;
  std::string words;
  Language language;
};

std::string withoutCommas(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), ','), s.end());
  return s;
}

bool isAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool isDigit(char c) { return c >= '0' && c <= '9'; }

bool isAsciiAlnum(char c) { return isAsciiLetter(c) || isDigit(c); }

// Where a rule may start: a number not inside another number, a sign not
// after a word ("COVID-19"), a currency symbol, an English month name, a
// power (x², after anything).
bool mayStartAt(const std::string& text, std::size_t pos, Language language) {
  const char c = text[pos];
  const char before = pos > 0 ? text[pos - 1] : ' ';
  if (text.compare(pos, 2, "²") == 0 || text.compare(pos, 2, "³") == 0) return true;
  if (isDigit(c)) return !isDigit(before);
  if (c == '-') return !isAsciiAlnum(before);
  if (c == '$' || c == '(' || c == '\xC2' || c == '\xE2' || c == '\xEF') return !isAsciiAlnum(before);
  return language == Language::English && c >= 'A' && c <= 'Z' && !isAsciiAlnum(before);
}

bool isPrecededAsRequired(const Rule& rule, const std::string& text, std::size_t pos) {
  if (!rule.precededBy) return true;
  constexpr std::size_t kLookBehind = 16;  // longer than any announcing word
  const std::size_t from = pos > kLookBehind ? pos - kLookBehind : 0;
  const auto flags = from > 0 ? std::regex_constants::match_prev_avail : std::regex_constants::match_default;
  return std::regex_search(text.cbegin() + static_cast<std::ptrdiff_t>(from),
                           text.cbegin() + static_cast<std::ptrdiff_t>(pos), *rule.precededBy, flags);
}

const std::vector<Rule>& chineseRules();
const std::vector<Rule>& englishRules();

// The number starting at text[pos] read by the first rule of `language` that matches there.
std::optional<Reading> readAt(const std::string& text, std::size_t pos, Language language) {
  if (!mayStartAt(text, pos, language)) return std::nullopt;
  const auto flags = pos > 0 ? std::regex_constants::match_continuous | std::regex_constants::match_prev_avail
                             : std::regex_constants::match_continuous;
  for (const auto& rule : language == Language::Chinese ? chineseRules() : englishRules()) {
    std::smatch m;
    if (!isPrecededAsRequired(rule, text, pos) ||
        !std::regex_search(text.cbegin() + static_cast<std::ptrdiff_t>(pos), text.cend(), m, rule.pattern, flags) ||
        m.length(0) == 0)
      continue;
    return Reading{static_cast<std::size_t>(m.length(0)), rule.read(m), language};
  }
  return std::nullopt;
}

// Where a piece of plain text lies in the whole text, whose words decide how
// its numbers are read.
struct Surroundings {
  const WordScripts& words;
  std::size_t offset;  // of the piece in the whole text
};

// The number starting at text[pos] read in the language of the words around
// it. Where both scripts are about, its extent (for finding those words) is
// what the Chinese rules take, unit included, else what the English ones take;
// one that takes a Chinese word of its own (2024年3月, 3个) is Chinese.
std::optional<Reading> readInContext(const std::string& text, std::size_t pos, const Surroundings& around) {
  const auto languageOf = [&](std::size_t end) {
    return around.words.languageOf(around.offset + pos, around.offset + end);
  };
  if (!around.words.mixed()) return readAt(text, pos, languageOf(pos));
  if (isAsciiLetter(text[pos])) return readAt(text, pos, Language::English);  // a month name
  const auto chinese = readAt(text, pos, Language::Chinese);
  if (!chinese) {
    auto english = readAt(text, pos, Language::English);
    if (english && languageOf(pos + english->length) == Language::English) return english;
    return std::nullopt;
  }
  const bool hasOwnChineseWord = containsChinese(std::string_view(text).substr(pos, chinese->length));
  if (hasOwnChineseWord || languageOf(pos + chinese->length) == Language::Chinese) return chinese;
  return readAt(text, pos, Language::English);
}

// English words need spaces where digits touched letters (MP3, 4x4).
void appendReading(std::string& out, const Reading& reading, char next) {
  const bool english = reading.language == Language::English && !reading.words.empty();
  if (english && !out.empty() && isAsciiLetter(out.back()) && isAsciiLetter(reading.words.front())) out += ' ';
  out += reading.words;
  if (english && isAsciiLetter(next) && isAsciiLetter(reading.words.back())) out += ' ';
}

std::string readInWords(const std::string& text, const Surroundings& around) {
  std::string out;
  for (std::size_t pos = 0; pos < text.size();) {
    const auto reading = readInContext(text, pos, around);
    if (!reading) {
      out += text[pos++];
      continue;
    }
    pos += reading->length;
    appendReading(out, *reading, pos < text.size() ? text[pos] : ' ');
  }
  return out;
}

// ---- Chinese ---------------------------------------------------------------

std::string zhNumber(const std::string& integer, const std::string& fraction) {
  const auto digits = withoutCommas(integer);
  if (!fraction.empty()) return chineseDecimal(digits, fraction);
  // Leading zeros (codes, 007) and very long strings are read digit by digit.
  if (digits.size() > 1 && digits[0] == '0') return chineseDigits(digits);
  return chineseCardinal(digits);
}

std::string zhSigned(const std::smatch& m, int sign, int integer, int fraction) {
  return std::string(m[sign].matched && m.str(sign) == "-" ? "负" : "") + zhNumber(m.str(integer), m.str(fraction));
}

const std::map<std::string, std::string>& zhUnits() {
  static const std::map<std::string, std::string> units = {
      {"km/h", "千米每小时"}, {"m/s", "米每秒"}, {"km²", "平方千米"}, {"m²", "平方米"}, {"cm²", "平方厘米"},
      {"m³", "立方米"},       {"km", "千米"},   {"kg", "千克"},     {"mg", "毫克"},   {"ml", "毫升"},
      {"mL", "毫升"},         {"cm", "厘米"},   {"mm", "毫米"},     {"m", "米"},      {"g", "克"},
      {"L", "升"},            {"t", "吨"},      {"℃", "摄氏度"},   {"°C", "摄氏度"}, {"°", "度"},
      {"h", "小时"},          {"min", "分钟"},  {"s", "秒"},        {"GB", "GB"},     {"MB", "MB"}};
  return units;
}

const std::map<std::string, std::string>& zhCurrencies() {
  static const std::map<std::string, std::string> names = {
      {"¥", "元"}, {"￥", "元"}, {"$", "美元"}, {"€", "欧元"}, {"£", "英镑"}};
  return names;
}

// 两 before measure words (两个, 两点): a lone 2 is read 二 elsewhere.
std::string zhCount(const std::string& digits) { return digits == "2" ? "两" : zhNumber(digits, ""); }

const std::vector<Rule>& chineseRules() {
  static const std::string num = R"((\d+(?:,\d{3})*)(?:\.(\d+))?)";
  static const std::string unitAlternatives =
      "km/h|m/s|km²|m²|cm²|m³|km|kg|mg|ml|mL|cm|mm|min|°C|℃|°|m|g|L|t|h|s";
  static const std::vector<Rule> rules = {
      // 2024年3月5日, 2024年3月, 2024年
      {std::regex(R"((\d{4})年(?:(\d{1,2})月(?:(\d{1,2})(日|号))?)?)"),
       [](const std::smatch& m) {
         std::string out = chineseDigits(m.str(1)) + "年";
         if (m[2].matched) out += chineseCardinal(m.str(2)) + "月";
         if (m[3].matched) out += chineseCardinal(m.str(3)) + m.str(4);
         return out;
       }},
      // 2024-03-05, 2024/3/5, 2024.03.05
      {std::regex(R"((\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d))"),
       [](const std::smatch& m) {
         return chineseDigits(m.str(1)) + "年" + chineseCardinal(m.str(3)) + "月" + chineseCardinal(m.str(4)) + "日";
       }},
      // 10:30, 10:30:15
      {std::regex(R"(([01]?\d|2[0-4]):([0-5]\d)(?::([0-5]\d))?(?!\d))"),
       [](const std::smatch& m) {
         std::string out = zhCount(std::to_string(std::stoi(m.str(1)))) + "点";
         const std::string minutes = m.str(2);
         if (minutes != "00" || m[3].matched)
           out += (minutes[0] == '0' && minutes != "00" ? "零" : "") + chineseCardinal(minutes) + "分";
         if (m[3].matched) out += chineseCardinal(m.str(3)) + "秒";
         return out;
       }},
      // mobile 13812345678, landline 010-12345678
      {std::regex(R"((1[3-9]\d{9})(?!\d))"), [](const std::smatch& m) { return chineseDigits(m.str(1)); }},
      {std::regex(R"((0\d{2,3})-(\d{7,8})(?!\d))"),
       [](const std::smatch& m) { return chineseDigits(m.str(1)) + "，" + chineseDigits(m.str(2)); }},
      // ¥100, $3.5
      {std::regex(R"((¥|￥|\$|€|£))" + num),
       [](const std::smatch& m) { return zhNumber(m.str(2), m.str(3)) + zhCurrencies().at(m.str(1)); }},
      // 50%, -3.5%
      {std::regex(R"((-)?)" + num + R"(\s?(?:%|％))"),
       [](const std::smatch& m) { return "百分之" + zhSigned(m, 1, 2, 3); }},
      // 3/4
      {std::regex(R"((\d+)/(\d+)(?![\d/]))"),
       [](const std::smatch& m) { return chineseCardinal(m.str(2)) + "分之" + chineseCardinal(m.str(1)); }},
      // 3-5, 3~5 (with an optional shared unit)
      {std::regex(num + R"(\s?(?:-|~|～)\s?)" + num + R"((?:\s?()" + unitAlternatives + R"()(?![A-Za-z]))?)"),
       [](const std::smatch& m) {
         const std::string unit = m[5].matched ? zhUnits().at(m.str(5)) : "";
         return zhNumber(m.str(1), m.str(2)) + "到" + zhNumber(m.str(3), m.str(4)) + unit;
       }},
      // 5km, 36.5℃, -10℃
      {std::regex(R"((-)?)" + num + R"(\s?()" + unitAlternatives + R"()(?![A-Za-z]))"),
       [](const std::smatch& m) {
         const auto value = zhSigned(m, 1, 2, 3);
         const auto& unit = zhUnits().at(m.str(4));
         return unit == "摄氏度" && m.str(1) == "-" ? "零下" + value.substr(std::string("负").size()) + unit
                                                    : value + unit;
       }},
      // -5, 3.14, 1,000, 2个
      {std::regex(R"((-)?)" + num + R"(((?:个|只|位|次|本|件|条|张|种|辆|台|名|双|对|天|岁|倍)?))"),
       [](const std::smatch& m) {
         if (m.str(4).empty() || m[3].matched || m[1].matched) return zhSigned(m, 1, 2, 3) + m.str(4);
         return zhCount(withoutCommas(m.str(2))) + m.str(4);
       }},
  };
  return rules;
}

// ---- English ---------------------------------------------------------------

const char* const kMonths[] = {"January", "February", "March",     "April",   "May",      "June",
                               "July",    "August",   "September", "October", "November", "December"};

std::string enNumber(const std::string& integer, const std::string& fraction) {
  const auto digits = withoutCommas(integer);
  if (!fraction.empty()) return englishDecimal(digits, fraction);
  if (digits.size() > 1 && digits[0] == '0') return englishDigits(digits);
  return englishCardinal(digits);
}

std::string enSigned(const std::smatch& m, int sign, int integer, int fraction) {
  return std::string(m[sign].matched && m.str(sign) == "-" ? "minus " : "") + enNumber(m.str(integer), m.str(fraction));
}

std::string monthDayYear(int month, const std::string& day, const std::string& year) {
  std::string out = std::string(kMonths[month - 1]) + " " + englishOrdinal(day);
  if (!year.empty()) out += ", " + englishYear(year);
  return out;
}

int monthNumber(const std::string& name) {
  for (int i = 0; i < 12; ++i)
    if (name.compare(0, 3, kMonths[i], 3) == 0) return i + 1;
  return 0;
}

struct EnUnit {
  const char* singular;
  const char* plural;
};

const std::map<std::string, EnUnit>& enUnits() {
  static const std::map<std::string, EnUnit> units = {
      {"km/h", {"kilometer per hour", "kilometers per hour"}},
      {"mph", {"mile per hour", "miles per hour"}},
      {"m/s", {"meter per second", "meters per second"}},
      {"km²", {"square kilometer", "square kilometers"}},
      {"m²", {"square meter", "square meters"}},
      {"m³", {"cubic meter", "cubic meters"}},
      {"km", {"kilometer", "kilometers"}},
      {"kg", {"kilogram", "kilograms"}},
      {"mg", {"milligram", "milligrams"}},
      {"ml", {"milliliter", "milliliters"}},
      {"mL", {"milliliter", "milliliters"}},
      {"cm", {"centimeter", "centimeters"}},
      {"mm", {"millimeter", "millimeters"}},
      {"lb", {"pound", "pounds"}},
      {"lbs", {"pound", "pounds"}},
      {"ft", {"foot", "feet"}},
      {"GB", {"gigabyte", "gigabytes"}},
      {"MB", {"megabyte", "megabytes"}},
      {"°C", {"degree Celsius", "degrees Celsius"}},
      {"℃", {"degree Celsius", "degrees Celsius"}},
      {"°F", {"degree Fahrenheit", "degrees Fahrenheit"}},
      {"°", {"degree", "degrees"}},
      {"m", {"meter", "meters"}},
      {"g", {"gram", "grams"}},
      {"h", {"hour", "hours"}},
      {"min", {"minute", "minutes"}},
      {"s", {"second", "seconds"}}};
  return units;
}

struct EnCurrency {
  const char* singular;
  const char* plural;
  const char* cent;
  const char* cents;
};

const std::map<std::string, EnCurrency>& enCurrencies() {
  static const std::map<std::string, EnCurrency> names = {{"$", {"dollar", "dollars", "cent", "cents"}},
                                                          {"€", {"euro", "euros", "cent", "cents"}},
                                                          {"£", {"pound", "pounds", "penny", "pence"}},
                                                          {"¥", {"yen", "yen", "", ""}},
                                                          {"￥", {"yuan", "yuan", "", ""}}};
  return names;
}

std::string enMoney(const std::smatch& m) {
  const auto& currency = enCurrencies().at(m.str(1));
  const std::string whole = withoutCommas(m.str(2)), fraction = m.str(3), scale = m.str(4);
  if (!scale.empty())
    return (fraction.empty() ? englishCardinal(whole) : englishDecimal(whole, fraction)) + " " + scale + " " +
           currency.plural;
  std::string out = englishCardinal(whole) + " " + (whole == "1" ? currency.singular : currency.plural);
  if (!fraction.empty() && *currency.cent) {
    const std::string cents = fraction.size() == 1 ? fraction + "0" : fraction.substr(0, 2);
    if (cents != "00") out += " " + englishCardinal(cents) + " " + (cents == "01" ? currency.cent : currency.cents);
  }
  return out;
}

std::string enFraction(const std::string& numerator, const std::string& denominator) {
  const bool one = numerator == "1";
  std::string denom;
  if (denominator == "2") denom = one ? "half" : "halves";
  else if (denominator == "4") denom = one ? "quarter" : "quarters";
  else denom = englishOrdinal(denominator) + (one ? "" : "s");
  return englishCardinal(numerator) + " " + denom;
}

const std::vector<Rule>& englishRules() {
  static const std::string num = R"((\d+(?:,\d{3})*)(?:\.(\d+))?)";
  static const std::string monthNames =
      R"((January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?)";
  static const std::string unitAlternatives =
      "km/h|mph|m/s|km²|m²|m³|km|kg|mg|ml|mL|cm|mm|lbs|lb|ft|GB|MB|°C|℃|°F|°|min|m|g|h|s";
  // Words after which a 4-digit number is a year; elsewhere it stays a cardinal.
  static const std::string yearWords =
      "in|In|since|Since|by|from|From|until|till|of|year|circa|before|after|during|early|late|mid|spring|summer|"
      "autumn|fall|winter";
  static const std::vector<Rule> rules = {
      // in 1999, since 2010
      {std::regex(R"((1[1-9]\d\d|20\d\d)\b(?![,.]\d))"), [](const std::smatch& m) { return englishYear(m.str(1)); },
       std::regex(R"(\b(?:)" + yearWords + ") $")},
      // March 5, 2024 / March 5th
      {std::regex(monthNames + R"( (\d{1,2})(?:st|nd|rd|th)?(?:, (\d{4}))?(?!\d))"),
       [](const std::smatch& m) { return monthDayYear(monthNumber(m.str(1)), m.str(2), m.str(3)); }},
      // 2024-03-05
      {std::regex(R"((\d{4})-(\d{2})-(\d{2})(?!\d))"),
       [](const std::smatch& m) {
         const int month = std::stoi(m.str(2));
         if (month < 1 || month > 12) return englishDigits(m.str(1)) + " " + m.str(2) + " " + m.str(3);
         return monthDayYear(month, std::to_string(std::stoi(m.str(3))), m.str(1));
       }},
      // 3/5/2024 (month/day/year)
      {std::regex(R"((1[0-2]|0?[1-9])/(3[01]|[12]\d|0?[1-9])/(\d{4})(?!\d))"),
       [](const std::smatch& m) {
         return monthDayYear(std::stoi(m.str(1)), std::to_string(std::stoi(m.str(2))), m.str(3));
       }},
      // 10:30, 7:05 pm, 10:30:15
      {std::regex(R"(([01]?\d|2[0-4]):([0-5]\d)(?::([0-5]\d))?(?:\s?([AaPp])(?:\.[Mm]\.|[Mm])(?![A-Za-z]))?)"),
       [](const std::smatch& m) {
         std::string out = englishCardinal(m.str(1));
         const std::string minutes = m.str(2);
         if (minutes == "00" && !m[3].matched)
           out += m[4].matched ? "" : " o'clock";
         else
           out += " " + (minutes[0] == '0' ? "oh " + englishCardinal(minutes) : englishCardinal(minutes));
         if (m[3].matched) out += " and " + englishCardinal(m.str(3)) + " seconds";
         if (m[4].matched) out += std::string(" ") + static_cast<char>(std::tolower(m.str(4)[0])) + " m";
         return out;
       }},
      // (555) 123-4567, 555-123-4567
      {std::regex(R"(\(?(\d{3})\)?[- ](\d{3})-(\d{4})(?!\d))"),
       [](const std::smatch& m) {
         return englishDigits(m.str(1)) + ", " + englishDigits(m.str(2)) + ", " + englishDigits(m.str(3));
       }},
      // $20, $3.50, $2.5 million
      {std::regex(R"((\$|€|£|¥|￥))" + num + R"((?: (thousand|million|billion|trillion)\b)?)"), enMoney},
      // 50%
      {std::regex(R"((-)?)" + num + R"(\s?%)"), [](const std::smatch& m) { return enSigned(m, 1, 2, 3) + " percent"; }},
      // 1st, 22nd, 100th
      {std::regex(R"((\d+)(?:st|nd|rd|th)\b)"), [](const std::smatch& m) { return englishOrdinal(m.str(1)); }},
      // the 1990s
      {std::regex(R"((1[1-9]|20)(\d0)s\b)"),
       [](const std::smatch& m) {
         const auto year = englishYear(m.str(1) + m.str(2));
         return year.back() == 'y' ? year.substr(0, year.size() - 1) + "ies" : year + "s";
       }},
      // 3/4
      {std::regex(R"((\d+)/(\d+)(?![\d/]))"), [](const std::smatch& m) { return enFraction(m.str(1), m.str(2)); }},
      // 3-5, 10~20 (with an optional shared unit)
      {std::regex(num + R"(\s?(?:-|~)\s?)" + num + R"((?:\s?()" + unitAlternatives + R"()(?![A-Za-z]))?)"),
       [](const std::smatch& m) {
         std::string out = enNumber(m.str(1), m.str(2)) + " to " + enNumber(m.str(3), m.str(4));
         if (m[5].matched) out += std::string(" ") + enUnits().at(m.str(5)).plural;
         return out;
       }},
      // 5 km, 1 kg, -10°C
      {std::regex(R"((-)?)" + num + R"(\s?()" + unitAlternatives + R"()(?![A-Za-z]))"),
       [](const std::smatch& m) {
         const auto& unit = enUnits().at(m.str(4));
         const bool one = m.str(2) == "1" && !m[3].matched;
         return enSigned(m, 1, 2, 3) + " " + (one ? unit.singular : unit.plural);
       }},
      // -5, 3.14, 1,000
      {std::regex(R"((-)?)" + num), [](const std::smatch& m) { return enSigned(m, 1, 2, 3); }},
      // x², y³
      {std::regex("²"), [](const std::smatch&) { return std::string(" squared"); }},
      {std::regex("³"), [](const std::smatch&) { return std::string(" cubed"); }},
  };
  return rules;
}

}  // namespace

std::string readNumbers(std::string_view text, Language language) {
  // Markup and special tokens are copied untouched; the text between them is
  // read, in the light of the words of the whole text (markup counts as blank).
  const auto markup = scanMarkup(text);
  std::string blanked(text);
  for (const auto& span : markup) blanked.replace(span.byteOffset, span.byteLength, span.byteLength, ' ');
  const WordScripts words(blanked, language);
  const auto readPiece = [&](std::size_t begin, std::size_t end) {
    return readInWords(std::string(text.substr(begin, end - begin)), Surroundings{words, begin});
  };
  std::string out;
  std::size_t pos = 0;
  for (const auto& span : markup) {
    out += readPiece(pos, span.byteOffset);
    out += span.text;
    pos = span.byteOffset + span.byteLength;
  }
  out += readPiece(pos, text.size());
  return out;
}

}  // namespace cosystudio::text
