// The official text front end (`CosyVoiceFrontEnd.text_normalize`) without
// ttsfrd/wetext: the rule-based steps, then split_paragraph, then dropping
// pieces that are only punctuation.
//
//   zh (any character in U+4E00..U+9FFF): drop "\n", drop blanks not between
//   two ASCII characters, ² -> 平方, ³ -> 立方, . -> 。, " - " -> ，, remove
//   （）【】`, —— -> " ", trailing [，,、]+ -> 。, split counting characters.
//   en: every run of digits -> English words (inflect style), split counting
//   tokens.
// With readNumbers, the engine's zh/en normaliser runs first (where wetext
// would). Neither touches markup or special tokens (upstream's digit spelling
// does, breaking phone tokens such as [AY0]; no official fixture relies on it).
// In text with both English (ASCII letters) and Chinese words, each number is
// read in the language of its nearest word: between English words in English,
// beside Chinese in Chinese; clause punctuation (. , ; ! ? … and the Chinese
// forms) makes a word farther, and a tie, or no word at all, stays Chinese. A
// number that takes a Chinese word (2024年, 3个) is Chinese. The zh rules then
// run on the whole text as upstream, keeping a blank only between two ASCII
// characters: "it costs $5 on 3/4 … 你好" -> "it costs five dollars on three
// quarters…你好".
// Text containing both "<|" and "|>" is left verbatim and unsplit, as upstream.
#pragma once

#include "cosystudio/text/split_paragraph.h"

#include <string>
#include <string_view>
#include <vector>

namespace cosystudio::text {

class Tokenizer;

struct NormalizeOptions {
  // false: the text is used as typed (upstream's text_frontend=False).
  bool textFrontend = true;
  // Read numbers, dates, times, money, units… in words before the official
  // rules (the engine's stand-in for wetext). Off reproduces the official
  // pipeline without wetext exactly.
  bool readNumbers = false;
};

// Any character of the CJK Unified Ideographs block U+4E00..U+9FFF.
bool containsChinese(std::string_view text);

// True for text made only of punctuation and symbols (P*, S*), or empty.
bool isOnlyPunctuation(std::string_view text);

// text_normalize(text, split=False): the normalised text, not split.
// Throws std::invalid_argument on invalid UTF-8.
std::string normalizeText(std::string_view text, const NormalizeOptions& options = {});

// The paragraphs of `text`: its parts between blank lines (lines of nothing
// but blanks), each keeping its own line breaks, the empty ones left out. A
// request speaks each paragraph as segments of its own (text/prompt.h):
// upstream's text_normalize drops line breaks (it joins Chinese lines and
// spaces English ones), which runs a heading into the sentence after it. Text
// without a blank line between two paragraphs is one, `text` itself, split
// exactly as upstream splits it.
std::vector<std::string> paragraphsOf(std::string_view text);

// text_normalize(text, split=True): the pieces to synthesise one by one, each
// within kMaxPieceTokens (split_paragraph.h; also raw and marker text, which
// upstream leaves whole). Whitespace-only text gives no pieces. `forcedCut`,
// when given, says for each piece whether that bound ended it.
std::vector<std::string> normalizeAndSplit(std::string_view text, const Tokenizer& tokenizer,
                                           const NormalizeOptions& options = {},
                                           std::vector<bool>* forcedCut = nullptr);

// The segments a request speaks of `text`: the pieces of normalizeAndSplit of
// each of its paragraphs in turn (paragraphsOf). `forcedCut` as there;
// `userTexts`, when given, the user's own words of each (userTextOfPieces).
std::vector<std::string> requestSegments(std::string_view text, const Tokenizer& tokenizer,
                                         const NormalizeOptions& options = {}, std::vector<bool>* forcedCut = nullptr,
                                         std::vector<std::string>* userTexts = nullptr);

// The user's own words of each piece normalizeAndSplit made of `text` (with
// the same options): `text` is cut at its sentence ends, each sentence
// normalised alone and matched to the pieces by its letters, digits and
// ideographs. Where the pieces cannot be traced back so (a number read
// otherwise across a sentence end, a piece cut inside a sentence), the pieces
// themselves. Throws std::invalid_argument on invalid UTF-8.
std::vector<std::string> userTextOfPieces(std::string_view text, const std::vector<std::string>& pieces,
                                          const NormalizeOptions& options = {});

// Pieces of `text` within kMaxPieceTokens, for text that is otherwise not split
// (cross-lingual).
std::vector<std::string> capToPieces(std::string_view text, const Tokenizer& tokenizer,
                                     std::vector<bool>* forcedCut = nullptr);

}  // namespace cosystudio::text
