// Reading and writing clips through libsndfile.
#include "cosystudio/audio/clip.h"

#include <sndfile.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>
#include <system_error>

namespace cosystudio::audio {
namespace {

UserMessage located(const std::filesystem::path& path, UserMessage reason) {
  return {COSYSTUDIO_MESSAGE("Engine", "'%1': %2"), {path.string(), std::move(reason)}};
}

[[noreturn]] void fail(const std::filesystem::path& path, UserMessage reason) {
  throw AudioError(located(path, std::move(reason)));
}

// A file that cannot be read: `summary` is what a window says first (the
// sentences below); the message with the whole path and `reason` follows it.
[[noreturn]] void failReading(const std::filesystem::path& path, UserMessage summary, UserMessage reason) {
  throw AudioError::reading(located(path, std::move(reason)), std::move(summary));
}

// The file's name alone: a sentence names it once, the details hold the path.
std::string nameOf(const std::filesystem::path& path) {
  return path.has_filename() ? path.filename().string() : path.string();
}

UserMessage missing(const std::filesystem::path& path) {
  return {COSYSTUDIO_MESSAGE("Engine", "“%1” does not exist."), {nameOf(path)}};
}
UserMessage folder(const std::filesystem::path& path) {
  return {COSYSTUDIO_MESSAGE("Engine", "“%1” is a folder, not an audio file."), {nameOf(path)}};
}
UserMessage empty(const std::filesystem::path& path) {
  return {COSYSTUDIO_MESSAGE("Engine", "“%1” holds no audio."), {nameOf(path)}};
}
UserMessage unopenable(const std::filesystem::path& path) {
  return {COSYSTUDIO_MESSAGE("Engine", "“%1” cannot be opened."), {nameOf(path)}};
}
// Unknown formats and damaged files alike. The library's words stay in the
// details: for a damaged MP3 libsndfile says "File does not exist or is not a
// regular file", which would mislead as the sentence.
UserMessage notAudio(const std::filesystem::path& path) {
  return {COSYSTUDIO_MESSAGE("Engine", "“%1” is not an audio file CosyStudio can read."), {nameOf(path)}};
}
UserMessage unusable(const std::filesystem::path& path, UserMessage why) {
  return {COSYSTUDIO_MESSAGE("Engine", "“%1” cannot be used: %2."), {nameOf(path), std::move(why)}};
}

struct SndfileCloser {
  void operator()(SNDFILE* file) const { sf_close(file); }
};
using SndfileHandle = std::unique_ptr<SNDFILE, SndfileCloser>;

std::string formatName(int format) {
  auto name = [](int command, int code) -> std::string {
    SF_FORMAT_INFO info{};
    info.format = code;
    if (sf_command(nullptr, command, &info, sizeof info) != 0 || !info.name) return "unknown";
    return info.name;
  };
  return name(SFC_GET_FORMAT_INFO, format & SF_FORMAT_TYPEMASK) + ", " +
         name(SFC_GET_FORMAT_INFO, format & SF_FORMAT_SUBMASK);
}

SndfileHandle openForReading(const std::filesystem::path& path, SF_INFO& info) {
  std::error_code error;
  if (!std::filesystem::exists(path, error))
    failReading(path, missing(path), COSYSTUDIO_MESSAGE("Engine", "file not found"));
  if (std::filesystem::is_directory(path, error))
    failReading(path, folder(path), COSYSTUDIO_MESSAGE("Engine", "is a folder, not an audio file"));
  if (std::filesystem::file_size(path, error) == 0)
    failReading(path, empty(path), COSYSTUDIO_MESSAGE("Engine", "the file is empty"));

  info = SF_INFO{};
  SndfileHandle file(sf_open(path.string().c_str(), SFM_READ, &info));
  if (!file) {
    const int code = sf_error(nullptr);
    const std::string detail = sf_strerror(nullptr);
    if (code == SF_ERR_UNRECOGNISED_FORMAT)
      failReading(path, notAudio(path),
                  {COSYSTUDIO_MESSAGE("Engine",
                                      "unsupported or unrecognised audio format (%1); use WAV, FLAC, Ogg Vorbis, "
                                      "Opus or MP3"),
                   {detail}});
    if (code == SF_ERR_UNSUPPORTED_ENCODING)
      failReading(path, notAudio(path), {COSYSTUDIO_MESSAGE("Engine", "unsupported audio encoding (%1)"), {detail}});
    if (code == SF_ERR_SYSTEM)
      failReading(path, unopenable(path), {COSYSTUDIO_MESSAGE("Engine", "cannot be read (%1)"), {detail}});
    failReading(path, notAudio(path), {COSYSTUDIO_MESSAGE("Engine", "corrupt or unreadable audio file (%1)"), {detail}});
  }
  if (info.samplerate <= 0 || info.channels <= 0)
    failReading(path, notAudio(path),
                {COSYSTUDIO_MESSAGE("Engine", "corrupt header (sample rate %1, %2 channels)"),
                 {std::to_string(info.samplerate), std::to_string(info.channels)}});
  return file;
}

std::string seconds(double value) {
  char text[32];
  std::snprintf(text, sizeof text, value < 10 ? "%.2f s" : "%.1f s", value);
  return text;
}

}  // namespace

ClipInfo probeClip(const std::filesystem::path& path) {
  SF_INFO sfInfo;
  const SndfileHandle file = openForReading(path, sfInfo);
  ClipInfo info;
  info.path = path;
  info.sampleRate = sfInfo.samplerate;
  info.channels = sfInfo.channels;
  info.frames = sfInfo.frames;
  info.format = formatName(sfInfo.format);
  return info;
}

std::optional<UserMessage> limitViolation(const ClipInfo& info, const ClipLimits& limits) {
  if (info.sampleRate < limits.minSampleRate)
    return UserMessage{COSYSTUDIO_MESSAGE("Engine",
                                          "sample rate %1 Hz is below the %2 Hz minimum; use a recording made at "
                                          "%3 kHz or more"),
                       {std::to_string(info.sampleRate), std::to_string(limits.minSampleRate),
                        std::to_string(limits.minSampleRate / 1000)}};
  const double duration = info.durationSeconds();
  if (duration > limits.maxSeconds)
    return UserMessage{COSYSTUDIO_MESSAGE("Engine", "the clip is %1 long; at most %2 is accepted, trim it"),
                       {seconds(duration), seconds(limits.maxSeconds)}};
  if (duration < limits.minSeconds)
    return UserMessage{COSYSTUDIO_MESSAGE("Engine", "the clip is %1 long; at least %2 is needed"),
                       {seconds(duration), seconds(limits.minSeconds)}};
  return std::nullopt;
}

std::optional<UserMessage> limitViolation(const Clip& clip, const ClipLimits& limits) {
  if (clip.channels.empty()) return UserMessage{COSYSTUDIO_MESSAGE("Engine", "contains no audio samples")};
  for (std::size_t c = 0; c < clip.channels.size(); ++c) {
    if (clip.channels[c].size() != clip.channels[0].size())
      return UserMessage{COSYSTUDIO_MESSAGE("Engine", "channel %1 holds %2 samples, channel 1 %3"),
                         {std::to_string(c + 1), std::to_string(clip.channels[c].size()),
                          std::to_string(clip.channels[0].size())}};
    const auto bad = std::find_if(clip.channels[c].begin(), clip.channels[c].end(),
                                  [](float sample) { return !std::isfinite(sample); });
    if (bad != clip.channels[c].end())
      return UserMessage{COSYSTUDIO_MESSAGE("Engine", "sample %1 of channel %2 is not a finite number (NaN or Inf)"),
                         {std::to_string(bad - clip.channels[c].begin()), std::to_string(c + 1)}};
  }
  if (clip.frames() == 0) return UserMessage{COSYSTUDIO_MESSAGE("Engine", "contains no audio samples")};
  return limitViolation(ClipInfo{clip.source, clip.sampleRate, clip.channelCount(), clip.frames(), {}}, limits);
}

Clip loadClip(const std::filesystem::path& path, const ClipLimits& limits) {
  SF_INFO sfInfo;
  const SndfileHandle file = openForReading(path, sfInfo);
  if (sfInfo.frames == 0) failReading(path, empty(path), COSYSTUDIO_MESSAGE("Engine", "contains no audio samples"));
  ClipInfo info{path, sfInfo.samplerate, sfInfo.channels, sfInfo.frames, {}};
  if (auto violation = limitViolation(info, limits)) failReading(path, unusable(path, *violation), *violation);

  // The header decides the allocation, bounded by the file's size (PCM holds at
  // least one byte per frame, compressed audio grows the buffers as it is
  // decoded) so that a damaged header cannot ask for gigabytes; reading still
  // stops once the limit is passed.
  std::error_code sizeError;
  const auto fileBytes = std::filesystem::file_size(path, sizeError);
  const double framesByLimit = std::floor(limits.maxSeconds * sfInfo.samplerate) + 1;
  const double reserveFrames =
      std::min({framesByLimit, double(sfInfo.frames), sizeError ? 0.0 : double(fileBytes)});

  Clip clip;
  clip.sampleRate = sfInfo.samplerate;
  clip.source = path;
  clip.channels.assign(sfInfo.channels, {});
  for (auto& channel : clip.channels) channel.reserve(size_t(reserveFrames));

  constexpr sf_count_t kChunkFrames = 1 << 15;
  std::vector<float> interleaved(size_t(kChunkFrames) * sfInfo.channels);
  sf_count_t total = 0;
  while (true) {
    const sf_count_t got = sf_readf_float(file.get(), interleaved.data(), kChunkFrames);
    if (got <= 0) break;
    for (sf_count_t frame = 0; frame < got; ++frame) {
      for (int c = 0; c < sfInfo.channels; ++c) {
        const float sample = interleaved[size_t(frame) * sfInfo.channels + c];
        if (!std::isfinite(sample))
          failReading(path, notAudio(path),
                      {COSYSTUDIO_MESSAGE("Engine", "sample %1 of channel %2 is not a finite number (NaN or Inf)"),
                       {std::to_string(total + frame), std::to_string(c + 1)}});
        clip.channels[c].push_back(sample);
      }
    }
    total += got;
    if (double(total) / sfInfo.samplerate > limits.maxSeconds) {
      const UserMessage why{COSYSTUDIO_MESSAGE("Engine", "the clip is longer than its header says and exceeds %1"),
                            {seconds(limits.maxSeconds)}};
      failReading(path, unusable(path, why), why);
    }
  }
  if (sf_error(file.get()) != SF_ERR_NO_ERROR)
    failReading(path, notAudio(path),
                {COSYSTUDIO_MESSAGE("Engine", "corrupt audio data after %1 frames (%2)"),
                 {std::to_string(total), std::string(sf_strerror(file.get()))}});
  if (total == 0) failReading(path, empty(path), COSYSTUDIO_MESSAGE("Engine", "contains no audio samples"));

  info.frames = total;
  if (auto violation = limitViolation(info, limits)) failReading(path, unusable(path, *violation), *violation);
  return clip;
}

Clip downmixToMono(const Clip& clip) {
  Clip mono;
  mono.sampleRate = clip.sampleRate;
  mono.source = clip.source;
  if (clip.channels.size() <= 1) {
    mono.channels = clip.channels;
    return mono;
  }
  const auto count = static_cast<float>(clip.channels.size());
  std::vector<float> mixed(clip.channels[0]);
  for (size_t c = 1; c < clip.channels.size(); ++c)
    for (size_t i = 0; i < mixed.size(); ++i) mixed[i] += clip.channels[c][i];
  for (float& sample : mixed) sample /= count;
  mono.channels.push_back(std::move(mixed));
  return mono;
}

const char* fileSuffix(FileFormat format) {
  switch (format) {
    case FileFormat::Wav: return ".wav";
    case FileFormat::Flac: return ".flac";
    case FileFormat::Mp3: return ".mp3";
    case FileFormat::OggOpus: return ".opus";
  }
  return "";
}

std::optional<FileFormat> formatForSuffix(const std::filesystem::path& path) {
  std::string suffix = path.extension().string();
  std::transform(suffix.begin(), suffix.end(), suffix.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (suffix == ".ogg") return FileFormat::OggOpus;
  for (FileFormat format : {FileFormat::Wav, FileFormat::Flac, FileFormat::Mp3, FileFormat::OggOpus})
    if (suffix == fileSuffix(format)) return format;
  return std::nullopt;
}

void writeAudio(const std::filesystem::path& path, const Clip& original, FileFormat format, WavEncoding encoding) {
  if (original.channels.empty() || original.sampleRate <= 0)
    fail(path, COSYSTUDIO_MESSAGE("Engine", "nothing to write (the clip has no channels or no sample rate)"));
  for (const auto& channel : original.channels)
    if (channel.size() != original.channels[0].size())
      fail(path, COSYSTUDIO_MESSAGE("Engine", "cannot write a clip whose channels differ in length"));
  constexpr int kOpusRates[] = {8000, 12000, 16000, 24000, 48000};
  const bool opusRate = std::find(std::begin(kOpusRates), std::end(kOpusRates), original.sampleRate) !=
                        std::end(kOpusRates);
  const Clip clip = format == FileFormat::OggOpus && !opusRate ? resampleForUser(original, 48000) : original;

  const int depth = encoding == WavEncoding::PCM16 ? SF_FORMAT_PCM_16 : SF_FORMAT_PCM_24;
  SF_INFO info{};
  info.samplerate = clip.sampleRate;
  info.channels = clip.channelCount();
  switch (format) {
    case FileFormat::Wav: info.format = SF_FORMAT_WAV | (encoding == WavEncoding::Float32 ? SF_FORMAT_FLOAT : depth); break;
    case FileFormat::Flac: info.format = SF_FORMAT_FLAC | depth; break;
    case FileFormat::Mp3: info.format = SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III; break;
    case FileFormat::OggOpus: info.format = SF_FORMAT_OGG | SF_FORMAT_OPUS; break;
  }
  SndfileHandle file(sf_open(path.string().c_str(), SFM_WRITE, &info));
  if (!file) fail(path, {COSYSTUDIO_MESSAGE("Engine", "cannot be written (%1)"), {std::string(sf_strerror(nullptr))}});
  sf_command(file.get(), SFC_SET_CLIPPING, nullptr, SF_TRUE);
  if (format == FileFormat::Mp3 || format == FileFormat::OggOpus) {
    // Variable bit rate at high quality (0 = best, 1 = smallest): speech stays clean.
    int mode = SF_BITRATE_MODE_VARIABLE;
    double level = 0.2;
    sf_command(file.get(), SFC_SET_BITRATE_MODE, &mode, sizeof mode);
    sf_command(file.get(), SFC_SET_COMPRESSION_LEVEL, &level, sizeof level);
  }

  const int channels = clip.channelCount();
  const sf_count_t frames = clip.frames();
  constexpr sf_count_t kChunkFrames = 1 << 15;
  std::vector<float> interleaved(size_t(kChunkFrames) * channels);
  for (sf_count_t start = 0; start < frames; start += kChunkFrames) {
    const sf_count_t count = std::min(kChunkFrames, frames - start);
    for (sf_count_t frame = 0; frame < count; ++frame)
      for (int c = 0; c < channels; ++c)
        interleaved[size_t(frame) * channels + c] = clip.channels[c][size_t(start + frame)];
    if (sf_writef_float(file.get(), interleaved.data(), count) != count)
      fail(path, {COSYSTUDIO_MESSAGE("Engine", "write failed (%1)"), {std::string(sf_strerror(file.get()))}});
  }
  if (sf_close(file.release()) != 0) fail(path, COSYSTUDIO_MESSAGE("Engine", "write failed while closing the file"));
}

}  // namespace cosystudio::audio
