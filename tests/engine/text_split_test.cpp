// split_paragraph and the rule-based text_normalize, from the spec (§3.2) and
// the official e2e goldens.
#include "cosystudio/text/prompt.h"
#include "cosystudio/text/split_paragraph.h"
#include "cosystudio/text/text_normalize.h"
#include "cosystudio/text/tokenizer.h"

#include <gtest/gtest.h>

namespace {

using namespace cosystudio::text;
using cosystudio::Mode;
using Pieces = std::vector<std::string>;

std::size_t characters(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

const Tokenizer& tokenizer() {
  static const Tokenizer instance =
      Tokenizer::load(std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "tokenizer" / "vocab");
  return instance;
}

Pieces splitZh(std::string_view text) { return splitParagraph(text, Language::Chinese, characters); }

std::string repeat(std::string_view s, int n) {
  std::string out;
  while (n--) out += s;
  return out;
}

TEST(TextSplit, AppendsFinalEnder) {
  EXPECT_EQ(splitZh("你好"), Pieces{"你好。"});
  EXPECT_EQ(splitParagraph("hello", Language::English, characters), Pieces{"hello."});
  EXPECT_TRUE(splitZh("").empty());
}

TEST(TextSplit, ShortSentencesStayTogether) {
  EXPECT_EQ(splitZh("你好。今天天气好！我们走吧？"), Pieces{"你好。今天天气好！我们走吧？"});
}

TEST(TextSplit, ClosingQuoteStaysWithItsSentence) {
  // 25 + 45 + 30 characters: the third sentence would pass 80 while the piece holds 70 > 60.
  const auto a = repeat("好", 23) + "。”";
  const auto b = repeat("天", 44) + "。";
  const auto c = repeat("地", 29) + "。";
  EXPECT_EQ(splitZh(a + b + c), (Pieces{a + b, c}));
}

TEST(TextSplit, ShortTailMergesIntoPreviousPiece) {
  const auto a = repeat("好", 69) + "。";  // 70
  const auto b = repeat("天", 29) + "。";  // 30 -> 100 > 80 and 70 > 60: cut
  const auto tail = repeat("地", 9) + "。";  // 10 < 20: merged
  EXPECT_EQ(splitZh(a + b + tail), (Pieces{a, b + tail}));
}

TEST(TextSplit, NoCutWhileBelowMinimum) {
  const auto a = repeat("好", 59) + "。";  // 60, not > 60
  const auto b = repeat("天", 59) + "。";
  EXPECT_EQ(splitZh(a + b), Pieces{a + b});
}

TEST(TextSplit, ConsecutiveEndersAndColon) {
  // Upstream drops an ender that directly follows another one.
  EXPECT_EQ(splitZh("好！！"), Pieces{"好！"});
  // ':' is no ender in Chinese (only '：' is); a final ':' gets '。' appended.
  EXPECT_EQ(splitZh("比分3:2"), Pieces{"比分3:2。"});
  EXPECT_EQ(splitParagraph("a:b", Language::English, characters), Pieces{"a:b."});
}

TEST(TextSplit, EnglishCountsTokens) {
  const auto tokens = [](std::string_view s) { return tokenizer().encode(s).size(); };
  std::string text;
  for (int i = 0; i < 12; ++i) text += "This is sentence number " + std::string(1, char('a' + i)) + " of the test. ";
  const auto pieces = splitParagraph(text.substr(0, text.size() - 1), Language::English, tokens);
  ASSERT_GT(pieces.size(), 1u);
  // Sentences of ~10 tokens: a piece is closed once past token_min_n (60)
  // and before passing token_max_n (80).
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (i + 1 < pieces.size()) EXPECT_GT(tokens(pieces[i]), 60u) << i;
    EXPECT_LE(tokens(pieces[i]), 80u) << i;
  }
}

TEST(TextParagraphs, BlankLinesPartParagraphs) {
  EXPECT_EQ(paragraphsOf("第一章\n\n这是正文。"), (Pieces{"第一章", "这是正文。"}));
  EXPECT_EQ(paragraphsOf("x\n \t\ny\n\n\nz\r\n"), (Pieces{"x", "y", "z\r"}));
  EXPECT_EQ(paragraphsOf("one line\nand the next"), Pieces{"one line\nand the next"});
  EXPECT_EQ(paragraphsOf("\n\nalone\n"), Pieces{"\n\nalone\n"});  // one paragraph: the text as it came
  EXPECT_TRUE(paragraphsOf(" \n\n\t").empty());
}

TEST(TextParagraphs, ABlankLineEndsASegment) {
  // Upstream drops the line break: the heading runs into the sentence after it.
  const std::string text = "第一章\n\n这是第一句话。";
  EXPECT_EQ(normalizeAndSplit(text, tokenizer()), Pieces{"第一章这是第一句话。"});
  for (const Mode mode : {Mode::ZeroShot, Mode::Instruct}) {
    PromptRequest request;
    request.mode = mode;
    request.text = text;
    request.transcript = "希望你以后能够做的比我还好呦。";
    request.instruction = "请用四川话表达。";
    const PromptTexts texts = assemblePrompt(request, tokenizer());
    EXPECT_EQ(texts.segments, (Pieces{"第一章。", "这是第一句话。"}));
    EXPECT_EQ(texts.userSegments, (Pieces{"第一章", "这是第一句话。"}));
  }
  // Without a blank line the request is split as upstream splits it.
  PromptRequest request;
  request.text = "第一章\n这是第一句话。";
  request.transcript = "希望你以后能够做的比我还好呦。";
  EXPECT_EQ(assemblePrompt(request, tokenizer()).segments, normalizeAndSplit(request.text, tokenizer()));
}

TEST(TextNormalize, ChineseRules) {
  EXPECT_EQ(normalizeText("  面积100m²，体积3m³  "), "面积100m平方，体积3m立方");
  EXPECT_EQ(normalizeText("今天 很好 ok ok 。"), "今天很好ok ok。");
  EXPECT_EQ(normalizeText("第一行\n第二行"), "第一行第二行");
  // Blanks go first, so " - " only becomes "，" between ASCII characters.
  EXPECT_EQ(normalizeText("版本A - B"), "版本A，B");
  EXPECT_EQ(normalizeText("版本1.5 - 更新"), "版本1。5 -更新");
  EXPECT_EQ(normalizeText("（注意）【重要】`代码`——好"), "注意重要代码 好");
  EXPECT_EQ(normalizeText("我们，"), "我们。");
  EXPECT_EQ(normalizeText("我们,、，"), "我们。");
}

TEST(TextNormalize, EnglishNumbersInWords) {
  EXPECT_EQ(normalizeText("I have 2 cats and 1005 dogs"), "I have two cats and one thousand and five dogs");
  EXPECT_EQ(normalizeText("In 2024, 1234567 people"),
            "In two thousand and twenty-four, one million, two hundred and thirty-four thousand, five hundred and "
            "sixty-seven people");
  EXPECT_EQ(normalizeText("3.14"), "three.fourteen");
  EXPECT_EQ(normalizeText("007 100 0 12 1000000"), "seven one hundred zero twelve one million");
  // Upstream spells out digits everywhere, CMU phone stresses included; the
  // engine leaves markup whole so the phone tokens survive.
  EXPECT_EQ(normalizeText("[M][AY0][N][AH0][T] 2"), "[M][AY0][N][AH0][T] two");
  EXPECT_EQ(normalizeText("[AY0]2[breath]3"), "[AY0]two[breath]three");
}

TEST(TextNormalize, SpecialMarkersAndSwitchOff) {
  const std::string prompt = "You are a helpful assistant.<|endofprompt|>希望你以后能够做的比我还好呦。";
  EXPECT_EQ(normalizeText(prompt), prompt);
  EXPECT_EQ(normalizeAndSplit(prompt, tokenizer()), Pieces{prompt});
  NormalizeOptions raw;
  raw.textFrontend = false;
  EXPECT_EQ(normalizeAndSplit("  1 2  ", tokenizer(), raw), Pieces{"  1 2  "});
}

TEST(TextNormalize, DropsPunctuationOnlyAndBlankText) {
  EXPECT_TRUE(normalizeAndSplit("   ", tokenizer()).empty());
  EXPECT_TRUE(normalizeAndSplit("……！！", tokenizer()).empty());
  EXPECT_TRUE(isOnlyPunctuation("。，!?$"));
  EXPECT_FALSE(isOnlyPunctuation("。a"));
  EXPECT_THROW(normalizeText("bad \xC3"), std::invalid_argument);
}

// The `long` e2e case: the official frontend cut this text into 3 pieces.
TEST(TextNormalize, MatchesOfficialLongCase) {
  const std::string text =
      "春天来了，公园里的花都开了。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们开心地玩耍。"
      "湖面上有几只白色的小船，正慢慢地划向远方。天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的"
      "事情。傍晚的时候，夕阳把整个湖面染成了金色。大家都舍不得离开，希望明天还能再来这里。回家的路上，街边的小店亮起了温暖"
      "的灯光。妈妈买了一袋刚出炉的面包，香味飘满了整条街。我们一边吃一边笑，觉得这真是美好的一天。";
  const Pieces expected = {
      "春天来了，公园里的花都开了。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们开心地玩耍。"
      "湖面上有几只白色的小船，正慢慢地划向远方。",
      "天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的事情。傍晚的时候，夕阳把整个湖面染成了金色。"
      "大家都舍不得离开，希望明天还能再来这里。",
      "回家的路上，街边的小店亮起了温暖的灯光。妈妈买了一袋刚出炉的面包，香味飘满了整条街。我们一边吃一边笑，觉得这真是美好的"
      "一天。"};
  EXPECT_EQ(normalizeAndSplit(text, tokenizer()), expected);
}

std::size_t tokens(std::string_view piece) { return tokenizer().encode(piece).size(); }

// 100 000 characters without one sentence ender (upstream: one piece, and an
// attention cache for two million positions): pieces within the bound, every
// character kept, each cut flagged. Also fast: cutting is linear in the text.
TEST(TextNormalize, LongTextWithoutEndersIsCutWithinTheBound) {
  const auto text = repeat("好", 100000);
  std::vector<bool> forced;
  const auto pieces = normalizeAndSplit(text, tokenizer(), {}, &forced);
  ASSERT_GT(pieces.size(), 100000 / kMaxPieceTokens);
  ASSERT_EQ(forced.size(), pieces.size());
  std::size_t total = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    EXPECT_LE(tokens(pieces[i]), kMaxPieceTokens) << i;
    EXPECT_EQ(forced[i], i + 1 < pieces.size()) << i;
    total += characters(pieces[i]);
  }
  EXPECT_EQ(total, 100001u);  // and the final 。
}

TEST(TextCap, CutsAtASpaceNeverInsideMarkup) {
  const auto words = repeat("hello there ", 300);
  const auto pieces = capPieceLength(words, tokens, 50);
  ASSERT_GT(pieces.size(), 1u);
  std::string joined;
  for (const CappedPiece& piece : pieces) {
    EXPECT_LE(tokens(piece.text), 50u);
    if (piece.forcedCut) EXPECT_NE(piece.text.back(), ' ');  // cut at a space, which is dropped
    EXPECT_NE(piece.text.front(), ' ');
    joined += (joined.empty() ? "" : " ") + piece.text;
  }
  EXPECT_EQ(joined, words) << "only the spaces cut at may go";
  // Markup spans longer than the rest of the bound move whole to the next piece.
  const auto marked = repeat("好", 45) + "<strong>" + repeat("好", 10) + "</strong>" + repeat("好", 45);
  std::string rejoined;
  int spans = 0;
  for (const CappedPiece& piece : capPieceLength(marked, tokens, 50)) {
    EXPECT_EQ(piece.text.find("<strong>") == std::string::npos, piece.text.find("</strong>") == std::string::npos)
        << piece.text;
    spans += piece.text.find("<strong>") != std::string::npos;
    rejoined += piece.text;
  }
  EXPECT_EQ(spans, 1);
  EXPECT_EQ(rejoined, marked);
  EXPECT_EQ(capPieceLength("短句。", tokens, 50).size(), 1u);
  EXPECT_FALSE(capPieceLength("短句。", tokens, 50).front().forcedCut);
}

// A tag pair wrapping more than the bound, or a tag never closed, would keep a
// whole book in one piece: the bound wins and the text is cut inside it.
TEST(TextCap, ATagPairOverTheBoundIsCutInside) {
  for (const std::string& text : {"<strong>" + repeat("好", 120) + "</strong>", "a <laugh> " + repeat("好", 120)}) {
    const auto pieces = capPieceLength(text, tokens, 50);
    ASSERT_GT(pieces.size(), 2u) << text;
    std::string rejoined;
    for (const CappedPiece& piece : pieces) {
      EXPECT_LE(tokens(piece.text), 50u) << piece.text;
      rejoined += piece.text;
    }
    EXPECT_EQ(rejoined, text);
  }
}

// Raw text and cross-lingual text are not split by sentence, but still bounded.
TEST(TextCap, RawAndCrossLingualTextAreBounded) {
  NormalizeOptions raw;
  raw.textFrontend = false;
  const auto text = repeat("word ", 2000);
  const auto countWords = [](const Pieces& pieces) {
    std::size_t words = 0;
    for (const auto& piece : pieces)
      for (auto at = piece.find("word"); at != std::string::npos; at = piece.find("word", at + 1)) ++words;
    return words;
  };
  const auto rawPieces = normalizeAndSplit(text, tokenizer(), raw);
  ASSERT_GT(rawPieces.size(), 1u);
  for (const auto& piece : rawPieces) EXPECT_LE(tokens(piece), kMaxPieceTokens);
  EXPECT_EQ(countWords(rawPieces), 2000u);
  const auto pieces = capToPieces(text, tokenizer());
  EXPECT_GT(pieces.size(), 1u);
  EXPECT_EQ(countWords(pieces), 2000u);
  EXPECT_EQ(capToPieces("Hello.", tokenizer()), Pieces{"Hello."});
}

}  // namespace
