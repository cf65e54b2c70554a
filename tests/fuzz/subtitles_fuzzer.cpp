// The SRT and WebVTT parser on any bytes. A file it reads is written again in
// its own format and read back: the same times and texts must come out, so
// that what the writers make the parser always takes. Dubbing takes cues only
// when they lie within the longest track it makes (kMaxDubbingMs).
#include "fuzz_support.h"

#include "cosystudio/dubbing.h"
#include "cosystudio/text/subtitles.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace text = cosystudio::text;

namespace {

bool sameCues(const std::vector<text::SubtitleCue>& a, const std::vector<text::SubtitleCue>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].startMs != b[i].startMs || a[i].endMs != b[i].endMs || a[i].text != b[i].text) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<text::SubtitleCue> cues;
  try {
    cues = text::parseSubtitles(input);
  } catch (const text::SubtitleError&) {
    return 0;  // refused, with its line
  }
  if (!cosystudio::dubbingProblem(cues, {}, {}))
    for (const text::SubtitleCue& cue : cues)
      if (std::max(cue.startMs, cue.endMs) > cosystudio::kMaxDubbingMs) {
        std::fprintf(stderr, "cue %d is dubbed past the longest track\n", cue.index);
        std::abort();
      }
  const std::string written = text::writeSubtitles(cues, text::subtitleFormatOf(input));
  try {
    if (sameCues(text::parseSubtitles(written), cues)) return 0;
    std::fprintf(stderr, "the cues written read back otherwise\n");
  } catch (const text::SubtitleError& e) {
    std::fprintf(stderr, "the cues written are refused: %s\n", e.what());
  }
  std::abort();
}
