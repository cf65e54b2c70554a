#include "cosystudio/text/markup.h"
#include "cosystudio/text/prompt.h"
#include "cosystudio/text/tokenizer.h"

#include <gtest/gtest.h>

namespace {

using namespace cosystudio::text;
using cosystudio::Mode;

TEST(TextMarkup, KnownTokensByKind) {
  const auto spans = scanMarkup("她[h][ào]干净[breath]<strong>好</strong>[M][AY0]<|endofprompt|>");
  ASSERT_EQ(spans.size(), 8u);
  EXPECT_EQ(spans[0].text, "[h]");
  EXPECT_EQ(spans[0].kind, MarkupKind::Pinyin);
  EXPECT_EQ(spans[0].charOffset, 1u);
  EXPECT_EQ(spans[0].byteOffset, 3u);
  EXPECT_EQ(spans[1].text, "[ào]");
  EXPECT_EQ(spans[1].kind, MarkupKind::Pinyin);
  EXPECT_EQ(spans[1].charLength, 4u);
  EXPECT_EQ(spans[2].kind, MarkupKind::Paralinguistic);
  EXPECT_EQ(spans[2].charOffset, 10u);
  EXPECT_EQ(spans[3].text, "<strong>");
  EXPECT_EQ(spans[4].text, "</strong>");
  EXPECT_EQ(spans[5].kind, MarkupKind::CmuPhone);
  EXPECT_EQ(spans[6].text, "[AY0]");
  EXPECT_EQ(spans[7].kind, MarkupKind::Control);
  EXPECT_TRUE(unknownMarkup("她[h][ào]干净").empty());
}

TEST(TextMarkup, UnknownSpansWithPositions) {
  const auto spans = unknownMarkup("好[Breath]的[ao4]，<laugh>x</Strong> [a\u0300o] <|endofprompt>");
  ASSERT_EQ(spans.size(), 6u);
  EXPECT_EQ(spans[0].text, "[Breath]");
  EXPECT_EQ(spans[0].charOffset, 1u);
  EXPECT_EQ(spans[1].text, "[ao4]");
  EXPECT_EQ(spans[1].charOffset, 10u);
  EXPECT_EQ(spans[2].text, "<laugh>");
  EXPECT_EQ(spans[3].text, "</Strong>");
  EXPECT_EQ(spans[4].text, "[a\u0300o]");  // decomposed: not the token [ào]
  EXPECT_EQ(spans[5].text, "<|endofprompt>");
}

TEST(TextMarkup, PlainBracketsAndComparisonsAreNotMarkup) {
  EXPECT_TRUE(scanMarkup("a < b > c, [] and [unclosed").empty());
  EXPECT_TRUE(scanMarkup("").empty());
  EXPECT_EQ(markupKind("[sigh]"), MarkupKind::Paralinguistic);
  EXPECT_EQ(markupKind("[SIGH]"), MarkupKind::Unknown);
}

TEST(TextMarkup, Utf16OffsetsCountSurrogatePairs) {
  // 😀 is one code point and two UTF-16 units, 👍🏽 two of each, 好 one.
  const auto spans = scanMarkup("😀好[breath]👍🏽<strong>[😀]");
  ASSERT_EQ(spans.size(), 3u);
  EXPECT_EQ(spans[0].charOffset, 2u);
  EXPECT_EQ(spans[0].utf16Offset, 3u);
  EXPECT_EQ(spans[0].utf16Length, 8u);
  EXPECT_EQ(spans[1].byteOffset, 23u);
  EXPECT_EQ(spans[1].charOffset, 12u);
  EXPECT_EQ(spans[1].utf16Offset, 15u);
  EXPECT_EQ(spans[2].kind, MarkupKind::Unknown);
  EXPECT_EQ(spans[2].utf16Offset, 23u);
  EXPECT_EQ(spans[2].charLength, 3u);
  EXPECT_EQ(spans[2].utf16Length, 4u);
}

// The shapes the editor relies on when it shows markup.
TEST(TextMarkup, UnclosedNestedAndOverlongBrackets) {
  const auto found = [](std::string_view text) {
    std::vector<std::string> spans;
    for (const auto& span : scanMarkup(text)) spans.push_back(span.text);
    return spans;
  };
  using Spans = std::vector<std::string>;
  EXPECT_EQ(found("[h[breath]ào]"), Spans{"[breath]"});  // a tag inside pinyin brackets
  EXPECT_EQ(found("[breath <strong [h][ào"), Spans{"[h]"});
  EXPECT_EQ(found("[a b] [a\nb] <strong\n>"), Spans{"[a b]"});
  const std::string inside(47, 'x');
  EXPECT_EQ(found("[" + inside + "]"), Spans{"[" + inside + "]"});
  EXPECT_TRUE(found("[x" + inside + "]").empty());
  // 15 Chinese characters are 45 bytes, 16 are 48.
  EXPECT_EQ(found("[一二三四五六七八九十一二三四五]").size(), 1u);
  EXPECT_TRUE(found("[一二三四五六七八九十一二三四五六]").empty());
  const auto mixed = scanMarkup("say [M][AY1] 和 [h][ǎo]<laughter>[Laughter]</laughter>");
  ASSERT_EQ(mixed.size(), 7u);
  EXPECT_EQ(mixed[1].kind, MarkupKind::CmuPhone);
  EXPECT_EQ(mixed[3].kind, MarkupKind::Pinyin);
  EXPECT_EQ(mixed[4].kind, MarkupKind::Paralinguistic);
  EXPECT_EQ(mixed[5].kind, MarkupKind::Unknown);
  EXPECT_EQ(mixed[6].text, "</laughter>");
}

TEST(TextPrompt, PrefixesPerMode) {
  EXPECT_EQ(zeroShotPromptText("希望你以后能够做的比我还好呦。"),
            "You are a helpful assistant.<|endofprompt|>希望你以后能够做的比我还好呦。");
  EXPECT_EQ(instruct2PromptText("请用四川话表达。"), "You are a helpful assistant. 请用四川话表达。<|endofprompt|>");
  EXPECT_EQ(crossLingualText("Hello!"), "You are a helpful assistant.<|endofprompt|>Hello!");
}

TEST(TextPrompt, RejectsControlTokensInUserText) {
  EXPECT_THROW(zeroShotPromptText("hi<|endofprompt|>"), std::invalid_argument);
  EXPECT_THROW(instruct2PromptText("<|im_start|>x"), std::invalid_argument);
  EXPECT_THROW(crossLingualText("a<|endoftext|>"), std::invalid_argument);
  try {
    crossLingualText("ab<|endofsystem|>");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("<|endofsystem|> at character 2"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(zeroShotPromptText("她[h][ào]干净[breath]"));
}

TEST(TextPrompt, AssemblesEachMode) {
  const auto tokenizer = Tokenizer::load(std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "tokenizer" / "vocab");
  PromptRequest request;
  request.text = "收到好友从远方寄来的生日礼物";
  request.transcript = "希望你以后能够做的比我还好呦。";
  auto texts = assemblePrompt(request, tokenizer);
  EXPECT_EQ(texts.promptText, "You are a helpful assistant.<|endofprompt|>希望你以后能够做的比我还好呦。");
  EXPECT_EQ(texts.segments, std::vector<std::string>{"收到好友从远方寄来的生日礼物。"});

  request.mode = Mode::CrossLingual;
  request.text = "Room 101. Hello!";
  texts = assemblePrompt(request, tokenizer);
  EXPECT_TRUE(texts.promptText.empty());
  EXPECT_EQ(texts.segments, std::vector<std::string>{"You are a helpful assistant.<|endofprompt|>Room 101. Hello!"});

  request.mode = Mode::Instruct;
  request.instruction = "请用四川话表达。";
  request.text = "我有3个苹果";
  texts = assemblePrompt(request, tokenizer);
  EXPECT_EQ(texts.promptText, "You are a helpful assistant. 请用四川话表达。<|endofprompt|>");
  EXPECT_EQ(texts.segments, std::vector<std::string>{"我有3个苹果。"});

  request.mode = Mode::VoiceConversion;
  texts = assemblePrompt(request, tokenizer);
  EXPECT_TRUE(texts.promptText.empty());
  EXPECT_TRUE(texts.segments.empty());

  request.mode = Mode::ZeroShot;
  request.text = "你好<|endofprompt|>";
  EXPECT_THROW(assemblePrompt(request, tokenizer), std::invalid_argument);
}

}  // namespace

// Japanese prompt transcripts in katakana (spec §3.3): hiragana converted,
// kanji kept and reported, everything else untouched.
TEST(TextPrompt, JapaneseTranscriptInKatakana) {
  bool kanji = true;
  EXPECT_EQ(cosystudio::text::katakanaTranscript("こんにちは、ゝゞ。カタカナ abc", &kanji), "コンニチハ、ヽヾ。カタカナ abc");
  EXPECT_FALSE(kanji);
  EXPECT_EQ(cosystudio::text::katakanaTranscript("今日はいい天気", &kanji), "今日ハイイ天気");
  EXPECT_TRUE(kanji);
}
