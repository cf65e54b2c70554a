// Inline markup of CosyVoice3 texts: paralinguistic tags ([breath],
// <strong>…</strong>), CMU phones ([M][AY0]), pinyin ([h][ào]) and control
// tokens (<|endofprompt|>). Known tokens become single token ids; anything
// else in brackets is read aloud character by character, so the UI warns
// about it before synthesis.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cosystudio::text {

enum class MarkupKind {
  Control,         // <|endofprompt|>, <|endoftext|>, … (placed by the engine only)
  Paralinguistic,  // [breath], [laughter], <strong>, </laughter>, …
  CmuPhone,        // [AA] … [ZH]
  Pinyin,          // [a] … [ǜ]
  Unknown,         // bracketed or tag-like text that is no token: [Breath], [ao4], <laugh>
};

struct MarkupSpan {
  std::size_t byteOffset = 0;
  std::size_t byteLength = 0;
  std::size_t charOffset = 0;  // in Unicode code points
  std::size_t charLength = 0;
  std::size_t utf16Offset = 0;  // in UTF-16 code units, as a QString counts
  std::size_t utf16Length = 0;
  MarkupKind kind = MarkupKind::Unknown;
  std::string text;
};

// Every known token and every unknown bracketed span in order: `[…]` holding
// 1 to 47 bytes, neither `[` nor a line break among them, or a `<tag>`,
// `</tag>` or `<|tag|>` of letters, digits, `_` and `-`. Known tokens are
// matched exactly as the tokenizer does (case-sensitive, composed characters).
// No span crosses a line break, so a text may be scanned line by line. The
// one classification of markup: the editor's colours and warnings use it too.
// Throws std::invalid_argument on invalid UTF-8.
std::vector<MarkupSpan> scanMarkup(std::string_view text);

// Only the unknown spans of scanMarkup.
std::vector<MarkupSpan> unknownMarkup(std::string_view text);

// The kind of a known token, or Unknown.
MarkupKind markupKind(std::string_view token);

}  // namespace cosystudio::text
