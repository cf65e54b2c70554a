#define PCRE2_CODE_UNIT_WIDTH 8
#include "text/pretokenizer.h"

#include <pcre2.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace cosystudio::text {

struct Qwen2PreTokenizer::Compiled {
  pcre2_code* code = nullptr;
  bool jit = false;
  ~Compiled() { pcre2_code_free(code); }
};

const char* Qwen2PreTokenizer::pattern() {
  return R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
}

namespace {

// The pattern as compiled: `\s` spelled out as the Unicode White_Space set,
// which is what the Rust regex engines behind the reference tokenizer use.
// PCRE2's own `\s` also matches U+180E, which is no longer White_Space.
std::string compiledPattern() {
  static const std::string space = R"(\t-\r\x{20}\x{85}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000})";
  std::string pattern = Qwen2PreTokenizer::pattern();
  const auto replace = [&](const std::string& from, const std::string& to) {
    for (auto pos = pattern.find(from); pos != std::string::npos; pos = pattern.find(from, pos + to.size()))
      pattern.replace(pos, from.size(), to);
  };
  replace("[^\\s", "[^" + space);
  replace("(?!\\S)", "(?![^" + space + "])");
  replace("\\s", "[" + space + "]");
  return pattern;
}

}  // namespace

Qwen2PreTokenizer::Qwen2PreTokenizer() : compiled_(new Compiled) {
  int error = 0;
  PCRE2_SIZE offset = 0;
  const std::string source = compiledPattern();
  compiled_->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(source.c_str()), source.size(),
                                  PCRE2_UTF | PCRE2_UCP, &error, &offset, nullptr);
  if (!compiled_->code) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(error, message, sizeof message);
    delete compiled_;
    throw std::logic_error("pre-tokenizer regex: " + std::string(reinterpret_cast<char*>(message)) +
                           " at offset " + std::to_string(offset));
  }
  // Without JIT (some platforms) the interpreter gives the same matches, slower.
  compiled_->jit = pcre2_jit_compile(compiled_->code, PCRE2_JIT_COMPLETE) == 0;
}

Qwen2PreTokenizer::~Qwen2PreTokenizer() { delete compiled_; }

std::vector<std::string_view> Qwen2PreTokenizer::split(std::string_view text) const {
  std::vector<std::string_view> pieces;
  std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> match(
      pcre2_match_data_create_from_pattern(compiled_->code, nullptr), &pcre2_match_data_free);
  const auto subject = reinterpret_cast<PCRE2_SPTR>(text.data());
  std::size_t pos = 0;
  while (pos < text.size()) {
    // The text was validated before, so PCRE2's own UTF check is skipped.
    const int rc = compiled_->jit
                       ? pcre2_jit_match(compiled_->code, subject, text.size(), pos, PCRE2_NO_UTF_CHECK,
                                         match.get(), nullptr)
                       : pcre2_match(compiled_->code, subject, text.size(), pos, PCRE2_NO_UTF_CHECK,
                                     match.get(), nullptr);
    if (rc == PCRE2_ERROR_NOMATCH) break;
    if (rc < 0) throw std::runtime_error("pre-tokenizer regex failed with PCRE2 error " + std::to_string(rc));
    const PCRE2_SIZE* range = pcre2_get_ovector_pointer(match.get());
    if (range[0] > pos) pieces.push_back(text.substr(pos, range[0] - pos));
    if (range[1] == range[0]) break;  // cannot happen: no branch matches empty
    pieces.push_back(text.substr(range[0], range[1] - range[0]));
    pos = range[1];
  }
  if (pos < text.size()) pieces.push_back(text.substr(pos));
  return pieces;
}

}  // namespace cosystudio::text
