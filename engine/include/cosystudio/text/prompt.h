// What each CosyVoice3 mode feeds the LLM as text (spec §3.4). The system and
// instruction prefixes are built here, never typed by the user: control tokens
// (<|endofprompt|>, <|endoftext|>, …) in user text are rejected, so a prefix
// can be neither duplicated nor broken.
#pragma once

#include "cosystudio/mode.h"
#include "cosystudio/text/text_normalize.h"

#include <string>
#include <string_view>
#include <vector>

namespace cosystudio::text {

class Tokenizer;

inline constexpr std::string_view kSystemPrompt = "You are a helpful assistant.";
inline constexpr std::string_view kEndOfPromptToken = "<|endofprompt|>";

// Throws std::invalid_argument naming `field`, the control token and its
// character position when `text` contains one.
void requireNoControlTokens(std::string_view text, std::string_view field);

// "You are a helpful assistant.<|endofprompt|>" + transcript of the prompt clip.
std::string zeroShotPromptText(std::string_view transcript);
// A Japanese transcript as the model needs it: CosyVoice3 reads Japanese in
// katakana (spec §3.3), so its hiragana are written as katakana. Kanji stay
// (only a dictionary knows their reading): `kanjiLeft`, when given, says
// whether any did, so that the user can be asked to write them in katakana.
std::string katakanaTranscript(std::string_view transcript, bool* kanjiLeft = nullptr);

// "You are a helpful assistant.<|endofprompt|>" + text (the whole text is one piece).
std::string crossLingualText(std::string_view text);
// "You are a helpful assistant. " + instruction + "<|endofprompt|>".
std::string instruct2PromptText(std::string_view instruction);

struct PromptRequest {
  Mode mode = Mode::ZeroShot;
  std::string text;         // what to say (unused for voice conversion)
  std::string transcript;   // zero-shot: what the prompt clip says
  std::string instruction;  // instruct2: e.g. "请用四川话表达。"
  NormalizeOptions normalize;
};

struct PromptTexts {
  std::string promptText;             // LLM prompt text (empty: none)
  std::vector<std::string> segments;  // synthesised one after another (empty for voice conversion)
  // Beside each segment, the user's words it was made from (userTextOfPieces;
  // cross-lingual: the piece without the system prompt).
  std::vector<std::string> userSegments;
};

// The official frontend_* text inputs for a request: zero-shot and instruct2
// normalise and split the text; cross-lingual keeps it whole and verbatim.
PromptTexts assemblePrompt(const PromptRequest& request, const Tokenizer& tokenizer);

}  // namespace cosystudio::text
