// Script project files and pasted screenplay text: the JSON reader refuses bad
// files with the engine's error naming the field; the text splitter takes
// anything (invalid UTF-8 included) and gives lines of known speakers only.
#include "fuzz_support.h"

#include "cosystudio/script.h"

#include <algorithm>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const cosystudio::Script script = cosystudio::scriptFromJson(text, "/scripts");
    for (const auto& line : script.lines)
      if (!script.member(line.speaker)) std::abort();  // the reader promises a cast member for every line
  } catch (const cosystudio::EngineError&) {
    // Refused with its reason: what a bad file should get.
  }
  const std::vector<std::string> names{"Ann", "Bob", "旁白"};
  for (const auto& line : cosystudio::parseScriptText(text, names, "Narrator"))
    if (line.text.empty() || (line.speaker != "Narrator" &&
                              std::find(names.begin(), names.end(), line.speaker) == names.end()))
      std::abort();
  return 0;
}
