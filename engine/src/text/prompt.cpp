#include "cosystudio/text/prompt.h"

#include "cosystudio/text/markup.h"
#include "text/unicode.h"

#include <stdexcept>

namespace cosystudio::text {

void requireNoControlTokens(std::string_view text, std::string_view field) {
  for (const auto& span : scanMarkup(text)) {
    if (span.kind != MarkupKind::Control) continue;
    throw std::invalid_argument(std::string(field) + " contains the control token " + span.text +
                                " at character " + std::to_string(span.charOffset) +
                                "; the engine adds the prompt prefixes itself");
  }
}

std::string katakanaTranscript(std::string_view transcript, bool* kanjiLeft) {
  // Hiragana U+3041..U+3096 and the iteration marks ゝゞ sit 0x60 below their katakana.
  constexpr char32_t kKanaOffset = 0x60;
  const std::string text = decodeUtf8Lossy(transcript);
  std::string out;
  bool kanji = false;
  for (std::size_t pos = 0; pos < text.size();) {
    char32_t cp = nextCodePoint(text, pos);
    if ((cp >= 0x3041 && cp <= 0x3096) || cp == 0x309D || cp == 0x309E) cp += kKanaOffset;
    kanji = kanji || isChineseCharacter(cp);
    appendUtf8(out, cp);
  }
  if (kanjiLeft) *kanjiLeft = kanji;
  return out;
}

std::string zeroShotPromptText(std::string_view transcript) {
  requireNoControlTokens(transcript, "the transcript");
  return std::string(kSystemPrompt) + std::string(kEndOfPromptToken) + std::string(transcript);
}

std::string crossLingualText(std::string_view text) {
  requireNoControlTokens(text, "the text");
  return std::string(kSystemPrompt) + std::string(kEndOfPromptToken) + std::string(text);
}

std::string instruct2PromptText(std::string_view instruction) {
  requireNoControlTokens(instruction, "the instruction");
  return std::string(kSystemPrompt) + " " + std::string(instruction) + std::string(kEndOfPromptToken);
}

PromptTexts assemblePrompt(const PromptRequest& request, const Tokenizer& tokenizer) {
  PromptTexts out;
  switch (request.mode) {
    case Mode::ZeroShot:
      // The prompt text holds <|endofprompt|>, so upstream's normaliser leaves it verbatim.
      out.promptText = zeroShotPromptText(request.transcript);
      requireNoControlTokens(request.text, "the text");
      out.segments = requestSegments(request.text, tokenizer, request.normalize, nullptr, &out.userSegments);
      break;
    case Mode::CrossLingual:
      // Upstream sends the whole text as one piece; it is only cut at the hard bound.
      for (std::string& piece : capToPieces(request.text, tokenizer)) {
        out.segments.push_back(crossLingualText(piece));
        out.userSegments.push_back(std::move(piece));
      }
      break;
    case Mode::Instruct:
      out.promptText = instruct2PromptText(request.instruction);
      requireNoControlTokens(request.text, "the text");
      out.segments = requestSegments(request.text, tokenizer, request.normalize, nullptr, &out.userSegments);
      break;
    case Mode::VoiceConversion:
      break;
  }
  return out;
}

}  // namespace cosystudio::text
