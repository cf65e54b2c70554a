// Whether a made segment says what was meant: the text the recogniser heard
// scored against the text that was synthesised, as TTS evaluations score it
// (character error rate for Chinese, Japanese, Cantonese; word error rate
// otherwise; Seed-TTS-eval's normalisation). Torch-free and Qt-free.
//
// Both texts go through the same normalisation, so that what is written one
// way and read or heard another is not an error:
//   - the recogniser's tags (<|en|>, <|Speech|>, any <|…|>) and the inline
//     markup CosyVoice3 does not read as text ([breath], <strong>, CMU phones,
//     pinyin) are dropped; its SentencePiece word marker '▁' is a space;
//   - full-width ASCII becomes half-width, then numbers, dates, money, units…
//     are read in words by the engine's own normaliser, in the text's language
//     ("3 apples" and "three apples", "3个" and "三个" agree; Japanese reads
//     them as Chinese does, but 二 for 两; Korean and other languages keep
//     their digits, which the engine cannot read);
//   - NFKC, case folding;
//   - punctuation, symbols and spaces only part the units; an apostrophe
//     within a word stays ("don't").
// A unit is a word (a run of letters, marks and digits); in Character
// scoring every CJK ideograph, kana and hangul syllable is a unit of its own,
// while a Latin word inside such text still counts one (the usual mixed error
// rate).
#pragma once

#include <string>
#include <vector>

namespace cosystudio {

// How a segment's words are counted: characters for Chinese, Japanese,
// Cantonese (and any text mostly in CJK script), words otherwise.
enum class ScoringUnit { Character, Word };

// One edit of the alignment, for showing the user.
struct HeardDifference {
  enum class Kind {
    Same,
    Substituted,
    Missing,  // meant, not heard
    Extra,    // heard, not meant
  };
  Kind kind = Kind::Same;
  // The units, joined as in the normalised text (with spaces between words).
  std::string meant;
  std::string heard;
};

struct HeardScore {
  ScoringUnit unit = ScoringUnit::Word;
  // (substitutions + deletions + insertions) / meant units; more than 1 when
  // much more was heard than meant. With nothing meant: 0 if nothing was heard
  // either, else 1.
  double errorRate = 0;
  int meantUnits = 0;
  int errors = 0;
  std::string meantNormalized;
  std::string heardNormalized;
  // The whole alignment in order, consecutive edits of one kind merged.
  std::vector<HeardDifference> differences;
};

// `language`: "zh", "en", "yue", "ja", "ko", or "" / "auto" when unknown.
// zh, yue and ja score characters and en words; for the others the text's
// script decides (characters where its CJK characters outnumber its other
// words). Invalid UTF-8 is read with U+FFFD in place of the bad bytes.
std::string normalizeForScoring(const std::string& text, const std::string& language);

// The unit, and how numbers are read, follow `language` and the meant text:
// the heard text is normalised as the meant one is.
HeardScore scoreHeard(const std::string& meant, const std::string& heard, const std::string& language);

// Scoring units of `text` per second (to tell babbling or long silences):
// 0 when `seconds` is not positive.
double speakingRate(const std::string& text, const std::string& language, double seconds);

// A one-line summary for the user, e.g.
//   heard "the cat sat" for "the cat sat down" (missing: down)
//   heard "the cat sad" for "the cat sat" ("sad" for "sat")
//   heard "the cat sat" as meant
// listing the first few differences.
std::string describeDifferences(const HeardScore& score);

}  // namespace cosystudio
