// Audio clips: reading any common audio file, writing WAV, and user-facing
// sample-rate conversion. Torch-free, for the UI and the command line.
//
// Model-facing resampling and feature extraction live inside the engine
// (engine/src/audio) because they must reproduce the official pipeline exactly.
#pragma once

#include "cosystudio/user_message.h"

#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cosystudio::audio {

// Every refusal and failure of this module: the message names the file and the
// reason in words a user can act on.
class AudioError : public UserError {
 public:
  using UserError::UserError;
  // A file that could not be read: `summary` says so in one sentence that
  // names the file by its name alone, for a window that shows the message
  // (the whole path, the reason, the audio library's own words) as details.
  static AudioError reading(UserMessage message, UserMessage summary) {
    AudioError error(std::move(message));
    error.setSummary(std::move(summary));
    return error;
  }
};

// Float32 samples in [-1, 1], stored per channel (not interleaved).
struct Clip {
  std::vector<std::vector<float>> channels;
  int sampleRate = 0;
  std::filesystem::path source;  // empty for clips made in memory

  int channelCount() const { return static_cast<int>(channels.size()); }
  std::int64_t frames() const { return channels.empty() ? 0 : std::int64_t(channels[0].size()); }
  double durationSeconds() const { return sampleRate > 0 ? double(frames()) / sampleRate : 0.0; }
};

// What the file header says, known without decoding the audio.
struct ClipInfo {
  std::filesystem::path path;
  int sampleRate = 0;
  int channels = 0;
  std::int64_t frames = 0;
  std::string format;  // e.g. "WAV (Microsoft), Signed 16 bit PCM"

  double durationSeconds() const { return sampleRate > 0 ? double(frames) / sampleRate : 0.0; }
};

// The model's limits for a prompt clip, the one definition the engine, the
// command line and the window check against:
// - the official loader refuses rates below 16 kHz rather than upsample them;
// - the speech tokenizer refuses more than 30 s;
// - the feature extractors need 45 ms (three fbank frames for the speaker
//   model's statistics pooling, two flow-mel frames for one prompt token);
//   0.1 s leaves a margin for resampling rounding.
inline constexpr int kMinPromptSampleRate = 16000;
inline constexpr double kMaxPromptSeconds = 30.0;
inline constexpr double kMinPromptSeconds = 0.1;
// Advice, not a limit: shorter clips are accepted but clone a voice less reliably.
inline constexpr double kShortPromptSeconds = 3.0;

// What a clip must satisfy; the defaults are the prompt clip's limits above.
struct ClipLimits {
  int minSampleRate = kMinPromptSampleRate;
  double maxSeconds = kMaxPromptSeconds;
  double minSeconds = kMinPromptSeconds;

  // No limit at all, e.g. to open a long recording for trimming.
  static ClipLimits none() {
    return {0, std::numeric_limits<double>::infinity(), 0.0};
  }
};

// Reads only the header. Throws AudioError for missing, unreadable, corrupt or
// unsupported files.
ClipInfo probeClip(const std::filesystem::path& path);

// The reason `info` breaks `limits`, or nothing when it is acceptable.
std::optional<UserMessage> limitViolation(const ClipInfo& info, const ClipLimits& limits);
// The same for a clip made in memory, which no reader has checked: it also
// needs at least one channel, channels of equal length and finite samples.
std::optional<UserMessage> limitViolation(const Clip& clip, const ClipLimits& limits);

// Decodes WAV (PCM 8/16/24/32, float), FLAC, Ogg Vorbis, Ogg Opus and MP3
// through libsndfile, keeping every channel. The limits are checked from the
// header before any sample is decoded, so a 2-hour file is refused at once.
// Throws AudioError on any limit violation, on empty or corrupt audio, and on
// NaN/Inf samples.
Clip loadClip(const std::filesystem::path& path, const ClipLimits& limits = {});

// One channel holding the mean over all channels, as the official loader
// computes it (float32 sum over channels in order, then divided by the count).
Clip downmixToMono(const Clip& clip);

enum class WavEncoding { PCM16, PCM24, Float32 };

// The files exports write, every one through libsndfile (Debian 12's 1.2
// encodes MP3 with LAME and Opus with libopus): no encoder of our own.
enum class FileFormat { Wav, Flac, Mp3, OggOpus };
// ".wav", ".flac", ".mp3", ".opus"
const char* fileSuffix(FileFormat format);
// The format a file name asks for by its suffix (".ogg" too for Opus); none
// for any other.
std::optional<FileFormat> formatForSuffix(const std::filesystem::path& path);

// Writes `clip` as `format`: WAV in `encoding`, FLAC in its integer depth
// (float is written as 24-bit), MP3 and Opus at high quality, Opus at 48 kHz
// when the clip's rate is not one Opus takes (8, 12, 16, 24, 48 kHz).
// Integer encodings clip out-of-range samples instead of wrapping. Throws
// AudioError naming the file on failure.
void writeAudio(const std::filesystem::path& path, const Clip& clip, FileFormat format,
                WavEncoding encoding = WavEncoding::PCM16);
inline void writeWav(const std::filesystem::path& path, const Clip& clip,
                     WavEncoding encoding = WavEncoding::PCM16) {
  writeAudio(path, clip, FileFormat::Wav, encoding);
}

// Rate conversion for listening and export (libsamplerate, best-quality sinc).
// Not for model inputs: the model needs the official resampler, see
// engine/src/audio/sinc_resampler.h.
Clip resampleForUser(const Clip& clip, int targetRate);
// Where sample `offset` of a clip at `fromRate` lies once it is at `toRate`
// (rounded to the nearest), within its `frames` there.
std::size_t resampledOffset(std::size_t offset, int fromRate, int toRate, std::size_t frames);

}  // namespace cosystudio::audio
