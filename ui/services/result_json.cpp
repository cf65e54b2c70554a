#include "services/result_json.h"

#include <cstdint>
#include <utility>

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

namespace {

// The memory's fields by name, for writing and reading alike.
constexpr std::pair<const char*, int64_t MemoryStats::*> kMemoryFields[] = {
    {"host_rss_bytes", &MemoryStats::hostResident},
    {"device_allocated_bytes", &MemoryStats::deviceAllocated},
    {"device_reserved_bytes", &MemoryStats::deviceReserved},
    {"device_free_bytes", &MemoryStats::deviceFree},
    {"device_total_bytes", &MemoryStats::deviceTotal}};

}  // namespace

Json memoryJson(const MemoryStats& memory) {
  Json json = Json::object();
  for (const auto& [name, field] : kMemoryFields) json[name] = memory.*field;
  if (!memory.cudaGraphFailure.empty()) json["cuda_graph_failure"] = memory.cudaGraphFailure;
  return json;
}

MemoryStats memoryFromJson(const Json& json) {
  MemoryStats memory;
  if (!json.is_object()) return memory;
  for (const auto& [name, field] : kMemoryFields)
    if (const auto value = json.find(name); value != json.end() && value->is_number_integer())
      memory.*field = value->get<int64_t>();
  if (const auto failure = json.find("cuda_graph_failure"); failure != json.end() && failure->is_string())
    memory.cudaGraphFailure = failure->get<std::string>();
  return memory;
}

}  // namespace cosystudio::services
