#include "text/unicode.h"

#include <utf8proc.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace cosystudio::text {
namespace {

constexpr char kReplacement[] = "\xEF\xBF\xBD";

// Length of the well-formed sequence at bytes[pos] per Unicode Table 3-7, or the
// length of its maximal invalid subpart as a negative number.
int sequenceLength(std::string_view bytes, std::size_t pos) {
  const auto b0 = static_cast<unsigned char>(bytes[pos]);
  if (b0 < 0x80) return 1;
  int need;
  unsigned char lo = 0x80, hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return -1;
  }
  for (int i = 1; i <= need; ++i) {
    if (pos + i >= bytes.size()) return -i;
    const auto b = static_cast<unsigned char>(bytes[pos + i]);
    if (b < lo || b > hi) return -i;
    lo = 0x80;
    hi = 0xBF;
  }
  return need + 1;
}

}  // namespace

void requireValidUtf8(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    const int n = sequenceLength(text, pos);
    if (n < 0)
      throw std::invalid_argument("text is not valid UTF-8: invalid byte sequence at byte offset " +
                                  std::to_string(pos));
    pos += n;
  }
}

std::string decodeUtf8Lossy(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t pos = 0; pos < bytes.size();) {
    const int n = sequenceLength(bytes, pos);
    if (n > 0) {
      out.append(bytes.substr(pos, n));
      pos += n;
    } else {
      out += kReplacement;
      pos += -n;
    }
  }
  return out;
}

std::string toNfc(std::string_view text) {
  bool ascii = true;
  for (const char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) return std::string(text);
  utf8proc_uint8_t* mapped = nullptr;
  const auto length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                   static_cast<utf8proc_ssize_t>(text.size()), &mapped,
                                   static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (length < 0) throw std::invalid_argument(std::string("NFC failed: ") + utf8proc_errmsg(length));
  std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(mapped, &std::free);
  return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(length));
}

char32_t nextCodePoint(std::string_view text, std::size_t& pos) {
  utf8proc_int32_t cp = 0;
  const auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data()) + pos,
                                  static_cast<utf8proc_ssize_t>(text.size() - pos), &cp);
  if (n <= 0) throw std::invalid_argument("text is not valid UTF-8 at byte offset " + std::to_string(pos));
  pos += static_cast<std::size_t>(n);
  return static_cast<char32_t>(cp);
}

void appendUtf8(std::string& out, char32_t cp) {
  utf8proc_uint8_t buffer[4];
  const auto n = utf8proc_encode_char(static_cast<utf8proc_int32_t>(cp), buffer);
  out.append(reinterpret_cast<const char*>(buffer), static_cast<std::size_t>(n));
}

std::size_t codePointCount(std::string_view text) {
  std::size_t count = 0;
  for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

bool isPunctuationOrSymbol(char32_t cp) {
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_PC: case UTF8PROC_CATEGORY_PD: case UTF8PROC_CATEGORY_PS:
    case UTF8PROC_CATEGORY_PE: case UTF8PROC_CATEGORY_PI: case UTF8PROC_CATEGORY_PF:
    case UTF8PROC_CATEGORY_PO: case UTF8PROC_CATEGORY_SM: case UTF8PROC_CATEGORY_SC:
    case UTF8PROC_CATEGORY_SK: case UTF8PROC_CATEGORY_SO:
      return true;
    default:
      return false;
  }
}

int decimalDigitValue(char32_t cp) {
  const auto isDecimal = [](utf8proc_int32_t c) { return utf8proc_category(c) == UTF8PROC_CATEGORY_ND; };
  const auto c = static_cast<utf8proc_int32_t>(cp);
  if (!isDecimal(c)) return -1;
  // Decimal digits are encoded in contiguous runs of whole 0..9 sets.
  utf8proc_int32_t start = c;
  while (start > 0 && isDecimal(start - 1)) --start;
  return (c - start) % 10;
}

bool isDigitChar(char32_t cp) {
  const auto c = static_cast<utf8proc_int32_t>(cp);
  const auto category = utf8proc_category(c);
  if (category == UTF8PROC_CATEGORY_ND) return true;
  if (category != UTF8PROC_CATEGORY_NO) return false;
  // A digit-type number decomposes (compatibility) to exactly one decimal digit.
  utf8proc_int32_t decomposed[8];
  int lastBound = 0;
  const auto n = utf8proc_decompose_char(c, decomposed, 8, static_cast<utf8proc_option_t>(UTF8PROC_COMPAT),
                                         &lastBound);
  if (n <= 0 || n > 8) return false;
  int digits = 0;
  for (utf8proc_ssize_t i = 0; i < n; ++i) digits += utf8proc_category(decomposed[i]) == UTF8PROC_CATEGORY_ND;
  return digits == 1;
}

bool isChineseCharacter(char32_t cp) { return cp >= 0x4E00 && cp <= 0x9FFF; }

bool isPythonSpace(char32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000;
}

}  // namespace cosystudio::text
