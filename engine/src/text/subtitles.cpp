#include "cosystudio/text/subtitles.h"

#include "text/unicode.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <optional>

namespace cosystudio::text {
namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
constexpr std::string_view kArrow = "-->";

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

bool isSpace(char c) { return c == ' ' || c == '\t'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  return text;
}

bool isBlank(std::string_view line) { return trimmed(line).empty(); }

// LF, CRLF and CR all end a line.
std::vector<std::string_view> linesOf(std::string_view file) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < file.size(); ++i) {
    if (file[i] != '\n' && file[i] != '\r') continue;
    lines.push_back(file.substr(start, i - start));
    if (file[i] == '\r' && i + 1 < file.size() && file[i + 1] == '\n') ++i;
    start = i + 1;
  }
  if (start < file.size()) lines.push_back(file.substr(start));
  return lines;
}

// HH:MM:SS,mmm (SRT) or HH:MM:SS.mmm (WebVTT).
std::string formatTime(std::int64_t ms, char decimalMark) {
  ms = std::max<std::int64_t>(ms, 0);
  char text[48];
  std::snprintf(text, sizeof text, "%02" PRId64 ":%02" PRId64 ":%02" PRId64 "%c%03" PRId64, ms / 3'600'000,
                ms / 60'000 % 60, ms / 1000 % 60, decimalMark, ms % 1000);
  return text;
}

// The text's lines without the blank ones, which would end the cue.
std::vector<std::string_view> cueLines(std::string_view text) {
  std::vector<std::string_view> lines = linesOf(text);
  lines.erase(std::remove_if(lines.begin(), lines.end(), isBlank), lines.end());
  return lines;
}

std::string escapedForWebVtt(std::string_view line) {
  std::string out;
  for (const char c : line) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      default: out += c;
    }
  }
  return out;
}

// How the two formats differ in writing.
struct Dialect {
  const char* header;
  bool numbered;  // SRT numbers its cues
  char decimalMark;
  std::string (*lineOf)(std::string_view);  // a line of text as written
};

constexpr Dialect kSrt{"", true, ',', [](std::string_view line) { return std::string(line); }};
constexpr Dialect kWebVtt{"WEBVTT\n\n", false, '.', escapedForWebVtt};

// Where each of `words` stands in `text`, in order; empty when one is not found.
std::vector<std::size_t> wordOffsets(std::string_view text, const std::vector<CueWord>& words) {
  std::vector<std::size_t> offsets;
  std::size_t from = 0;
  for (const CueWord& word : words) {
    const std::size_t at = text.find(word.text, from);
    if (word.text.empty() || at == std::string_view::npos) return {};
    offsets.push_back(at);
    from = at + word.text.size();
  }
  return offsets;
}

// A WebVTT cue text with a timestamp before each word after the first (WebVTT
// cue timestamps), each line escaped; the plain text where a word is not found.
std::string timedWebVttText(const SubtitleCue& cue, const Dialect& dialect) {
  const std::vector<std::size_t> offsets = wordOffsets(cue.text, cue.words);
  std::string out;
  std::size_t at = 0;
  const auto append = [&](std::string_view piece) {
    const std::vector<std::string_view> lines = cueLines(piece);
    for (std::size_t k = 0; k < lines.size(); ++k) out += (k ? "\n" : "") + dialect.lineOf(lines[k]);
  };
  for (std::size_t k = 1; k < offsets.size(); ++k) {
    append(std::string_view(cue.text).substr(at, offsets[k] - at));
    out += "<" + formatTime(cue.words[k].startMs, dialect.decimalMark) + ">";
    at = offsets[k];
  }
  append(std::string_view(cue.text).substr(at));
  return out + "\n";
}

std::string writeCues(const std::vector<SubtitleCue>& cues, const Dialect& dialect) {
  std::string out = dialect.header;
  for (std::size_t i = 0; i < cues.size(); ++i) {
    if (dialect.numbered) out += std::to_string(i + 1) + "\n";
    out += formatTime(cues[i].startMs, dialect.decimalMark) + " --> " + formatTime(cues[i].endMs, dialect.decimalMark) +
           "\n";
    if (&dialect == &kWebVtt && cues[i].words.size() > 1 && !wordOffsets(cues[i].text, cues[i].words).empty())
      out += timedWebVttText(cues[i], dialect);
    else
      for (const std::string_view line : cueLines(cues[i].text)) out += dialect.lineOf(line) + "\n";
    out += "\n";
  }
  return out;
}

// ---- reading ----

// A run of 1 to 9 digits (more would not fit the arithmetic); nullopt otherwise.
std::optional<std::int64_t> readNumber(std::string_view text, std::size_t& pos, std::size_t* digits = nullptr) {
  const std::size_t start = pos;
  std::int64_t value = 0;
  while (pos < text.size() && isDigit(text[pos]) && pos - start < 9) value = value * 10 + (text[pos++] - '0');
  if (pos == start || (pos < text.size() && isDigit(text[pos]))) return std::nullopt;
  if (digits) *digits = pos - start;
  return value;
}

// "[H:]MM:SS[,.]mmm" at `pos` in milliseconds; the fraction may have 1 to 9
// digits (beyond the third they are dropped) or be missing.
std::optional<std::int64_t> readTime(std::string_view text, std::size_t& pos) {
  std::vector<std::int64_t> fields;
  for (;;) {
    const auto field = readNumber(text, pos);
    if (!field) return std::nullopt;
    fields.push_back(*field);
    if (fields.size() == 3 || pos >= text.size() || text[pos] != ':') break;
    ++pos;
  }
  if (fields.size() < 2) return std::nullopt;
  const std::int64_t seconds = fields.back(), minutes = fields[fields.size() - 2];
  const std::int64_t hours = fields.size() == 3 ? fields[0] : 0;
  if (seconds >= 60 || minutes >= 60) return std::nullopt;
  std::int64_t ms = 0;
  if (pos < text.size() && (text[pos] == ',' || text[pos] == '.')) {
    ++pos;
    std::size_t digits = 0;
    const std::size_t start = pos;
    if (!readNumber(text, pos, &digits)) return std::nullopt;
    for (std::size_t i = 0; i < 3; ++i) ms = ms * 10 + (i < digits ? text[start + i] - '0' : 0);
  }
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
}

bool isTimingLine(std::string_view line) { return line.find(kArrow) != std::string_view::npos; }

// Shown in an error: the start of the line, cut between two characters.
std::string quoted(std::string_view line) {
  constexpr std::size_t kShown = 40;
  if (line.size() <= kShown) return "\"" + std::string(line) + "\"";
  std::size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
  return "\"" + std::string(line.substr(0, cut)) + "…\"";
}

// "start --> end", then maybe WebVTT cue settings (ignored).
void readTimes(std::string_view line, std::size_t lineNumber, SubtitleCue& cue) {
  const std::string_view times = trimmed(line);
  const auto malformed = [&] {
    return SubtitleError(lineNumber, "the times " + quoted(times) +
                                         " are not \"00:00:01,000 --> 00:00:04,000\" (or with dots)");
  };
  std::size_t pos = 0;
  const auto start = readTime(times, pos);
  while (pos < times.size() && isSpace(times[pos])) ++pos;
  if (!start || !startsWith(times.substr(pos), kArrow)) throw malformed();
  pos += kArrow.size();
  while (pos < times.size() && isSpace(times[pos])) ++pos;
  const auto end = readTime(times, pos);
  if (!end || (pos < times.size() && !isSpace(times[pos]))) throw malformed();
  if (*end < *start) throw SubtitleError(lineNumber, "the cue " + quoted(times) + " ends before it starts");
  cue.startMs = *start;
  cue.endMs = *end;
}

// A cue's number: digits alone.
std::optional<int> indexOf(std::string_view line) {
  const std::string_view digits = trimmed(line);
  std::size_t pos = 0;
  const auto number = readNumber(digits, pos);
  if (!number || pos != digits.size()) return std::nullopt;
  return int(*number);
}

// `line` without its spans from `open` to the next `close`; an `open`
// without a `close` after it stays.
std::string withoutSpans(std::string_view line, std::string_view open, char close) {
  std::string out;
  for (std::size_t pos = 0; pos < line.size();) {
    const std::size_t end = startsWith(line.substr(pos), open) ? line.find(close, pos) : std::string_view::npos;
    if (end == std::string_view::npos) {
      out += line[pos++];
      continue;
    }
    pos = end + 1;
  }
  return out;
}

// Without <…> tags (<i>, </b>, <font color=…>, <v Name>, <00:00:01.000>), then
// without {\…} override codes: in this order no new tag can form, so the text
// reads the same when written and read again.
std::string withoutTags(std::string_view line) { return withoutSpans(withoutSpans(line, "<", '>'), "{\\", '}'); }

// WebVTT's named character references.
std::string decodedReferences(std::string_view line) {
  static constexpr std::pair<std::string_view, std::string_view> kReferences[] = {
      {"&amp;", "&"},  {"&lt;", "<"},        {"&gt;", ">"},     {"&quot;", "\""},
      {"&apos;", "'"}, {"&nbsp;", "\u00A0"}, {"&lrm;", "\u200E"}, {"&rlm;", "\u200F"}};
  std::string out;
  for (std::size_t pos = 0; pos < line.size();) {
    const auto reference = std::find_if(std::begin(kReferences), std::end(kReferences),
                                        [&](const auto& r) { return startsWith(line.substr(pos), r.first); });
    if (reference == std::end(kReferences)) {
      out += line[pos++];
      continue;
    }
    out += reference->second;
    pos += reference->first.size();
  }
  return out;
}

bool isWebVttHeader(std::string_view line) {
  return startsWith(line, "WEBVTT") && (line.size() == 6 || isSpace(line[6]));
}

// WebVTT blocks that are no cue.
bool isWebVttOtherBlock(std::string_view line) {
  for (const std::string_view keyword : {"NOTE", "STYLE", "REGION"})
    if (startsWith(line, keyword) && (line.size() == keyword.size() || isSpace(line[keyword.size()]))) return true;
  return false;
}

}  // namespace

const char* subtitleSuffix(SubtitleFormat format) { return format == SubtitleFormat::Srt ? ".srt" : ".vtt"; }

std::string toSrt(const std::vector<SubtitleCue>& cues) { return writeCues(cues, kSrt); }

std::string toWebVtt(const std::vector<SubtitleCue>& cues) { return writeCues(cues, kWebVtt); }

std::string writeSubtitles(const std::vector<SubtitleCue>& cues, SubtitleFormat format) {
  return format == SubtitleFormat::Srt ? toSrt(cues) : toWebVtt(cues);
}

std::string srtTime(std::int64_t ms) { return formatTime(ms, kSrt.decimalMark); }

SubtitleError::SubtitleError(std::size_t line, const std::string& what)
    : std::invalid_argument("line " + std::to_string(line) + ": " + what), line_(line) {}

SubtitleFormat subtitleFormatOf(std::string_view file) {
  if (startsWith(file, kByteOrderMark)) file.remove_prefix(kByteOrderMark.size());
  return isWebVttHeader(file.substr(0, file.find_first_of("\r\n"))) ? SubtitleFormat::WebVtt : SubtitleFormat::Srt;
}

std::vector<SubtitleCue> parseSubtitles(std::string_view file) {
  const bool webVtt = subtitleFormatOf(file) == SubtitleFormat::WebVtt;
  if (startsWith(file, kByteOrderMark)) file.remove_prefix(kByteOrderMark.size());
  const std::vector<std::string_view> lines = linesOf(file);
  const std::size_t count = lines.size();
  std::size_t i = 0;
  const auto skipBlock = [&] {
    while (i < count && !isBlank(lines[i])) ++i;
  };
  if (webVtt) skipBlock();  // the header and its metadata
  // A number right above a timing line starts the next cue, even without the blank line before it.
  const auto startsCue = [&](std::size_t line) {
    return isTimingLine(lines[line]) || (line + 1 < count && isTimingLine(lines[line + 1]) && indexOf(lines[line]));
  };

  std::vector<SubtitleCue> cues;
  for (;;) {
    while (i < count && isBlank(lines[i])) ++i;
    if (i == count) break;
    if (webVtt && isWebVttOtherBlock(lines[i])) {
      skipBlock();
      continue;
    }
    SubtitleCue cue;
    cue.index = int(cues.size()) + 1;
    if (!isTimingLine(lines[i])) {
      // An identifier: SRT's number, or any WebVTT cue name.
      if (i + 1 < count && !isBlank(lines[i + 1]) && !isTimingLine(lines[i + 1]) && indexOf(lines[i]))
        throw SubtitleError(i + 2, "expected the times of cue " + std::string(trimmed(lines[i])) +
                                       " (such as \"00:00:01,000 --> 00:00:04,000\"), found " + quoted(lines[i + 1]));
      if (i + 1 >= count || !isTimingLine(lines[i + 1]))
        throw SubtitleError(i + 1, "expected a cue (its number, or its times such as "
                                   "\"00:00:01,000 --> 00:00:04,000\"), found " + quoted(lines[i]));
      if (const auto index = indexOf(lines[i])) cue.index = *index;
      ++i;
    }
    readTimes(lines[i], i + 1, cue);
    for (++i; i < count && !isBlank(lines[i]) && !startsCue(i); ++i) {
      std::string line = withoutTags(lines[i]);
      if (webVtt) {
        line = decodedReferences(line);
      } else {
        // A tag taken out can join "--" and ">": such text would read as a
        // timing line once written again, and SRT has no way to escape it.
        for (std::size_t arrow; (arrow = line.find(kArrow)) != std::string::npos;) line.replace(arrow, kArrow.size(), "->");
      }
      const std::string_view text = trimmed(line);
      if (text.empty()) continue;
      if (!cue.text.empty()) cue.text += '\n';
      cue.text += text;
    }
    cues.push_back(std::move(cue));
  }
  return cues;
}

std::int64_t samplesToMs(std::size_t samples, int sampleRate) {
  return (std::int64_t(samples) * 1000 + sampleRate / 2) / sampleRate;
}

std::vector<SubtitleCue> segmentCues(const std::vector<audio::SampleSpan>& spans, int sampleRate,
                                     const std::vector<std::string>& texts) {
  if (spans.size() != texts.size() || sampleRate <= 0)
    throw std::invalid_argument("segmentCues: one text per span and a positive sample rate");
  std::vector<SubtitleCue> cues;
  for (std::size_t i = 0; i < spans.size(); ++i) {
    std::size_t end = spans[i].end;
    if (i + 1 < spans.size()) end = std::min(end, spans[i + 1].begin);
    SubtitleCue& cue = cues.emplace_back();
    cue.index = int(i) + 1;
    cue.startMs = samplesToMs(spans[i].begin, sampleRate);
    cue.endMs = samplesToMs(std::max(end, spans[i].begin), sampleRate);
    cue.text = texts[i];
  }
  return cues;
}

std::vector<SubtitleCue> splitCuesAtWords(const std::vector<SubtitleCue>& cues, std::size_t maxChars) {
  std::vector<SubtitleCue> pieces;
  const auto trimmed = [](std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\n");
    if (first == std::string_view::npos) return std::string();
    return std::string(text.substr(first, text.find_last_not_of(" \t\n") - first + 1));
  };
  for (const SubtitleCue& cue : cues) {
    const std::vector<std::size_t> offsets = wordOffsets(cue.text, cue.words);
    if (offsets.empty() || codePointCount(cue.text) <= maxChars) {
      pieces.push_back(cue);
      continue;
    }
    // A piece runs from its first word to the start of the word after its last.
    std::size_t first = 0;
    for (std::size_t k = 1; k <= offsets.size(); ++k) {
      const std::size_t end = k < offsets.size() ? offsets[k] : cue.text.size();
      const std::size_t begin = first == 0 ? 0 : offsets[first];
      const bool last = k == offsets.size();
      const std::size_t nextEnd = last ? end : (k + 1 < offsets.size() ? offsets[k + 1] : cue.text.size());
      // Close the piece before word k when adding it would pass the limit.
      if (!last && codePointCount(trimmed(std::string_view(cue.text).substr(begin, nextEnd - begin))) <= maxChars)
        continue;
      SubtitleCue piece;
      piece.startMs = first == 0 ? cue.startMs : cue.words[first].startMs;
      piece.endMs = last ? cue.endMs : cue.words[k].startMs;
      piece.text = trimmed(std::string_view(cue.text).substr(begin, end - begin));
      piece.words.assign(cue.words.begin() + std::ptrdiff_t(first), cue.words.begin() + std::ptrdiff_t(k));
      pieces.push_back(std::move(piece));
      first = k;
    }
  }
  for (std::size_t i = 0; i < pieces.size(); ++i) pieces[i].index = int(i) + 1;
  return pieces;
}

}  // namespace cosystudio::text
