// Scripts: pasted text into speaker lines, the project file, the cast's voices.
#include "cosystudio/script.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/request_rules.h"
#include "cosystudio/settings_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace cosystudio {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

constexpr int kFormatVersion = 1;
constexpr const char* kVoiceSuffix = ".voice";

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

// `text` at `at` starts with one of `choices`: its length in bytes, or 0.
std::size_t startsWithOneOf(const std::string& text, std::size_t at, std::initializer_list<const char*> choices) {
  for (const char* choice : choices)
    if (text.compare(at, std::strlen(choice), choice) == 0) return std::strlen(choice);
  return 0;
}

// Modes as a line's style names them: the settings' ids with hyphens (zero-shot).
std::string styleModeName(Mode mode) {
  std::string id = modeId(mode);
  std::replace(id.begin(), id.end(), '_', '-');
  return id;
}

std::optional<Mode> modeFromStyleName(std::string name) {
  std::replace(name.begin(), name.end(), '-', '_');
  const auto mode = modeFromId(name);
  return mode == Mode::VoiceConversion ? std::nullopt : mode;  // a script speaks text
}

// "1.2x" or "1.2×": a speed.
std::optional<double> styleSpeed(const std::string& item) {
  std::size_t digits = 0;
  while (digits < item.size() && (std::isdigit(static_cast<unsigned char>(item[digits])) || item[digits] == '.')) ++digits;
  const std::string rest = trimmed(item.substr(digits));
  if (digits == 0 || digits > 8 || !(rest == "x" || rest == "X" || rest == "\xC3\x97")) return std::nullopt;
  char* end = nullptr;
  const std::string number = item.substr(0, digits);
  const double speed = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size()) return std::nullopt;  // "1.2.3x"
  return speed;
}

std::size_t skipSpaces(const std::string& text, std::size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  return at;
}

[[noreturn]] void refuseField(const std::string& where, const char* field, const char* expected) {
  throw EngineError({COSYSTUDIO_MESSAGE("Engine", "in %1 of the script, \"%2\" is missing or not %3"),
                     {where, std::string(field), std::string(expected)}});
}

std::string stringField(const Json& object, const char* field, const std::string& where) {
  const auto found = object.find(field);
  if (found == object.end() || !found->is_string()) refuseField(where, field, "a text");
  return found->get<std::string>();
}

std::string lineName(std::size_t index) { return "line " + std::to_string(index + 1); }

ScriptLine lineFromJson(const Json& object, std::size_t index) {
  const std::string where = lineName(index);
  if (!object.is_object()) refuseField(where, "speaker", "an object");
  ScriptLine line;
  line.speaker = stringField(object, "speaker", where);
  line.text = stringField(object, "text", where);
  if (const auto mode = object.find("mode"); mode != object.end()) {
    line.mode = mode->is_string() ? modeFromId(mode->get<std::string>()) : std::nullopt;
    if (!line.mode || *line.mode == Mode::VoiceConversion)
      refuseField(where, "mode", "zero_shot, cross_lingual or instruct");
  }
  if (object.contains("instruction")) line.instruction = stringField(object, "instruction", where);
  if (const auto speed = object.find("speed"); speed != object.end()) {
    if (!speed->is_number()) refuseField(where, "speed", "a number");
    line.speed = speed->get<double>();
  }
  if (const auto seed = object.find("seed"); seed != object.end()) {
    line.seed = seed->is_string() ? seedFromId(seed->get<std::string>()) : std::nullopt;
    if (!line.seed) refuseField(where, "seed", "a decimal text");
  }
  return line;
}

Json lineJson(const ScriptLine& line) {
  Json object{{"speaker", line.speaker}, {"text", line.text}};
  if (line.mode) object["mode"] = modeId(*line.mode);
  if (!line.instruction.empty()) object["instruction"] = line.instruction;
  if (line.speed) object["speed"] = *line.speed;
  if (line.seed) object["seed"] = std::to_string(*line.seed);
  return object;
}

// The voice in `folder` with this fingerprint, or NAME.voice there.
std::optional<fs::path> findVoice(const CastMember& member, const fs::path& folder) {
  std::error_code error;
  std::optional<fs::path> byName;
  for (const auto& entry : fs::directory_iterator(folder, error)) {
    if (entry.path().extension() != kVoiceSuffix) continue;
    if (entry.path().stem() == member.name) byName = entry.path();
    if (member.voiceFingerprint.empty()) continue;
    try {
      if (Voice::load(entry.path()).fingerprint() == member.voiceFingerprint) return entry.path();
    } catch (const std::exception&) {
      // Not a readable voice: not the one looked for.
    }
  }
  return byName;
}

}  // namespace

LineStyle parseLineStyle(const std::string& text) {
  LineStyle style;
  std::string instruction;  // the items that are not speed, seed or mode, with the separators between them
  std::string separator;    // the one before the item being read
  std::size_t at = 0;
  while (at <= text.size()) {
    // An item ends at a comma or semicolon, ASCII or full-width (，；).
    std::size_t end = at, length = 0;
    while (end < text.size() && !(length = startsWithOneOf(text, end, {",", ";", "\xEF\xBC\x8C", "\xEF\xBC\x9B"})))
      ++end;
    const std::string part = trimmed(text.substr(at, end - at));
    if (const auto speed = styleSpeed(part)) {
      style.speed = speed;
    } else if (part.rfind("seed ", 0) == 0 && seedFromId(trimmed(part.substr(5)))) {
      style.seed = seedFromId(trimmed(part.substr(5)));
    } else if (const auto mode = modeFromStyleName(part)) {
      style.mode = mode;
    } else if (!part.empty()) {
      instruction += (instruction.empty() ? std::string() : separator) + part;
    }
    separator = text.substr(end, length);
    at = end + length + (length ? 0 : 1);  // past the separator, or past the end
  }
  style.instruction = instruction;
  if (!instruction.empty() && !style.mode) style.mode = Mode::Instruct;
  return style;
}

std::string lineStyleText(const ScriptLine& line) {
  std::vector<std::string> items;
  // The mode goes without saying when an instruction implies it.
  if (line.mode && !(*line.mode == Mode::Instruct && !line.instruction.empty()))
    items.push_back(styleModeName(*line.mode));
  if (!line.instruction.empty()) items.push_back(line.instruction);
  if (line.speed) {
    std::ostringstream speed;
    speed << *line.speed << 'x';
    items.push_back(speed.str());
  }
  if (line.seed) items.push_back("seed " + std::to_string(*line.seed));
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

std::optional<ScriptLinePrefix> scriptLinePrefix(const std::string& line, const std::vector<std::string>& names) {
  const std::size_t start = skipSpaces(line, 0);
  std::optional<ScriptLinePrefix> found;
  for (const std::string& name : names) {
    if (name.empty() || line.compare(start, name.size(), name) != 0) continue;
    std::size_t at = skipSpaces(line, start + name.size());
    std::optional<std::string> style;
    if (const std::size_t open = startsWithOneOf(line, at, {"(", "\xEF\xBC\x88"})) {  // ( or （
      const std::size_t from = at + open;
      std::size_t close = from;
      std::size_t closeLength = 0;
      while (close < line.size() && !(closeLength = startsWithOneOf(line, close, {")", "\xEF\xBC\x89"}))) ++close;
      if (!closeLength) continue;  // no closing bracket: not a prefix
      style = line.substr(from, close - from);
      at = skipSpaces(line, close + closeLength);
    }
    const std::size_t colon = startsWithOneOf(line, at, {":", "\xEF\xBC\x9A"});  // : or ：
    if (!colon) continue;
    // The longest name wins ("Ann" and "Anna" both in the cast).
    if (found && found->name.size() >= name.size()) continue;
    found = ScriptLinePrefix{name, style, skipSpaces(line, at + colon)};
  }
  return found;
}

const CastMember* Script::member(const std::string& name) const {
  const auto found = std::find_if(cast.begin(), cast.end(), [&](const CastMember& m) { return m.name == name; });
  return found == cast.end() ? nullptr : &*found;
}

std::vector<ScriptLine> parseScriptText(const std::string& text, const std::vector<std::string>& names,
                                        const std::string& narrator) {
  std::vector<ScriptLine> lines;
  ScriptLine turn;  // the speaker and style the lines take until the next prefix
  turn.speaker = narrator;
  std::istringstream in(text);
  for (std::string raw; std::getline(in, raw);) {
    std::string line = trimmed(raw);
    if (line.empty()) continue;
    if (const auto prefix = scriptLinePrefix(line, names)) {
      turn = ScriptLine{};
      turn.speaker = prefix->name;
      if (prefix->style) {
        const LineStyle style = parseLineStyle(*prefix->style);
        turn.mode = style.mode;
        turn.instruction = style.instruction;
        turn.speed = style.speed;
        turn.seed = style.seed;
      }
      line = trimmed(line.substr(prefix->length));
      if (line.empty()) continue;  // "Ann:" alone: the lines below are hers
    }
    ScriptLine scriptLine = turn;
    scriptLine.text = line;
    lines.push_back(std::move(scriptLine));
  }
  return lines;
}

std::string scriptJson(const Script& script, const fs::path& folder) {
  Json cast = Json::array();
  for (const CastMember& member : script.cast) {
    const fs::path relative = folder.empty() ? fs::path() : member.voiceFile.lexically_proximate(folder);
    const bool inside = !relative.empty() && *relative.begin() != "..";
    cast.push_back({{"name", member.name},
                    {"voice_file", (inside ? relative : member.voiceFile).generic_string()},
                    {"voice_fingerprint", member.voiceFingerprint}});
  }
  Json lines = Json::array();
  for (const ScriptLine& line : script.lines) lines.push_back(lineJson(line));
  const Json json{{"cosystudio_script", kFormatVersion},
                  {"speaker_pause_seconds", script.speakerPauseSeconds},
                  {"cast", cast},
                  {"lines", lines}};
  return json.dump(2) + "\n";
}

Script scriptFromJson(const std::string& text, const fs::path& folder) {
  Json json;
  try {
    json = Json::parse(text);
  } catch (const Json::exception& e) {  // a syntax error, or a number beyond what a double holds
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "the script is not valid JSON: %1"), {std::string(e.what())}});
  }
  if (!json.is_object() || !json.contains("cosystudio_script"))
    throw EngineError(COSYSTUDIO_MESSAGE("Engine", "this is not a CosyStudio script (no \"cosystudio_script\" field)"));
  if (json["cosystudio_script"] != kFormatVersion)
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "the script's format %1 is newer than this CosyStudio reads (%2)"),
                       {json["cosystudio_script"].dump(), std::to_string(kFormatVersion)}});
  Script script;
  if (const auto pause = json.find("speaker_pause_seconds"); pause != json.end()) {
    if (!pause->is_number() || *pause < 0 || *pause > 10)
      refuseField("the top level", "speaker_pause_seconds", "a number of seconds from 0 to 10");
    script.speakerPauseSeconds = pause->get<double>();
  }
  const auto cast = json.find("cast");
  if (cast == json.end() || !cast->is_array()) refuseField("the top level", "cast", "a list");
  for (const Json& entry : *cast) {
    const std::string where = "the cast";
    if (!entry.is_object()) refuseField(where, "name", "an object");
    CastMember member;
    member.name = stringField(entry, "name", where);
    if (member.name.empty() || script.member(member.name))
      throw EngineError({COSYSTUDIO_MESSAGE("Engine", "the script's cast names \"%1\" twice or not at all"),
                         {member.name}});
    member.voiceFile = folder / fs::path(stringField(entry, "voice_file", "the cast entry of " + member.name));
    if (entry.contains("voice_fingerprint"))
      member.voiceFingerprint = stringField(entry, "voice_fingerprint", "the cast entry of " + member.name);
    script.cast.push_back(std::move(member));
  }
  const auto lines = json.find("lines");
  if (lines == json.end() || !lines->is_array()) refuseField("the top level", "lines", "a list");
  for (std::size_t i = 0; i < lines->size(); ++i) {
    ScriptLine line = lineFromJson((*lines)[i], i);
    if (!script.member(line.speaker))
      throw EngineError({COSYSTUDIO_MESSAGE("Engine", "line %1 of the script is spoken by \"%2\", who is not in its cast"),
                         {std::to_string(i + 1), line.speaker}});
    script.lines.push_back(std::move(line));
  }
  return script;
}

Script loadScript(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "cannot read the script %1: %2"),
                       {file.string(), std::string(std::strerror(errno))}});
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return scriptFromJson(text.str(), fs::absolute(file).parent_path());
  } catch (const EngineError& e) {
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "%1: %2"), {file.string(), e.message()}});
  }
}

void saveScript(const Script& script, const fs::path& file) {
  const std::string json = scriptJson(script, fs::absolute(file).parent_path());
  writeAtomically(file, [&](const fs::path& temporary) {
    std::ofstream out(temporary, std::ios::binary);
    out << json;
    if (!out.flush()) throw std::runtime_error("cannot write " + file.string() + ": " + std::strerror(errno));
  });
}

std::map<std::string, Voice> loadCast(Script& script, const std::vector<fs::path>& searchFolders,
                                      std::vector<std::string>* warnings) {
  std::map<std::string, Voice> voices;
  std::vector<std::string> missing;
  for (CastMember& member : script.cast) {
    std::error_code error;
    if (!fs::exists(member.voiceFile, error)) {
      for (const fs::path& folder : searchFolders)
        if (const auto found = findVoice(member, folder)) {
          member.voiceFile = *found;
          if (warnings) warnings->push_back(member.name + "'s voice was found at " + found->string());
          break;
        }
    }
    if (!fs::exists(member.voiceFile, error)) {
      missing.push_back(member.name + " (" + member.voiceFile.string() + ")");
      continue;
    }
    Voice voice = Voice::load(member.voiceFile);
    if (!member.voiceFingerprint.empty() && voice.fingerprint() != member.voiceFingerprint && warnings)
      warnings->push_back(member.name + "'s voice " + member.voiceFile.string() +
                          " has changed since the script was saved");
    member.voiceFingerprint = voice.fingerprint();
    voices.emplace(member.name, std::move(voice));
  }
  if (!missing.empty()) {
    std::string names;
    for (const std::string& name : missing) names += (names.empty() ? "" : ", ") + name;
    throw EngineError({COSYSTUDIO_MESSAGE("Engine", "the voices of %1 cannot be found: re-link them"), {names}});
  }
  return voices;
}

std::optional<UserMessage> scriptProblem(const Script& script, const std::map<std::string, Voice>& voices,
                                         const SynthesisSettings& settings) {
  if (script.lines.empty()) return COSYSTUDIO_MESSAGE("Engine", "the script has no lines");
  for (std::size_t i = 0; i < script.lines.size(); ++i) {
    const ScriptLine& line = script.lines[i];
    const auto voice = voices.find(line.speaker);
    RequestOutline outline;
    outline.mode = line.mode.value_or(settings.mode);
    outline.voice = voice != voices.end() && voice->second.isValid();
    outline.text = !trimmed(line.text).empty();
    outline.transcript = outline.voice && !voice->second.transcript().empty();
    outline.instruction = !line.instruction.empty();
    outline.speed = line.speed.value_or(settings.speed);
    outline.stream = settings.stream;
    if (outline.mode == Mode::VoiceConversion)
      return UserMessage(COSYSTUDIO_MESSAGE("Engine", "line %1 of the script: a script speaks text, it cannot "
                                                      "convert a voice"),
                         {std::to_string(i + 1)});
    if (const auto problem = requestProblemMessage(requestProblem(outline), outline.speed))
      return UserMessage(COSYSTUDIO_MESSAGE("Engine", "line %1 of the script (%2): %3"),
                         {std::to_string(i + 1), line.speaker, *problem});
  }
  return std::nullopt;
}

}  // namespace cosystudio
