// What the commands that write speech (synth, book) share: the output options,
// the joined audio written as they ask, subtitles beside it, progress words,
// and Ctrl-C.
#pragma once

#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/audio/loudness.h"
#include "cosystudio/engine.h"
#include "cosystudio/recognizer.h"
#include "cosystudio/script.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cosystudio::cli {

struct AudioOutputOptions {
  std::string format = "pcm16";
  int rate = 0;          // 0: the model's
  double loudness = 0;   // LUFS; 0 = as generated
  std::string subtitles;  // "srt" or "vtt": written beside each audio file; empty: none
  std::size_t subtitleChars = 0;  // cues split between words at this length; 0: a cue per segment
  bool wordTimings = false;       // WebVTT times each word

  // Whether the subtitles need each segment's words timed (Recognizer::align).
  bool needsWords() const { return !subtitles.empty() && (subtitleChars > 0 || wordTimings); }

  // --format, --rate, --loudness, --subtitles, --subtitle-chars and
  // --word-timings; `outOption` names where the audio goes in the help.
  void addTo(CLI::App* sub, const std::string& outOption);
};

// Each segment's words timed by forced alignment of its own text with what
// the recogniser hears (seconds from the segment's start), and the cue length
// to split at; empty when the subtitles do not ask for them.
struct SubtitleWords {
  std::vector<std::vector<TimedWord>> perSegment;
  std::size_t maxChars = 0;
};

// `segments` aligned for `options`; a segment that cannot be aligned (its
// text has characters the recogniser's vocabulary lacks…) keeps a whole cue
// and is named in a warning on stderr.
SubtitleWords timedWords(const Recognizer& recognizer, const AudioOutputOptions& options,
                         const std::vector<const SegmentResult*>& segments);

// The joined audio as the options ask: at their rate, mastered as the app's export does.
struct WrittenAudio {
  audio::Clip clip;
  audio::MasteringReport mastering;
  std::optional<double> target;  // --loudness
};

// Writes `samples` (mono, `sampleRate`) to `out` atomically: WAV, or FLAC, MP3 or Ogg Opus by its suffix.
WrittenAudio writeAudioOut(const AudioOutputOptions& options, const std::filesystem::path& out,
                           const std::vector<float>& samples, int sampleRate);

// The cues of subtitles: where each lies in the joined audio, the words as
// the user wrote them, and the segments that spoke them, whose words
// timedWords() times (none where a cue is not one segment).
struct SubtitleLines {
  std::vector<audio::SampleSpan> spans;
  std::vector<std::string> texts;
  std::vector<const SegmentResult*> segments;
};

// A script's take (script.h): one cue per segment, where it lies.
SubtitleLines subtitleLines(const ScriptResult& take);

// The cues of `lines` (in the joined audio at `sampleRate`), timed by where
// they lie in `written` (that audio, maybe resampled), in a file beside `out`
// (FILE.srt or FILE.vtt by `format`); returns its path.
std::filesystem::path writeSubtitlesBeside(const std::filesystem::path& out, const std::string& format,
                                           const SubtitleLines& lines, int sampleRate, const audio::Clip& written,
                                           const SubtitleWords& words = {});

nlohmann::ordered_json masteringJson(const WrittenAudio& written);
// The loudness reached, on stdout, and a target missed, on stderr.
void printMastering(const WrittenAudio& written);

const char* stageName(Stage stage);

// While one lives, Ctrl-C (and SIGTERM, a service manager's stop, where
// caught) counts in what interruptRequested() and interruptCount() read
// (changing a lock-free atomic is all a signal handler may do); a synthesis
// polls it through SynthesisCallbacks::shouldStop.
class StopOnInterrupt {
 public:
  enum class Terminate { Default, Caught };
  explicit StopOnInterrupt(Terminate terminate = Terminate::Default);
  ~StopOnInterrupt();
  StopOnInterrupt(const StopOnInterrupt&) = delete;
  StopOnInterrupt& operator=(const StopOnInterrupt&) = delete;

 private:
  Terminate terminate_;
  void (*previous_)(int);
  void (*previousTerminate_)(int) = nullptr;
};
bool interruptRequested();
int interruptCount();

inline double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace cosystudio::cli
