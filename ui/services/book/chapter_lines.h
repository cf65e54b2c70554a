// The lines of a book chapter made so far by a run that stopped in it, kept
// beside the chapters so that the next run, from the CLI or the window,
// resumes at the line it stopped in (ScriptLineStore, cosystudio/script.h).
//
// In <book folder>/.lines/NN/, a line is LLLL.wav (float32, its segments'
// samples one after another, exactly as made) and LLLL.json, written last so
// that a line is kept only whole:
//   {"key": K, "seed": S, "sample_rate": R,
//    "segments": [{"text", "user_text", "speech_tokens", "reached_token_cap",
//                  "made_no_speech", "warnings", "frames"}, …]}
// K is a hash of the chapter's render key, the precision the engine computes
// in and the line's own text and settings: a line kept from anything else is
// made again.
#pragma once

#include "cosystudio/script.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio::services {

// A chapter as `cosystudio-cli book` and the window's book view make it: its
// paragraphs as the lines of a one-voice script, spoken by kChapterVoice, each
// with `instruction` (empty but in instruct mode).
constexpr const char* kChapterVoice = "narrator";
Script chapterScript(const std::string& text, const std::string& instruction);

class ChapterLines {
 public:
  ChapterLines(const std::filesystem::path& bookFolder, int chapter, std::string renderKey, Precision precision);

  // Kept lines for renderScript, and each line kept as soon as it is made.
  ScriptLineStore store() const;
  std::optional<SynthesisResult> made(int index, const ScriptLine& line) const;
  // Throws std::runtime_error naming the file when it cannot be written.
  void keep(int index, const ScriptLine& line, const SynthesisResult& result) const;
  // How many of the script's lines are kept from it (read from their records alone).
  int keptLines(const Script& script) const;
  // Forgets every line kept of a chapter: once its file is written, or when
  // it is made again on request.
  static void drop(const std::filesystem::path& bookFolder, int chapter);

  // A line's JSON record: its result without the samples, and how many of
  // the WAV's samples each segment has.
  struct Record {
    SynthesisResult result;
    std::vector<std::size_t> frames;
  };
  // Nothing when `json` is not the record of a line of key `key` (damaged,
  // another line, another key).
  static std::optional<Record> readRecord(const std::string& json, const std::string& key);

 private:
  std::string lineKey(const ScriptLine& line) const;
  std::filesystem::path file(int index, const char* suffix) const;

  std::filesystem::path folder_;
  std::string renderKey_;
  Precision precision_;
};

}  // namespace cosystudio::services
