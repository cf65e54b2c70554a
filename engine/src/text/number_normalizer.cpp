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
  constexpr std::size_t kLookBehind = 32;  // longer than any announcing word (邮政编码为：)
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
// what the Chinese rules take, unit included, else what the English ones take,
// and Latin letters glued to it (5G, 3GB, CA1234), which name it with it rather
// than being words of their own; one that takes a Chinese word of its own
// (2024年3月, 3个) is Chinese.
std::optional<Reading> readInContext(const std::string& text, std::size_t pos, const Surroundings& around) {
  const auto languageOf = [&](std::size_t end) {
    std::size_t begin = pos;
    while (begin > 0 && isAsciiLetter(text[begin - 1])) --begin;
    while (end < text.size() && isAsciiLetter(text[end])) ++end;
    return around.words.languageOf(around.offset + begin, around.offset + end);
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
  // Leading zeros make a code (007, 0302), said digit by digit.
  if (digits.size() > 1 && digits[0] == '0') return chineseIdentifier(digits);
  return chineseCardinal(digits);
}

std::string zhSigned(const std::smatch& m, int sign, int integer, int fraction) {
  return std::string(m[sign].matched && m.str(sign) == "-" ? "负" : "") + zhNumber(m.str(integer), m.str(fraction));
}

// A number counting what follows it: a lone 2 is 两 (两个, 两点, 两小时), a
// decimal stays 二点五. Within larger numbers 2 stays 二 (二十, 二百).
std::string zhCount(const std::string& integer, const std::string& fraction) {
  return fraction.empty() && withoutCommas(integer) == "2" ? "两" : zhNumber(integer, fraction);
}

// Words after a number that count with it, so that a lone 2 before them is 两.
// Words that name or order (号 楼 路 月 级 等 班: 二号, 二楼, 二年级) are not here.
const std::string kZhMeasureWords =
    "个|只|位|次|本|件|条|张|种|辆|台|名|双|对|天|岁|倍|年(?!级)|周|小时|分|秒|点|刻|晚|夜|人|家|所|座|栋|间|套|"
    "室|厅|块|元|角|毛|斤|克|厘米|毫米|米|公里|吨|升|毫升|杯|瓶|碗|盒|包|袋|箱|份|顿|遍|趟|回|场|节|门|道|首|篇|"
    "部|集|项|页|行|句|步|口|下|根|支|颗|片|棵|头|把|枚|架|艘|封|成|万|千|百|亿";

// How a unit in Latin letters or symbols is said after a number: its words,
// whether a lone 2 before it is 两 (两米, 两小时) or 二 (二摄氏度, 二平方米),
// and what comes before the number (speeds are said 每小时十公里).
struct ZhUnit {
  enum Kind { Counted, Uncounted, Temperature };  // a temperature below zero is 零下
  const char* words;
  Kind kind = Counted;
  const char* per = "";
};

// km and kg are read as written (千米, 千克); data sizes as they are said
// (三G, 一百兆); 5G, 4K and other letters that are no unit stay as letters.
const std::map<std::string, ZhUnit>& zhUnits() {
  static const std::map<std::string, ZhUnit> units = {
      {"km/h", {"公里", ZhUnit::Counted, "每小时"}},
      {"m/s", {"米", ZhUnit::Counted, "每秒"}},
      {"km²", {"平方千米", ZhUnit::Uncounted}},
      {"m²", {"平方米", ZhUnit::Uncounted}},
      {"cm²", {"平方厘米", ZhUnit::Uncounted}},
      {"m³", {"立方米", ZhUnit::Uncounted}},
      {"km", {"千米"}},
      {"m", {"米"}},
      {"cm", {"厘米"}},
      {"mm", {"毫米"}},
      {"nm", {"纳米"}},
      {"kg", {"千克"}},
      {"g", {"克"}},
      {"mg", {"毫克"}},
      {"t", {"吨"}},
      {"L", {"升"}},
      {"ml", {"毫升"}},
      {"mL", {"毫升"}},
      {"h", {"小时"}},
      {"min", {"分钟"}},
      {"s", {"秒"}},
      {"ms", {"毫秒"}},
      {"℃", {"摄氏度", ZhUnit::Temperature}},
      {"°C", {"摄氏度", ZhUnit::Temperature}},
      {"℉", {"华氏度", ZhUnit::Temperature}},
      {"°F", {"华氏度", ZhUnit::Temperature}},
      {"°", {"度", ZhUnit::Uncounted}},
      {"Hz", {"赫兹"}},
      {"kHz", {"千赫"}},
      {"MHz", {"兆赫"}},
      {"GHz", {"吉赫"}},
      {"kW", {"千瓦"}},
      {"kWh", {"千瓦时"}},
      {"V", {"伏"}},
      {"mA", {"毫安"}},
      {"mAh", {"毫安时"}},
      {"kcal", {"千卡"}},
      {"KB", {"K"}},
      {"MB", {"兆"}},
      {"GB", {"G"}},
      {"TB", {"T"}}};
  return units;
}

// The units' names as regex alternatives, longest first so that km/h wins over
// km and m. (No name holds a character special to a regex.)
std::string zhUnitAlternatives() {
  std::vector<std::string> names;
  for (const auto& entry : zhUnits()) names.push_back(entry.first);
  std::stable_sort(names.begin(), names.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : "|") + name;
  return out;
}

// `value` (already in words, 十, 六十到八十) with its unit: 十毫秒, 每小时十公里.
std::string zhMeasured(const std::string& value, const ZhUnit& unit) { return unit.per + value + unit.words; }

const std::map<std::string, std::string>& zhCurrencies() {
  static const std::map<std::string, std::string> names = {
      {"¥", "元"}, {"￥", "元"}, {"$", "美元"}, {"€", "欧元"}, {"£", "英镑"}};
  return names;
}

// A phone number's groups said digit by digit, with a pause between them.
std::string zhPhoneNumber(const std::smatch& m) {
  std::string out;
  for (std::size_t group = 1; group < m.size(); ++group)
    if (m[group].matched) out += (out.empty() ? "" : "，") + chineseIdentifier(m.str(group));
  return out;
}

std::string zhIdentifier(const std::smatch& m) { return chineseIdentifier(m.str(1)); }

// Words after which a digit string names something rather than counts it
// (尾号1234, 房间号是1102, 航班CA1234): said digit by digit.
const std::string kZhIdentifierCues =
    "尾号|编号|工号|学号|房号|房间|门牌|车次|航班|邮编|邮政编码|验证码|密码|卡号|账号|单号|身份证|号码|电话|热线|"
    "分机|拨打|致电|呼叫|报警|急救";
// Words before which a digit string is a room, a bus route or a hotline
// (302房间, 101路, 120急救). Routes of one or two digits are said as numbers (三十八路).
const std::string kZhIdentifierSuffixes = "房间|号房|室|路|报警|急救|火警|热线|客服|网站|官网";
// A code of three digits or more that is no decimal or thousands.
const std::string kZhCode = R"((\d{3,})(?![.,]\d))";
// One that counts nothing: a measure word after it makes it a quantity
// (接电话300次, 第12306位), whatever came before.
const std::string kZhUncountingCode = kZhCode + "(?!" + kZhMeasureWords + ")";

const std::vector<Rule>& chineseRules() {
  static const std::string num = R"((\d+(?:,\d{3})*)(?:\.(\d+))?)";
  static const std::string unitAlternatives = zhUnitAlternatives();
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
      // 10:30, 10:30:15, 2:02 (两点零二分)
      {std::regex(R"(([01]?\d|2[0-4]):([0-5]\d)(?::([0-5]\d))?(?!\d))"),
       [](const std::smatch& m) {
         std::string out = zhCount(std::to_string(std::stoi(m.str(1))), "") + "点";
         const std::string minutes = m.str(2);
         if (minutes != "00" || m[3].matched)
           out += (minutes[0] == '0' && minutes != "00" ? "零" : "") + chineseCardinal(minutes) + "分";
         if (m[3].matched) out += chineseCardinal(m.str(3)) + "秒";
         return out;
       }},
      // mobile 13812345678, landline 010-12345678, service line 400-810-8888
      {std::regex(R"((1[3-9]\d{9})(?!\d))"), zhPhoneNumber},
      {std::regex(R"((0\d{2,3})-(\d{7,8})(?!\d))"), zhPhoneNumber},
      {std::regex(R"(([48]00)-(\d{3})-(\d{4})(?!\d))"), zhPhoneNumber},
      // 尾号1234, 验证码是654321, 航班CA1234
      {std::regex(kZhUncountingCode), zhIdentifier,
       std::regex("(?:" + kZhIdentifierCues + R"()(?:号|是|为|：|:|\s)*[A-Z]{0,2}$)")},
      // 302房间, 302号房间, 1201室, 101路, 120急救 ((?:号)?, not 号?: the regexes see bytes,
      // and ? would make only the last byte of 号 optional)
      {std::regex(kZhCode + "(?=(?:号)?(?:" + kZhIdentifierSuffixes + "))"), zhIdentifier},
      // codes of one or two capitals glued to the digits: G1234, MU5735, C919
      {std::regex(kZhCode), zhIdentifier, std::regex("(?:^|[^A-Za-z])[A-Z]{1,2}$")},
      // 快打110: emergency numbers after 打
      {std::regex(R"((11[049]|12[02])(?!\d))"), zhIdentifier, std::regex("打$")},
      // service numbers known by heart, never quantities in practice
      {std::regex(R"((12306|12315|10086|10010)(?!\d)(?!)" + kZhMeasureWords + ")"), zhIdentifier},
      // ¥100, $3.5
      {std::regex(R"((¥|￥|\$|€|£))" + num),
       [](const std::smatch& m) { return zhNumber(m.str(2), m.str(3)) + zhCurrencies().at(m.str(1)); }},
      // 50%, -3.5%
      {std::regex(R"((-)?)" + num + R"(\s?(?:%|％))"),
       [](const std::smatch& m) { return "百分之" + zhSigned(m, 1, 2, 3); }},
      // 3/4
      {std::regex(R"((\d+)/(\d+)(?![\d/]))"),
       [](const std::smatch& m) { return chineseCardinal(m.str(2)) + "分之" + chineseCardinal(m.str(1)); }},
      // 3-5, 3~5, with an optional shared unit or measure word: 两到三天, 每小时六十到八十公里
      {std::regex(num + R"(\s?(?:-|~|～)\s?)" + num + R"((?:\s?()" + unitAlternatives + R"()(?![A-Za-z])|()" +
                  kZhMeasureWords + "))?"),
       [](const std::smatch& m) {
         const ZhUnit* unit = m[5].matched ? &zhUnits().at(m.str(5)) : nullptr;
         const bool counts = m[6].matched || (unit && unit->kind == ZhUnit::Counted);
         const auto read = [&](int integer, int fraction) {
           return counts ? zhCount(m.str(integer), m.str(fraction)) : zhNumber(m.str(integer), m.str(fraction));
         };
         const std::string range = read(1, 2) + "到" + read(3, 4);
         return unit ? zhMeasured(range, *unit) : range + m.str(6);
       }},
      // 5km, 36.5℃, -10℃, 2h (两小时), 10km/h (每小时十公里)
      {std::regex(R"((-)?)" + num + R"(\s?()" + unitAlternatives + R"()(?![A-Za-z]))"),
       [](const std::smatch& m) {
         const auto& unit = zhUnits().at(m.str(4));
         if (unit.kind == ZhUnit::Temperature && m.str(1) == "-")
           return "零下" + zhNumber(m.str(2), m.str(3)) + unit.words;
         const bool counts = unit.kind == ZhUnit::Counted && !m[1].matched;
         return zhMeasured(counts ? zhCount(m.str(2), m.str(3)) : zhSigned(m, 1, 2, 3), unit);
       }},
      // 第2名, 第2次: an ordinal is never 两
      {std::regex(R"((\d+))"), [](const std::smatch& m) { return zhNumber(m.str(1), ""); }, std::regex("第$")},
      // -5, 3.14, 1,000, 两个
      {std::regex(R"((-)?)" + num + "((?:" + kZhMeasureWords + ")?)"),
       [](const std::smatch& m) {
         if (m.str(4).empty() || m[1].matched) return zhSigned(m, 1, 2, 3) + m.str(4);
         return zhCount(m.str(2), m.str(3)) + m.str(4);
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
