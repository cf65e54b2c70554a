#include "cosystudio/settings_json.h"

#include <nlohmann/json.hpp>

namespace cosystudio {

namespace {

using Json = nlohmann::json;

// One field into `target`: absent leaves it alone; unreadable throws when
// strict and leaves it alone otherwise.
template <typename T, typename Convert>
void readField(const Json& object, const char* name, T& target, SettingsReading reading, Convert convert) {
  const auto found = object.find(name);
  if (found == object.end()) return;
  if (std::optional<T> value = convert(*found)) {
    target = *value;
  } else if (reading == SettingsReading::Strict) {
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "the setting \"%1\" cannot be read: %2"),
                       {std::string(name), found->dump()}});
  }
}

template <typename T>
std::optional<T> plain(const Json& value) {
  if constexpr (std::is_same_v<T, bool>) {
    if (value.is_boolean()) return value.get<bool>();
  } else if (value.is_number()) {
    return value.get<T>();
  }
  return std::nullopt;
}

std::optional<uint64_t> decimalSeed(const Json& value) {
  if (!value.is_string()) return std::nullopt;
  return seedFromId(value.get<std::string>());
}

}  // namespace

std::optional<uint64_t> seedFromId(const std::string& id) {
  if (id.empty() || id.size() > 20 || id.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  try {
    return std::stoull(id);
  } catch (const std::out_of_range&) {
    return std::nullopt;
  }
}

std::string modeId(Mode mode) {
  switch (mode) {
    case Mode::ZeroShot: return "zero_shot";
    case Mode::CrossLingual: return "cross_lingual";
    case Mode::Instruct: return "instruct";
    case Mode::VoiceConversion: return "voice_conversion";
  }
  return {};
}

std::string stageId(Stage stage) {
  switch (stage) {
    case Stage::Preparing: return "preparing";
    case Stage::Text: return "text";
    case Stage::SpeechTokens: return "speech_tokens";
    case Stage::Mel: return "mel";
    case Stage::Waveform: return "waveform";
    case Stage::Done: return "done";
  }
  return {};
}

std::optional<Stage> stageFromId(const std::string& id) {
  for (Stage stage : {Stage::Preparing, Stage::Text, Stage::SpeechTokens, Stage::Mel, Stage::Waveform, Stage::Done})
    if (stageId(stage) == id) return stage;
  return std::nullopt;
}

std::optional<Mode> modeFromId(const std::string& id) {
  for (Mode mode : {Mode::ZeroShot, Mode::CrossLingual, Mode::Instruct, Mode::VoiceConversion})
    if (modeId(mode) == id) return mode;
  return std::nullopt;
}

std::string settingsJson(const SynthesisSettings& s) {
  return Json{
      {"mode", modeId(s.mode)},
      {"speed", s.speed},
      {"seed", std::to_string(s.seed)},
      {"stream", s.stream},
      {"raw_text", !s.normalize},
      {"read_numbers", s.readNumbers},
      {"segment_time_limit_seconds", s.segmentTimeLimitSeconds},
  }.dump();
}

SynthesisSettings settingsFromJson(const std::string& jsonObject, SettingsReading reading) {
  const Json object = Json::parse(jsonObject, nullptr, /*allow_exceptions=*/false);
  if (!object.is_object()) throw EngineError(COSYSTUDIO_MESSAGE("Engine", "the settings are not a JSON object"));
  if (reading == SettingsReading::Strict)
    for (const char* required : {"mode", "seed"})
      if (!object.contains(required))
        throw EngineError({COSYSTUDIO_MESSAGE("Engine", "the setting \"%1\" is missing"), {std::string(required)}});
  SynthesisSettings s;
  readField(object, "mode", s.mode, reading, [](const Json& v) {
    return v.is_string() ? modeFromId(v.get<std::string>()) : std::nullopt;
  });
  readField(object, "speed", s.speed, reading, plain<double>);
  readField(object, "seed", s.seed, reading, decimalSeed);
  readField(object, "stream", s.stream, reading, plain<bool>);
  bool raw = !s.normalize;
  readField(object, "raw_text", raw, reading, plain<bool>);
  s.normalize = !raw;
  readField(object, "read_numbers", s.readNumbers, reading, plain<bool>);
  readField(object, "segment_time_limit_seconds", s.segmentTimeLimitSeconds, reading, plain<double>);
  return s;
}

}  // namespace cosystudio
