// The text front end on any bytes (invalid UTF-8 included): markup scanner,
// normaliser with and without number reading, splitter, the user's words of
// each piece, tokenizer (the real CosyVoice3 vocabulary). Checks what the
// engine relies on: no piece exceeds the per-segment bound, and the tokenizer
// reads back its own ids.
#include "fuzz_support.h"

#include "cosystudio/text/markup.h"
#include "cosystudio/text/split_paragraph.h"
#include "cosystudio/text/text_normalize.h"
#include "cosystudio/text/tokenizer.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace text = cosystudio::text;

namespace {

const text::Tokenizer& tokenizer() {
  static const text::Tokenizer t =
      text::Tokenizer::load(std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "tokenizer/vocab");
  return t;
}

void requireBounded(const std::vector<std::string>& pieces) {
  for (const auto& piece : pieces)
    if (tokenizer().encode(piece).size() > text::kMaxPieceTokens) {
      std::fprintf(stderr, "a piece of %zu tokens exceeds the bound of %zu\n", tokenizer().encode(piece).size(),
                   text::kMaxPieceTokens);
      std::abort();
    }
}

}  // namespace

// The vocabulary is read before the first input, so that its seconds (under
// the sanitizers) never count against an input's time limit.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)tokenizer();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    (void)text::scanMarkup(input);
    (void)text::markupKind(input);
    const auto ids = tokenizer().encode(input);
    (void)tokenizer().decode(ids, true);
    for (const bool readNumbers : {false, true}) {
      text::NormalizeOptions options;
      options.readNumbers = readNumbers;
      (void)text::normalizeText(input, options);
      const auto pieces = text::normalizeAndSplit(input, tokenizer(), options);
      requireBounded(pieces);
      (void)text::userTextOfPieces(input, pieces, options);
    }
    requireBounded(text::capToPieces(input, tokenizer()));
  } catch (const std::invalid_argument&) {
    // Invalid UTF-8, refused with its byte offset.
  }
  return 0;
}
