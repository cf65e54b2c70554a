// The official `split_paragraph`: cuts a normalised text into the pieces that
// are synthesised one by one.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cosystudio::text {

enum class Language { Chinese, English };

struct SplitLimits {
  std::size_t maxLength = 80;  // token_max_n
  std::size_t minLength = 60;  // token_min_n
  std::size_t mergeLength = 20;  // a shorter tail joins the previous piece
  bool commaSplit = false;
};

// Length of a piece: Chinese counts characters, English counts text tokens.
using PieceLength = std::function<std::size_t(std::string_view)>;

// Sentence enders: zh `。？！；：、.?!;` (no `:`), en `.?!;:`; a text without a
// final ender gets `。` / `.`; a `"` or `”` right after an ender stays with its
// sentence. Sentences are packed greedily: the current piece is emitted when
// adding the next sentence would exceed maxLength and it already exceeds
// minLength. `length` is only used for English. Empty text gives no pieces.
std::vector<std::string> splitParagraph(std::string_view text, Language language, const PieceLength& length,
                                        const SplitLimits& limits = {});

}  // namespace cosystudio::text
