// Numbers read aloud in Chinese and English, for the engine's normaliser.
// All functions take ASCII digit strings.
#pragma once

#include <string>
#include <string_view>

namespace cosystudio::text {

// 一百二十三, 一千零五, 十五万; beyond 16 digits read digit by digit.
std::string chineseCardinal(std::string_view digits);
// 二零二四 (years, decimals).
std::string chineseDigits(std::string_view digits);
// 幺三八幺二三四五六七八: a phone number, code or room number said digit by
// digit, 1 as 幺 (as such numbers are said aloud, where 一 is easily misheard).
std::string chineseIdentifier(std::string_view digits);
// 三点一四
std::string chineseDecimal(std::string_view integer, std::string_view fraction);

// one hundred twenty-three (no "and"); beyond 10^36 digit by digit.
std::string englishCardinal(std::string_view digits);
// first, twenty-second, one hundredth
std::string englishOrdinal(std::string_view digits);
// nineteen ninety-nine, two thousand five, twenty ten, nineteen hundred
std::string englishYear(std::string_view digits);
// one two three (with "zero")
std::string englishDigits(std::string_view digits);
// three point one four
std::string englishDecimal(std::string_view integer, std::string_view fraction);

}  // namespace cosystudio::text
