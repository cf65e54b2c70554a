#include "audio_output.h"

#include "cosystudio/atomic_file.h"
#include "cosystudio/text/subtitles.h"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>

namespace cosystudio::cli {

namespace {

const std::map<std::string, audio::WavEncoding> kFormats{{"pcm16", audio::WavEncoding::PCM16},
                                                         {"pcm24", audio::WavEncoding::PCM24},
                                                         {"float", audio::WavEncoding::Float32}};

std::atomic<int> interrupts{0};
static_assert(std::atomic<int>::is_always_lock_free);

void onInterrupt(int) { interrupts.fetch_add(1); }

}  // namespace

void AudioOutputOptions::addTo(CLI::App* sub, const std::string& outOption) {
  sub->add_option("--format", format, "Sample format of WAV (pcm16, pcm24 or float) and FLAC (pcm16 or pcm24)")
      ->check(CLI::IsMember({"pcm16", "pcm24", "float"}))
      ->capture_default_str();
  sub->add_option("--rate", rate, "Output sample rate: 24000 (the model's), 44100 or 48000")
      ->check(CLI::IsMember({24000, 44100, 48000}));
  sub->add_option("--loudness", loudness, "Bring the output to this loudness in LUFS (EBU R128), e.g. -16")
      ->check(CLI::Range(-70.0, -5.0));
  sub->add_option("--subtitles", subtitles,
                  "Also write subtitles beside " + outOption +
                      " (FILE.srt or FILE.vtt): one cue per segment, the text as given")
      ->check(CLI::IsMember({"srt", "vtt"}));
  sub->add_option("--subtitle-chars", subtitleChars,
                  "Split cues longer than this many characters between words, at the times the words are spoken "
                  "(the recogniser aligns each segment's text: --asr-model)")
      ->check(CLI::Range(std::size_t(8), std::size_t(1000)));
  sub->add_flag("--word-timings", wordTimings,
                "With --subtitles vtt, time each word in the cues (the recogniser aligns each segment's text)");
}

SubtitleWords timedWords(const Recognizer& recognizer, const AudioOutputOptions& options,
                         const std::vector<const SegmentResult*>& segments) {
  constexpr int kModelRate = 24000;
  SubtitleWords words;
  words.maxChars = options.subtitleChars;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    try {
      words.perSegment.push_back(
          recognizer.align(audio::Clip{{segments[i]->samples}, kModelRate, "segment " + std::to_string(i + 1)},
                          segments[i]->userText));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "warning: segment %zu keeps a whole cue: %s\n", i + 1, e.what());
      words.perSegment.emplace_back();
    }
  }
  return words;
}

WrittenAudio writeAudioOut(const AudioOutputOptions& options, const std::filesystem::path& out,
                           const std::vector<float>& samples, int sampleRate) {
  WrittenAudio written;
  written.clip.sampleRate = sampleRate;
  written.clip.channels = {samples};
  if (options.rate != 0 && options.rate != sampleRate) written.clip = audio::resampleForUser(written.clip, options.rate);
  written.target = options.loudness != 0 ? std::optional<double>(options.loudness) : std::nullopt;
  written.mastering = audio::master(written.clip.channels[0], written.clip.sampleRate, written.target,
                                    audio::exportCeilingDbfs(written.target));
  const audio::FileFormat fileFormat = audio::formatForSuffix(out.string()).value_or(audio::FileFormat::Wav);
  writeAtomically(out, [&](const std::filesystem::path& file) {
    audio::writeAudio(file, written.clip, fileFormat, kFormats.at(options.format));
  });
  return written;
}

SubtitleLines subtitleLines(const ScriptResult& take) {
  SubtitleLines lines;
  for (const ScriptSegment& segment : take.segments) {
    lines.spans.push_back({segment.begin, segment.end});
    lines.texts.push_back(segment.result.userText);
    lines.segments.push_back(&segment.result);
  }
  return lines;
}

std::filesystem::path writeSubtitlesBeside(const std::filesystem::path& out, const std::string& format,
                                           const SubtitleLines& lines, int sampleRate, const audio::Clip& written,
                                           const SubtitleWords& words) {
  std::vector<audio::SampleSpan> spans = lines.spans;
  for (audio::SampleSpan& span : spans)
    for (std::size_t* offset : {&span.begin, &span.end})
      *offset = audio::resampledOffset(*offset, sampleRate, written.sampleRate, written.frames());
  const auto subtitleFormat = format == "srt" ? text::SubtitleFormat::Srt : text::SubtitleFormat::WebVtt;
  std::vector<text::SubtitleCue> cues = text::segmentCues(spans, written.sampleRate, lines.texts);
  for (std::size_t i = 0; i < cues.size() && i < words.perSegment.size(); ++i)
    for (const TimedWord& word : words.perSegment[i])
      cues[i].words.push_back({word.text, cues[i].startMs + std::int64_t(std::llround(word.startSeconds * 1000)),
                               cues[i].startMs + std::int64_t(std::llround(word.endSeconds * 1000))});
  if (words.maxChars > 0) cues = text::splitCuesAtWords(cues, words.maxChars);
  const std::string file = text::writeSubtitles(cues, subtitleFormat);
  const std::filesystem::path path = std::filesystem::path(out).replace_extension(text::subtitleSuffix(subtitleFormat));
  writeAtomically(path, [&](const std::filesystem::path& temporary) {
    std::ofstream stream(temporary, std::ios::binary);
    if (!(stream << file) || !stream.flush())
      throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
  });
  return path;
}

nlohmann::ordered_json masteringJson(const WrittenAudio& written) {
  const audio::MasteringReport& m = written.mastering;
  return {{"gain_db", m.gainDb},
          {"limited_db", m.limitedDb},
          {"peak_limited", m.peakLimited},
          {"held_back_db", m.heldBackDb},
          {"loudness_lufs", m.loudnessAfter ? nlohmann::ordered_json(*m.loudnessAfter) : nullptr}};
}

void printMastering(const WrittenAudio& written) {
  const audio::MasteringReport& mastering = written.mastering;
  if (!written.target || !mastering.loudnessAfter) return;
  std::printf("loudness %.1f LUFS, true peak %.1f dBTP", *mastering.loudnessAfter, mastering.truePeakAfterDbfs);
  if (mastering.limitedDb > 0) std::printf(", peaks limited by up to %.1f dB", mastering.limitedDb);
  std::printf("\n");
  if (mastering.peakLimited)
    std::fprintf(stderr, "warning: %.1f dB short of the %.0f LUFS target: its peaks would have needed more "
                 "than %.0f dB of limiting\n", mastering.heldBackDb, *written.target, audio::kMaxLimitingDb);
}

const char* stageName(Stage stage) {
  switch (stage) {
    case Stage::Preparing: return "preparing";
    case Stage::Text: return "text";
    case Stage::SpeechTokens: return "speech tokens";
    case Stage::Mel: return "mel";
    case Stage::Waveform: return "waveform";
    case Stage::Done: return "done";
  }
  return "";
}

StopOnInterrupt::StopOnInterrupt(Terminate terminate) : terminate_(terminate) {
  interrupts = 0;
  previous_ = std::signal(SIGINT, onInterrupt);
  if (terminate_ == Terminate::Caught) previousTerminate_ = std::signal(SIGTERM, onInterrupt);
}

StopOnInterrupt::~StopOnInterrupt() {
  std::signal(SIGINT, previous_);
  if (terminate_ == Terminate::Caught) std::signal(SIGTERM, previousTerminate_);
}

bool interruptRequested() { return interrupts.load() > 0; }

int interruptCount() { return interrupts.load(); }

}  // namespace cosystudio::cli
