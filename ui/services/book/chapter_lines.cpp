#include "services/book/chapter_lines.h"

#include <system_error>

namespace cosystudio::services {

namespace fs = std::filesystem;

Script chapterScript(const std::string& text, const std::string& instruction) {
  Script script;
  script.lines = parseScriptText(text, {}, kChapterVoice);
  for (ScriptLine& line : script.lines) line.instruction = instruction;
  return script;
}

namespace {

fs::path linesFolder(const fs::path& bookFolder, int chapter) { return bookFolder / ".lines" / std::to_string(chapter); }

}  // namespace

ChapterLines::ChapterLines(const fs::path& bookFolder, int chapter, std::string renderKey, Precision precision)
    : KeptLines(linesFolder(bookFolder, chapter), std::move(renderKey), precision) {}

void ChapterLines::drop(const fs::path& bookFolder, int chapter) {
  const fs::path folder = linesFolder(bookFolder, chapter);
  std::error_code ignored;  // nothing kept is nothing to drop
  fs::remove_all(folder, ignored);
  fs::remove(folder.parent_path(), ignored);  // only when no other chapter keeps lines
}

}  // namespace cosystudio::services
