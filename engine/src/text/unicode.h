// UTF-8 helpers of the text front end (utf8proc underneath).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cosystudio::text {

// Throws std::invalid_argument naming the byte offset of the first invalid
// UTF-8 sequence.
void requireValidUtf8(std::string_view text);

// Decodes bytes that may be invalid UTF-8, replacing every maximal invalid
// subpart by U+FFFD (the WHATWG / Rust from_utf8_lossy convention).
std::string decodeUtf8Lossy(std::string_view bytes);

// Unicode canonical composition (NFC) of valid UTF-8.
std::string toNfc(std::string_view text);

// Decodes the code point starting at text[pos] (valid UTF-8) and advances pos.
char32_t nextCodePoint(std::string_view text, std::size_t& pos);

// Appends the UTF-8 encoding of a code point.
void appendUtf8(std::string& out, char32_t cp);

// Number of code points (Python's len()).
std::size_t codePointCount(std::string_view text);

// Unicode general category P* or S* (punctuation or symbol).
bool isPunctuationOrSymbol(char32_t cp);

// Python's str.isdigit() for one character: decimal digits (Nd) and the
// other characters that stand for one digit (superscripts, circled digits).
bool isDigitChar(char32_t cp);

// The value (0..9) of a decimal digit (general category Nd), or -1.
int decimalDigitValue(char32_t cp);

// A character of the CJK Unified Ideographs block U+4E00..U+9FFF: what the
// official front end takes for Chinese.
bool isChineseCharacter(char32_t cp);

// Python's str.isspace() for one character.
bool isPythonSpace(char32_t cp);

}  // namespace cosystudio::text
