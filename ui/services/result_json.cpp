#include "services/result_json.h"

#include <cstdint>

namespace cosystudio::services {

using Json = nlohmann::ordered_json;

Json segmentJson(const SegmentResult& segment) {
  return {{"text", segment.text},
          {"user_text", segment.userText},
          {"speech_tokens", segment.speechTokens},
          {"reached_token_cap", segment.reachedTokenCap},
          {"made_no_speech", segment.madeNoSpeech},
          {"warnings", segment.warnings}};
}

std::optional<SegmentResult> segmentFromJson(const Json& json) {
  if (!json.is_object()) return std::nullopt;
  const auto text = json.find("text"), userText = json.find("user_text"), tokens = json.find("speech_tokens"),
             cap = json.find("reached_token_cap"), silent = json.find("made_no_speech"),
             warnings = json.find("warnings"), end = json.end();
  if (text == end || !text->is_string() || userText == end || !userText->is_string() || tokens == end ||
      !tokens->is_number_unsigned() || tokens->get<uint64_t>() > uint64_t(INT32_MAX) || cap == end ||
      !cap->is_boolean() || silent == end || !silent->is_boolean() || warnings == end || !warnings->is_array())
    return std::nullopt;
  SegmentResult segment;
  segment.text = text->get<std::string>();
  segment.userText = userText->get<std::string>();
  segment.speechTokens = int(tokens->get<uint64_t>());
  segment.reachedTokenCap = cap->get<bool>();
  segment.madeNoSpeech = silent->get<bool>();
  for (const Json& warning : *warnings) {
    if (!warning.is_string()) return std::nullopt;
    segment.warnings.push_back(warning.get<std::string>());
  }
  return segment;
}

}  // namespace cosystudio::services
