// Scripts: text cast with several voices, one line per speaker turn, each with
// its own style, rendered as one take.
//
// Pasted text names its speakers like a screenplay, `Name: text` (ASCII or
// full-width colon), and may give a line a style of its own in brackets after
// the name, `Bob (请用四川话表达。, 1.2x, seed 7): text` (the style items below);
// a script is kept as a small JSON project file so that a
// chapter can be finished over several days:
//
//   {"cosystudio_script": 1,
//    "speaker_pause_seconds": 0.4,
//    "cast": [{"name": "Ann", "voice_file": "voices/ann.voice", "voice_fingerprint": "9f0c…"}],
//    "lines": [{"speaker": "Ann", "text": "你好。"},
//              {"speaker": "Ann", "text": "再见。", "mode": "instruct",
//               "instruction": "请用四川话表达。", "speed": 1.1, "seed": "7"}]}
//
// A voice file is named relative to the project file's folder (absolute when
// it lies elsewhere) and identified by Voice::fingerprint(), so that a voice
// moved or renamed since can be found again and a changed one is noticed.
// "mode", "instruction", "speed" and "seed" of a line are optional: absent,
// the line takes the render's settings ("seed" a decimal string, as in
// settings_json.h).
#pragma once

#include "cosystudio/checked_synthesis.h"
#include "cosystudio/engine.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio {

struct CastMember {
  std::string name;
  std::filesystem::path voiceFile;  // absolute once loaded
  std::string voiceFingerprint;     // Voice::fingerprint() when the script was saved; empty: not known
};

struct ScriptLine {
  std::string speaker;  // a CastMember::name
  std::string text;
  std::optional<Mode> mode;
  std::string instruction;  // Instruct mode
  std::optional<double> speed;
  std::optional<uint64_t> seed;
};

struct Script {
  std::vector<CastMember> cast;
  std::vector<ScriptLine> lines;
  double speakerPauseSeconds = 0.4;  // silence where the speaker changes

  const CastMember* member(const std::string& name) const;
};

// A line's style in pasted text, the items between the brackets separated by
// commas or semicolons (ASCII or full-width): `1.2x` or `1.2×` the speed,
// `seed 7` the seed, `zero-shot`, `cross-lingual` or `instruct` the mode, and
// whatever else the instruction (Instruct mode unless a mode is named).
struct LineStyle {
  std::optional<Mode> mode;
  std::string instruction;
  std::optional<double> speed;
  std::optional<uint64_t> seed;
};
LineStyle parseLineStyle(const std::string& text);
// The style of `line` as parseLineStyle reads it back; empty when it has none.
std::string lineStyleText(const ScriptLine& line);

// Where a line's `Name:` or `Name (style):` prefix ends (bytes), when Name is in `names`.
struct ScriptLinePrefix {
  std::string name;
  std::optional<std::string> style;  // the text between the brackets
  std::size_t length = 0;            // the prefix with the colon and the spaces after it
};
std::optional<ScriptLinePrefix> scriptLinePrefix(const std::string& line, const std::vector<std::string>& names);

// Splits pasted text into lines: a line that starts with a cast member's name
// (and a style) and a colon is theirs; any other non-blank line continues the
// speaker and style before it (the first ones speak as `narrator`). A colon
// after a name not in `names` is text ("Note: …" stays a sentence).
std::vector<ScriptLine> parseScriptText(const std::string& text, const std::vector<std::string>& names,
                                        const std::string& narrator);

// The project file's text; voice files are written relative to `folder` (an
// empty one: as they are).
std::string scriptJson(const Script& script, const std::filesystem::path& folder);
// Reads a project file's text; relative voice files are taken from `folder`
// (an empty one: as they are).
// Throws EngineError naming the field (and the line) that is wrong.
Script scriptFromJson(const std::string& json, const std::filesystem::path& folder);
Script loadScript(const std::filesystem::path& file);
void saveScript(const Script& script, const std::filesystem::path& file);

// The cast's voices, loaded from their files. A file that is missing is looked
// for in `searchFolders` by its fingerprint (then by NAME.voice), and the
// member re-linked to what was found. Throws EngineError naming every member
// whose voice cannot be found; a voice whose fingerprint changed is used and
// named in `warnings`.
std::map<std::string, Voice> loadCast(Script& script, const std::vector<std::filesystem::path>& searchFolders,
                                      std::vector<std::string>* warnings);

// Every line checked against the request rules (request_rules.h) with its
// settings and its speaker's voice: the first line that cannot be made, named
// with its number. Nothing when the script can be rendered.
std::optional<UserMessage> scriptProblem(const Script& script, const std::map<std::string, Voice>& voices,
                                         const SynthesisSettings& settings);

struct ScriptSegment {
  int line = 0;  // 0-based index into Script::lines
  std::string speaker;
  uint64_t seed = 0;
  SegmentResult result;
  // What listening found (ScriptListening), when the line was made with it.
  std::optional<SegmentCheck> check;
  // Where it lies in ScriptResult::samples, in samples (crossfades and pauses counted).
  std::size_t begin = 0, end = 0;
  // Its warnings, each naming its speaker and line: the engine numbers the
  // segments of each line's request from 1.
  std::vector<std::string> warnings() const;
};

struct ScriptResult {
  std::vector<ScriptSegment> segments;
  std::vector<float> samples;  // the lines joined with the engine's crossfade, a pause where the speaker changes
  int sampleRate = 24000;
  double totalSeconds = 0;
  double realTimeFactor() const;
  std::vector<std::string> warnings() const;
  // 0-based lines with a segment whose kept try still fails its check.
  std::vector<int> linesStillFailing() const;
};

// Listening to every line as it is made (checked_synthesis.h): a failing
// segment is made again up to `retakes` times. Lines kept from an earlier run
// (ScriptLineStore) were listened to when they were made.
struct ScriptListening {
  const Recognizer* recognizer = nullptr;  // none: the lines are not listened to
  CheckThresholds thresholds;
  int retakes = 2;
};

// Lines made by an earlier run of the same script, kept by the caller so that
// a run that stopped halfway (a book chapter) resumes at the line it stopped
// in. A line's result depends on nothing but its own text, settings and voice
// (each request is seeded afresh), so a kept line is the line an
// uninterrupted run makes. `made(i, line)` gives line i's result when one
// was kept from that very line; `keep(i, line, result)` is given each line as
// soon as it is made.
struct ScriptLineStore {
  std::function<std::optional<SynthesisResult>(int index, const ScriptLine& line)> made;
  std::function<void(int index, const ScriptLine& line, const SynthesisResult& result)> keep;
};

// Line by line through `speech`; `settings` for what a line does not set.
// `onLine` is told before each line (0-based index), kept ones too. Throws
// what Engine::synthesize throws (Cancelled through callbacks.shouldStop).
ScriptResult renderScript(SpeechMaker& speech, const Script& script, const std::map<std::string, Voice>& voices,
                          const SynthesisSettings& settings, const SynthesisCallbacks& callbacks = {},
                          const std::function<void(int line)>& onLine = {}, const ScriptLineStore& store = {},
                          const ScriptListening& listening = {});

}  // namespace cosystudio
