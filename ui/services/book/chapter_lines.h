// The lines of a book chapter made so far by a run that stopped in it, kept
// beside the chapters so that the next run, from the CLI or the window,
// resumes at the line it stopped in (ScriptLineStore, cosystudio/script.h).
//
// In <book folder>/.lines/NN/, a line is kept as LLLL.wav and LLLL.json
// (kept_results.h), its key a hash of the chapter's render key, the precision
// the engine computes in and the line's own text and settings.
#pragma once

#include "services/kept_results.h"

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

class ChapterLines : public KeptLines {
 public:
  ChapterLines(const std::filesystem::path& bookFolder, int chapter, std::string renderKey, Precision precision);
  // Forgets every line kept of a chapter: once its file is written, or when
  // it is made again on request.
  static void drop(const std::filesystem::path& bookFolder, int chapter);
};

}  // namespace cosystudio::services
