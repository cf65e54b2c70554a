// Subtitles: SRT and WebVTT written beside exported audio, one cue per
// segment, and read back into cues from files made elsewhere. Torch-free.
#pragma once

#include "cosystudio/audio/crossfade.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cosystudio::text {

enum class SubtitleFormat { Srt, WebVtt };

// A word of a cue's text and when it is spoken (forced alignment,
// Recognizer::align), in the cue's time.
struct CueWord {
  std::string text;  // as it stands in the cue's text
  std::int64_t startMs = 0;
  std::int64_t endMs = 0;
};

// Both formats count in milliseconds, so cues do too: what is written is what
// is read back.
struct SubtitleCue {
  int index = 0;  // its number in the file (1-based); a cue without one gets its position
  std::int64_t startMs = 0;
  std::int64_t endMs = 0;
  std::string text;  // plain text, lines joined by '\n'
  // Its words in order, when known: WebVTT then times each (a <00:00:01.200>
  // timestamp before every word after the first). Not read back.
  std::vector<CueWord> words;
};

// ".srt" or ".vtt".
const char* subtitleSuffix(SubtitleFormat format);

// Cues numbered from 1 in their order (`index` is not written), times as
// HH:MM:SS,mmm. Blank lines in a cue's text are dropped: they would end it.
std::string toSrt(const std::vector<SubtitleCue>& cues);
// "WEBVTT", then the cues with times as HH:MM:SS.mmm; '&', '<' and '>' in the
// text escaped as the format asks; a cue's words timed where it has them.
std::string toWebVtt(const std::vector<SubtitleCue>& cues);
std::string writeSubtitles(const std::vector<SubtitleCue>& cues, SubtitleFormat format);
// A time as SRT writes it: HH:MM:SS,mmm.
std::string srtTime(std::int64_t ms);

// Bad input, with the 1-based line it was found on.
class SubtitleError : public std::invalid_argument {
 public:
  SubtitleError(std::size_t line, const std::string& what);
  std::size_t line() const { return line_; }

 private:
  std::size_t line_;
};

// WebVtt for a file that begins with the "WEBVTT" header (after a byte-order
// mark), else Srt.
SubtitleFormat subtitleFormatOf(std::string_view file);

// An SRT or WebVTT file (told apart by subtitleFormatOf) as cues. Takes what
// real files hold: a byte-order mark, CRLF or CR line ends, cues without an
// index or without the blank line before the next, times with a comma or a dot
// and without hours, WebVTT cue settings, NOTE, STYLE and REGION blocks. Tags
// (<i>, <font …>, <v Name>, {\an8}) are removed from the text and WebVTT's
// character references decoded. Throws SubtitleError naming the line of a
// malformed time or of text where a cue should begin.
std::vector<SubtitleCue> parseSubtitles(std::string_view file);

// A sample offset in milliseconds, rounded to the nearest (halves up).
std::int64_t samplesToMs(std::size_t samples, int sampleRate);

// One cue per segment: `spans` are where the segments lie in the audio at
// `sampleRate`, `texts` what each says. Joined segments overlap by their
// crossfade; a cue ends where the next segment begins, so cues never overlap.
std::vector<SubtitleCue> segmentCues(const std::vector<audio::SampleSpan>& spans, int sampleRate,
                                     const std::vector<std::string>& texts);

// Cues of at most `maxChars` characters, split between words at the times the
// words are spoken; the pieces are numbered again from 1. A cue without words
// stays whole, and so does a single word longer than the limit.
std::vector<SubtitleCue> splitCuesAtWords(const std::vector<SubtitleCue>& cues, std::size_t maxChars);

}  // namespace cosystudio::text
