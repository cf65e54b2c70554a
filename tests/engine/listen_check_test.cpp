// Scoring what the recogniser heard against what was meant: the error rates
// and alignments of constructed cases, counted by hand.
#include "cosystudio/listen_check.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace cosystudio;
using Kind = HeardDifference::Kind;

std::string repeated(const std::string& word, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += (i ? " " : "") + word;
  return out;
}

TEST(ScoringNormalize, LowercasesAndDropsPunctuationKeepingApostrophes) {
  EXPECT_EQ(normalizeForScoring("Well, I DON'T know... \"really\"?!", "en"), "well i don't know really");
  EXPECT_EQ(normalizeForScoring("rock 'n' roll", "en"), "rock n roll");
  EXPECT_EQ(normalizeForScoring("It’s fine", "en"), "it's fine");
}

TEST(ScoringNormalize, MakesFullWidthHalfWidth) {
  EXPECT_EQ(normalizeForScoring("ＡＢＣ　ｄｅｆ！", "en"), "abc def");
  EXPECT_EQ(normalizeForScoring("我有３个苹果！", "zh"), "我有三个苹果");
}

TEST(ScoringNormalize, ReadsNumbersInTheTextsLanguage) {
  EXPECT_EQ(normalizeForScoring("I have 3 apples.", "en"), "i have three apples");
  EXPECT_EQ(normalizeForScoring("It costs $5, 23 in all.", "en"), "it costs five dollars twenty three in all");
  EXPECT_EQ(normalizeForScoring("我有3个苹果。", "zh"), "我有三个苹果");
  EXPECT_EQ(normalizeForScoring("他买了2个梨", "zh"), "他买了两个梨");
  // Japanese reads numbers as Chinese does, but counts 二人, not 两人.
  EXPECT_EQ(normalizeForScoring("私たちは2人です", "ja"), "私たちは二人です");
  // The engine reads no Korean: digits stay.
  EXPECT_EQ(normalizeForScoring("사과 3개", "ko"), "사과3개");
}

TEST(ScoringNormalize, StripsRecognizerTagsAndMarkup) {
  EXPECT_EQ(normalizeForScoring("<|en|><|NEUTRAL|><|Speech|><|woitn|>hello world", "en"), "hello world");
  EXPECT_EQ(normalizeForScoring("<|zh|><|HAPPY|><|BGM|><|withitn|>你好。", ""), "你好");
  EXPECT_EQ(normalizeForScoring("So [breath] <strong>very</strong> good[laughter]!", "en"), "so very good");
  // The recogniser's SentencePiece word marker parts words like a space.
  EXPECT_EQ(normalizeForScoring("\u2581the\u2581cat", "en"), "the cat");
}

TEST(ScoringNormalize, CharactersKeepSpacesOnlyBetweenOtherWords) {
  EXPECT_EQ(normalizeForScoring("我 用 iPhone 和 Apple Watch 拍照", "zh"), "我用iphone和apple watch拍照");
}

TEST(ScoringNormalize, InvalidUtf8IsReadLossily) {
  EXPECT_EQ(normalizeForScoring("ok\xFF" "fine", "en"), "ok fine");
}

TEST(ScoringUnitChoice, FollowsTheLanguageOrElseTheScript) {
  EXPECT_EQ(scoreHeard("你好世界", "你好世界", "zh").unit, ScoringUnit::Character);
  EXPECT_EQ(scoreHeard("你好世界", "你好世界", "yue").unit, ScoringUnit::Character);
  EXPECT_EQ(scoreHeard("こんにちは", "こんにちは", "ja").unit, ScoringUnit::Character);
  EXPECT_EQ(scoreHeard("hello world", "hello world", "en").unit, ScoringUnit::Word);
  EXPECT_EQ(scoreHeard("hello world", "hello world", "").unit, ScoringUnit::Word);
  EXPECT_EQ(scoreHeard("我用iPhone拍照", "", "").unit, ScoringUnit::Character);
  EXPECT_EQ(scoreHeard("I said 你好 to them all", "", "").unit, ScoringUnit::Word);
  EXPECT_EQ(scoreHeard("안녕하세요 여러분", "", "ko").unit, ScoringUnit::Character);
  EXPECT_EQ(scoreHeard("안녕하세요 여러분", "", "auto").unit, ScoringUnit::Character);
  // The meant text decides, whatever was heard.
  EXPECT_EQ(scoreHeard("hello world", "你好世界", "").unit, ScoringUnit::Word);
}

TEST(ListenCheck, IdenticalTextScoresZero) {
  const auto score = scoreHeard("The cat sat down.", "The cat sat down.", "en");
  EXPECT_EQ(score.errorRate, 0.0);
  EXPECT_EQ(score.errors, 0);
  EXPECT_EQ(score.meantUnits, 4);
  ASSERT_EQ(score.differences.size(), 1u);
  EXPECT_EQ(score.differences[0].kind, Kind::Same);
  EXPECT_EQ(score.differences[0].meant, "the cat sat down");
  EXPECT_EQ(score.differences[0].heard, "the cat sat down");
}

TEST(ListenCheck, PunctuationAndCaseAreNoErrors) {
  const auto score = scoreHeard("Hello, World! How are you?", "hello world how are you", "en");
  EXPECT_EQ(score.errorRate, 0.0);
  EXPECT_EQ(score.meantNormalized, "hello world how are you");
}

TEST(ListenCheck, NumbersReadOutAreNoErrors) {
  EXPECT_EQ(scoreHeard("I have 3 apples.", "i have three apples", "en").errorRate, 0.0);
  EXPECT_EQ(scoreHeard("我有3个苹果。", "我有三个苹果", "zh").errorRate, 0.0);
  // The recogniser's own digits (with ITN) are read as the meant ones are.
  EXPECT_EQ(scoreHeard("我有三个苹果", "我有3个苹果", "zh").errorRate, 0.0);
  EXPECT_EQ(scoreHeard("We met 25 people.", "we met twenty-five people", "en").errorRate, 0.0);
  EXPECT_EQ(scoreHeard("私たちは2人です", "私たちは二人です", "ja").errorRate, 0.0);
}

TEST(ListenCheck, OneSubstitutedWordInFour) {
  const auto score = scoreHeard("the cat sat down", "the cat sad down", "en");
  EXPECT_EQ(score.errorRate, 0.25);
  EXPECT_EQ(score.errors, 1);
  EXPECT_EQ(score.meantUnits, 4);
  ASSERT_EQ(score.differences.size(), 3u);
  EXPECT_EQ(score.differences[0].kind, Kind::Same);
  EXPECT_EQ(score.differences[0].meant, "the cat");
  EXPECT_EQ(score.differences[1].kind, Kind::Substituted);
  EXPECT_EQ(score.differences[1].meant, "sat");
  EXPECT_EQ(score.differences[1].heard, "sad");
  EXPECT_EQ(score.differences[2].kind, Kind::Same);
  EXPECT_EQ(score.differences[2].heard, "down");
  EXPECT_EQ(describeDifferences(score), R"(heard "the cat sad down" for "the cat sat down" ("sad" for "sat"))");
}

TEST(ListenCheck, MissingWords) {
  const auto score = scoreHeard("the cat sat down", "the cat sat", "en");
  EXPECT_EQ(score.errorRate, 0.25);
  ASSERT_EQ(score.differences.size(), 2u);
  EXPECT_EQ(score.differences[1].kind, Kind::Missing);
  EXPECT_EQ(score.differences[1].meant, "down");
  EXPECT_EQ(score.differences[1].heard, "");
  EXPECT_EQ(describeDifferences(score), R"(heard "the cat sat" for "the cat sat down" (missing: down))");

  const auto two = scoreHeard("one two three four", "one four", "en");
  EXPECT_EQ(two.errorRate, 0.5);
  ASSERT_EQ(two.differences.size(), 3u);
  EXPECT_EQ(two.differences[1].kind, Kind::Missing);
  EXPECT_EQ(two.differences[1].meant, "two three");  // consecutive misses merged
}

// Where a substitution and a missing word cost the same, the segment was
// more likely cut short than garbled at its end.
TEST(ListenCheck, TiesShowTheEndMissingRatherThanSubstituted) {
  const auto score = scoreHeard("the cat sat down", "the cat sad", "en");
  EXPECT_EQ(score.errors, 2);
  ASSERT_EQ(score.differences.size(), 3u);
  EXPECT_EQ(score.differences[1].kind, Kind::Substituted);
  EXPECT_EQ(score.differences[1].meant, "sat");
  EXPECT_EQ(score.differences[2].kind, Kind::Missing);
  EXPECT_EQ(score.differences[2].meant, "down");
  EXPECT_EQ(describeDifferences(score), R"(heard "the cat sad" for "the cat sat down" ("sad" for "sat"; missing: down))");

  const auto extra = scoreHeard("the cat sat", "the cat sad down", "en");
  ASSERT_EQ(extra.differences.size(), 3u);
  EXPECT_EQ(extra.differences[1].heard, "sad");
  EXPECT_EQ(extra.differences[2].kind, Kind::Extra);
  EXPECT_EQ(extra.differences[2].heard, "down");
}

TEST(ListenCheck, ExtraWords) {
  const auto score = scoreHeard("the cat sat", "well the cat sat down", "en");
  EXPECT_EQ(score.errors, 2);
  EXPECT_DOUBLE_EQ(score.errorRate, 2.0 / 3.0);
  ASSERT_EQ(score.differences.size(), 3u);
  EXPECT_EQ(score.differences[0].kind, Kind::Extra);
  EXPECT_EQ(score.differences[0].heard, "well");
  EXPECT_EQ(score.differences[0].meant, "");
  EXPECT_EQ(score.differences[2].kind, Kind::Extra);
  EXPECT_EQ(score.differences[2].heard, "down");
  EXPECT_EQ(describeDifferences(score), R"(heard "well the cat sat down" for "the cat sat" (extra: well; extra: down))");
}

TEST(ListenCheck, RateAboveOneWhenMuchMoreIsHeard) {
  const auto score = scoreHeard("yes", "no no no", "en");
  EXPECT_EQ(score.errors, 3);
  EXPECT_EQ(score.errorRate, 3.0);
}

TEST(ListenCheck, ChineseOneWrongCharacterOfSix) {
  const auto score = scoreHeard("我有三个苹果", "我有三个平果", "zh");
  EXPECT_EQ(score.meantUnits, 6);
  EXPECT_EQ(score.errors, 1);
  EXPECT_DOUBLE_EQ(score.errorRate, 1.0 / 6.0);
  ASSERT_EQ(score.differences.size(), 3u);
  EXPECT_EQ(score.differences[0].meant, "我有三个");
  EXPECT_EQ(score.differences[1].kind, Kind::Substituted);
  EXPECT_EQ(score.differences[1].meant, "苹");
  EXPECT_EQ(score.differences[1].heard, "平");
  EXPECT_EQ(score.differences[2].meant, "果");
}

TEST(ListenCheck, ChineseWithAnEnglishWordCountsTheWordOnce) {
  const auto score = scoreHeard("我用iPhone拍照。", "我用 iPad 拍照", "zh");
  EXPECT_EQ(score.meantUnits, 5);
  EXPECT_EQ(score.errors, 1);
  EXPECT_DOUBLE_EQ(score.errorRate, 0.2);
  ASSERT_EQ(score.differences.size(), 3u);
  EXPECT_EQ(score.differences[1].meant, "iphone");
  EXPECT_EQ(score.differences[1].heard, "ipad");
  EXPECT_EQ(score.meantNormalized, "我用iphone拍照");

  // Unknown language, mostly Chinese: the same.
  EXPECT_DOUBLE_EQ(scoreHeard("我用iPhone拍照。", "我用 iPad 拍照", "").errorRate, 0.2);
}

TEST(ListenCheck, RecognizerTagsAreStripped) {
  const auto score = scoreHeard("The cat sat.", "<|en|><|NEUTRAL|><|Speech|><|woitn|>the cat sat", "en");
  EXPECT_EQ(score.errorRate, 0.0);
  EXPECT_EQ(score.heardNormalized, "the cat sat");
}

TEST(ListenCheck, NothingMeant) {
  const auto score = scoreHeard("", "hello there", "en");
  EXPECT_EQ(score.meantUnits, 0);
  EXPECT_EQ(score.errors, 2);
  EXPECT_EQ(score.errorRate, 1.0);
  ASSERT_EQ(score.differences.size(), 1u);
  EXPECT_EQ(score.differences[0].kind, Kind::Extra);
  EXPECT_EQ(score.differences[0].heard, "hello there");
  EXPECT_EQ(describeDifferences(score), R"(heard "hello there" where nothing was meant)");

  const auto silent = scoreHeard("...", "", "en");
  EXPECT_EQ(silent.errorRate, 0.0);
  EXPECT_TRUE(silent.differences.empty());
  EXPECT_EQ(describeDifferences(silent), "heard nothing, as meant");
}

TEST(ListenCheck, NothingHeard) {
  const auto score = scoreHeard("the cat sat", "<|nospeech|><|EMO_UNKNOWN|><|Event_UNK|><|woitn|>", "");
  EXPECT_EQ(score.errorRate, 1.0);
  ASSERT_EQ(score.differences.size(), 1u);
  EXPECT_EQ(score.differences[0].kind, Kind::Missing);
  EXPECT_EQ(describeDifferences(score), R"(heard nothing for "the cat sat")");
}

TEST(ListenCheck, DescribesAMatchAndCapsLongLists) {
  EXPECT_EQ(describeDifferences(scoreHeard("The cat.", "the cat", "en")), R"(heard "the cat" as meant)");
  const auto score = scoreHeard("a b c d e f g h i j k l m", "a x c x e x g x i x k x m", "en");
  EXPECT_EQ(score.errors, 6);
  EXPECT_EQ(describeDifferences(score),
            R"(heard "a x c x e x g x i x k x m" for "a b c d e f g h i j k l m" )"
            R"(("x" for "b"; "x" for "d"; "x" for "f"; "x" for "h"; "x" for "j"; and 1 more))");
}

TEST(ListenCheck, SpeakingRateCountsScoringUnits) {
  EXPECT_DOUBLE_EQ(speakingRate("The cat sat down.", "en", 2.0), 2.0);
  EXPECT_DOUBLE_EQ(speakingRate("我有3个苹果。", "zh", 3.0), 2.0);
  EXPECT_DOUBLE_EQ(speakingRate("I have 3 apples", "en", 0.5), 8.0);
  EXPECT_EQ(speakingRate("The cat sat down.", "en", 0.0), 0.0);
  EXPECT_EQ(speakingRate("", "en", 1.0), 0.0);
}

// 20 000 units a side would need a 400-million-cell table: the rate is
// counted in two rows and the middle shown as one substituted block.
TEST(ListenCheck, LongInputIsCountedWithoutTheFullTable) {
  constexpr int kUnits = 20000;
  std::string heard;
  for (int i = 0; i < kUnits; ++i) heard += std::string(i ? " " : "") + (i % 10 == 9 ? "b" : "a");
  const auto score = scoreHeard(repeated("a", kUnits), heard, "en");
  EXPECT_EQ(score.meantUnits, kUnits);
  EXPECT_EQ(score.errors, kUnits / 10);
  EXPECT_DOUBLE_EQ(score.errorRate, 0.1);
  ASSERT_EQ(score.differences.size(), 2u);
  EXPECT_EQ(score.differences[0].kind, Kind::Same);
  EXPECT_EQ(score.differences[0].meant, repeated("a", 9));
  EXPECT_EQ(score.differences[1].kind, Kind::Substituted);
  EXPECT_EQ(score.differences[1].meant, repeated("a", kUnits - 9));
}

TEST(ListenCheck, LongInputWithOneSlipKeepsItsAlignment) {
  constexpr int kUnits = 20000;
  const std::string meant = repeated("a", kUnits);
  const std::string heard = repeated("a", kUnits / 2) + " b " + repeated("a", kUnits / 2 - 1);
  const auto score = scoreHeard(meant, heard, "en");
  EXPECT_EQ(score.errors, 1);
  EXPECT_DOUBLE_EQ(score.errorRate, 1.0 / kUnits);
  ASSERT_EQ(score.differences.size(), 3u);
  EXPECT_EQ(score.differences[1].kind, Kind::Substituted);
  EXPECT_EQ(score.differences[1].meant, "a");
  EXPECT_EQ(score.differences[1].heard, "b");
}

TEST(ListenCheck, LongChineseWithSlipsAcrossIt) {
  // 1000 characters with a wrong one every 100: within the full table.
  std::string meant, heard;
  for (int i = 0; i < 1000; ++i) {
    meant += "天";
    heard += i % 100 == 50 ? "田" : "天";
  }
  const auto score = scoreHeard(meant, heard, "zh");
  EXPECT_EQ(score.meantUnits, 1000);
  EXPECT_EQ(score.errors, 10);
  EXPECT_DOUBLE_EQ(score.errorRate, 0.01);
  EXPECT_EQ(score.differences.size(), 21u);  // 11 same runs around 10 substitutions
}

}  // namespace
