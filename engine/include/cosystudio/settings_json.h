// SynthesisSettings as the fields of a JSON object: the one spelling shared by
// the window's saved queue and take sidecars and the CLI's reports.
//
//   {"mode": "zero_shot", "speed": 1.0, "seed": "1986", "stream": false, "raw_text": false,
//    "read_numbers": true, "segment_time_limit_seconds": 0}
//
// "seed" is a decimal string (64 bits do not fit a JSON number) and "raw_text"
// is the opposite of SynthesisSettings::normalize, as the first files wrote them.
#pragma once

#include "cosystudio/engine.h"

#include <optional>
#include <string>

namespace cosystudio {

// Stable names of the modes for files: "zero_shot", "cross_lingual",
// "instruct", "voice_conversion".
std::string modeId(Mode mode);
std::optional<Mode> modeFromId(const std::string& id);

// Stable names of the stages for reports a program reads: "preparing",
// "text", "speech_tokens", "mel", "waveform", "done".
std::string stageId(Stage stage);
std::optional<Stage> stageFromId(const std::string& id);

// A seed's decimal string back, or nothing when it is not one (or beyond 64 bits).
std::optional<uint64_t> seedFromId(const std::string& id);

// The settings as a JSON object's text.
std::string settingsJson(const SynthesisSettings& settings);

enum class SettingsReading {
  // Throws EngineError naming the field: "mode" or "seed" missing or not
  // readable, or any field of the wrong type.
  Strict,
  // An unreadable field keeps its default (take sidecars, which have never
  // refused one: the first ones named the mode in the window's words).
  Lenient,
};

// The settings in a JSON object's text; other fields of the object are not
// read, absent ones keep SynthesisSettings' defaults (but see Strict).
SynthesisSettings settingsFromJson(const std::string& jsonObject, SettingsReading reading = SettingsReading::Strict);

}  // namespace cosystudio
