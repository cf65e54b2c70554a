// What CosyStudio's files and API write of a take and of the engine.
//
// A made segment as CosyStudio's files and API spell it, without its samples
// (each place keeps those its own way: a WAV beside the record, or base64 in
// an event):
//   {"text", "user_text", "speech_tokens", "reached_token_cap", "made_no_speech", "warnings"}
#pragma once

#include "cosystudio/engine.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace cosystudio::services {

nlohmann::ordered_json segmentJson(const SegmentResult& segment);
// Nothing when `json` is not such a record (a field missing or of another type).
std::optional<SegmentResult> segmentFromJson(const nlohmann::ordered_json& json);

// The engine's memory: {"host_rss_bytes", "device_allocated_bytes", "device_reserved_bytes",
// "device_free_bytes", "device_total_bytes"}, and "cuda_graph_failure" when there was one.
nlohmann::ordered_json memoryJson(const MemoryStats& memory);
// A field left out or of another type reads as 0.
MemoryStats memoryFromJson(const nlohmann::ordered_json& json);

}  // namespace cosystudio::services
