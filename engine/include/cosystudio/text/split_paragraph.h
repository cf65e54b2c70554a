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

// Not upstream: a hard bound on a piece, whatever the text. The decoder sizes
// its attention cache for prompt + 20 × text tokens, so one unpunctuated book
// chapter (or a cross-lingual or raw text, which upstream never splits) would
// otherwise need tens of GB. Above the bound a piece is cut at the last space
// before it, else between two characters, never inside [...] or <...> markup
// nor between <tag> and </tag> (unless the pair alone is over the bound).
inline constexpr std::size_t kMaxPieceTokens = 200;

struct CappedPiece {
  std::string text;
  bool forcedCut = false;  // it ends where the bound cut it, not at punctuation
};

std::vector<CappedPiece> capPieceLength(std::string_view piece, const PieceLength& length,
                                        std::size_t maxTokens = kMaxPieceTokens);

}  // namespace cosystudio::text
