// What a long job made before it stopped, kept on disk so that the next run,
// from the CLI or the window, resumes where it stopped: a book chapter's lines
// (chapter_lines.h), a script's lines, a text's segments and a dubbing's cues
// (the window's job_parts.h).
//
// A kept result is STEM.wav (float32, its segments' samples one after another,
// exactly as made) and STEM.json, written last so that a result is kept only
// whole:
//   {"key": K, "seed": S, "sample_rate": R,
//    "segments": [{"text", "user_text", "speech_tokens", "reached_token_cap",
//                  "made_no_speech", "warnings", "frames"}, …]}
// K is the caller's hash of everything the audio depends on: a result kept
// from anything else is made again. A dubbing's cue adds "speed" and
// "attempts", what it took to fit its time.
#pragma once

#include "cosystudio/dubbing.h"
#include "cosystudio/engine.h"
#include "cosystudio/script.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio::services {

// A result's JSON record: the result without the samples, and how many of
// the WAV's samples each segment has.
struct KeptRecord {
  SynthesisResult result;
  std::vector<std::size_t> frames;
};

// Nothing when `json` is not a record of key `key` (damaged, another key).
// An empty `key` takes a record of any key: to show what a folder kept.
std::optional<KeptRecord> readKeptRecord(const std::string& json, const std::string& key);
// Whether STEM.json is a record of `key`, read without its WAV.
bool isKept(const std::filesystem::path& stem, const std::string& key);
// The result kept at `stem` with its samples; nothing when it is missing,
// damaged or of another key (it is made again).
std::optional<SynthesisResult> readKeptResult(const std::filesystem::path& stem, const std::string& key);
// Keeps `result` at `stem`, its folder made when missing; a result with no
// speech at all is not kept. Throws std::runtime_error naming the file when
// it cannot be written.
void keepResult(const std::filesystem::path& stem, const std::string& key, const SynthesisResult& result);

// A dubbing's cue kept at `stem` (DubbingCueStore), as readKeptResult and
// keepResult keep a result, with the speed and the takes it was made in.
std::optional<CueSpeech> readKeptCue(const std::filesystem::path& stem, const std::string& key);
void keepCue(const std::filesystem::path& stem, const std::string& key, const CueSpeech& speech);

// The lines of a script kept in `folder` as LLLL (1-based), for renderScript
// (ScriptLineStore): a line's key is a hash of `renderKey`, the precision the
// engine computes in and the line's own text and settings.
class KeptLines {
 public:
  KeptLines(std::filesystem::path folder, std::string renderKey, Precision precision);

  // Kept lines for renderScript, and each line kept as soon as it is made.
  ScriptLineStore store() const;
  std::optional<SynthesisResult> made(int index, const ScriptLine& line) const;
  // Throws std::runtime_error naming the file when it cannot be written.
  void keep(int index, const ScriptLine& line, const SynthesisResult& result) const;
  // How many of the script's lines are kept from it (read from their records alone).
  int keptLines(const Script& script) const;

 private:
  std::string lineKey(const ScriptLine& line) const;
  std::filesystem::path stem(int index) const;

  std::filesystem::path folder_;
  std::string renderKey_;
  Precision precision_;
};

}  // namespace cosystudio::services
