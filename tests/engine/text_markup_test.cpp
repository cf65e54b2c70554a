#include "cosystudio/text/markup.h"
#include "cosystudio/text/prompt.h"
#include "cosystudio/text/tokenizer.h"

#include <gtest/gtest.h>

namespace {

using namespace cosystudio::text;

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

  request.mode = SynthesisMode::CrossLingual;
  request.text = "Room 101. Hello!";
  texts = assemblePrompt(request, tokenizer);
  EXPECT_TRUE(texts.promptText.empty());
  EXPECT_EQ(texts.segments, std::vector<std::string>{"You are a helpful assistant.<|endofprompt|>Room 101. Hello!"});

  request.mode = SynthesisMode::Instruct2;
  request.instruction = "请用四川话表达。";
  request.text = "我有3个苹果";
  texts = assemblePrompt(request, tokenizer);
  EXPECT_EQ(texts.promptText, "You are a helpful assistant. 请用四川话表达。<|endofprompt|>");
  EXPECT_EQ(texts.segments, std::vector<std::string>{"我有3个苹果。"});

  request.mode = SynthesisMode::VoiceConversion;
  texts = assemblePrompt(request, tokenizer);
  EXPECT_TRUE(texts.promptText.empty());
  EXPECT_TRUE(texts.segments.empty());

  request.mode = SynthesisMode::ZeroShot;
  request.text = "你好<|endofprompt|>";
  EXPECT_THROW(assemblePrompt(request, tokenizer), std::invalid_argument);
}

}  // namespace
