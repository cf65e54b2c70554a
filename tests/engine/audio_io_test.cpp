// Reading every supported format, writing WAV, user-facing resampling, and a
// clear refusal for every kind of bad input.
#include "cosystudio/audio/clip.h"

#include <gtest/gtest.h>
#include <sndfile.h>

#include <cmath>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <limits>

namespace fs = std::filesystem;
using namespace cosystudio::audio;

namespace {

std::vector<float> tone(int rate, double seconds, double hz, float amplitude, double phase = 0) {
  std::vector<float> samples(size_t(rate * seconds));
  for (size_t i = 0; i < samples.size(); ++i)
    samples[i] = amplitude * float(std::sin(2 * M_PI * hz * double(i) / rate + phase));
  return samples;
}

double rms(const std::vector<float>& samples) {
  double energy = 0;
  for (float s : samples) energy += double(s) * s;
  return std::sqrt(energy / double(samples.size()));
}

class AudioIo : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("cosystudio-audio-" + std::string(info->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path path(const std::string& name) const { return dir_ / name; }

  // Writes planar channels with libsndfile in the given format.
  fs::path write(const std::string& name, int format, int rate,
                 const std::vector<std::vector<float>>& channels) {
    const fs::path file = path(name);
    SF_INFO info{};
    info.samplerate = rate;
    info.channels = int(channels.size());
    info.format = format;
    SNDFILE* handle = sf_open(file.string().c_str(), SFM_WRITE, &info);
    EXPECT_NE(handle, nullptr) << sf_strerror(nullptr);
    if (!handle) return file;
    std::vector<float> interleaved;
    for (size_t i = 0; i < channels[0].size(); ++i)
      for (const auto& channel : channels) interleaved.push_back(channel[i]);
    sf_writef_float(handle, interleaved.data(), sf_count_t(channels[0].size()));
    sf_close(handle);
    return file;
  }

  void writeBytes(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
  }

  // The AudioError message of loading `file`, or a failure when it loads.
  std::string refusal(const fs::path& file, const ClipLimits& limits = {}) {
    try {
      loadClip(file, limits);
    } catch (const AudioError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(file.filename().string()), std::string::npos)
          << "the message must name the file: " << message;
      return message;
    }
    ADD_FAILURE() << file << " was accepted";
    return {};
  }

  fs::path dir_;
};

#define EXPECT_CONTAINS(text, part) \
  EXPECT_NE(std::string(text).find(part), std::string::npos) << "'" << (text) << "' lacks '" << (part) << "'"

struct LosslessCase {
  const char* name;
  int format;
  float step;  // quantisation step of the encoding
};

TEST_F(AudioIo, LosslessFormatsRoundTrip) {
  const LosslessCase cases[] = {
      {"u8.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_U8, 1.0f / 128},
      {"pcm16.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, 1.0f / 32768},
      {"pcm24.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_24, 1.0f / 8388608},
      {"pcm32.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_32, 1e-7f},
      {"float.wav", SF_FORMAT_WAV | SF_FORMAT_FLOAT, 0.0f},
      {"pcm16.flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 1.0f / 32768},
      {"pcm24.flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_24, 1.0f / 8388608},
  };
  const auto samples = tone(22050, 0.5, 440, 0.5f);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const Clip clip = loadClip(write(c.name, c.format, 22050, {samples}));
    ASSERT_EQ(clip.sampleRate, 22050);
    ASSERT_EQ(clip.channelCount(), 1);
    ASSERT_EQ(clip.frames(), std::int64_t(samples.size()));
    EXPECT_EQ(clip.source, path(c.name));
    EXPECT_NEAR(clip.durationSeconds(), 0.5, 1e-4);
    float worst = 0;
    for (size_t i = 0; i < samples.size(); ++i)
      worst = std::max(worst, std::fabs(clip.channels[0][i] - samples[i]));
    EXPECT_LE(worst, c.step);
  }
}

TEST_F(AudioIo, Pcm16ReadsAsIntegerOver32768) {
  // The official loader (soundfile) yields int16 / 32768 exactly.
  std::vector<short> pcm(1600, 0);
  const short values[] = {16384, -32768, 32767, 1, -8192};
  std::copy(std::begin(values), std::end(values), pcm.begin());
  SF_INFO info{};
  info.samplerate = 16000;
  info.channels = 1;
  info.format = SF_FORMAT_WAV | SF_FORMAT_PCM_16;
  SNDFILE* handle = sf_open(path("exact.wav").string().c_str(), SFM_WRITE, &info);
  ASSERT_NE(handle, nullptr);
  sf_writef_short(handle, pcm.data(), sf_count_t(pcm.size()));
  sf_close(handle);

  const Clip clip = loadClip(path("exact.wav"));
  for (size_t i = 0; i < std::size(values); ++i) EXPECT_EQ(clip.channels[0][i], values[i] / 32768.0f);
}

TEST_F(AudioIo, LossyFormatsDecode) {
  struct LossyCase {
    const char* name;
    int format;
    int rate;
  };
  const LossyCase cases[] = {
      {"vorbis.ogg", SF_FORMAT_OGG | SF_FORMAT_VORBIS, 44100},
      {"opus.opus", SF_FORMAT_OGG | SF_FORMAT_OPUS, 48000},
      {"layer3.mp3", SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III, 44100},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const auto samples = tone(c.rate, 1.0, 440, 0.5f);
    const Clip clip = loadClip(write(c.name, c.format, c.rate, {samples, samples}));
    EXPECT_EQ(clip.sampleRate, c.rate);
    EXPECT_EQ(clip.channelCount(), 2);
    EXPECT_NEAR(clip.durationSeconds(), 1.0, 0.06);  // codec delay and padding
    EXPECT_NEAR(20 * std::log10(rms(clip.channels[0]) / rms(samples)), 0.0, 1.5);
  }
}

TEST_F(AudioIo, DownmixIsTheChannelMean) {
  const auto left = tone(16000, 0.5, 300, 0.5f);
  const auto right = tone(16000, 0.5, 500, 0.25f, 1.0);
  const Clip stereo = loadClip(write("stereo.wav", SF_FORMAT_WAV | SF_FORMAT_FLOAT, 16000, {left, right}));
  ASSERT_EQ(stereo.channelCount(), 2);
  const Clip mono = downmixToMono(stereo);
  ASSERT_EQ(mono.channelCount(), 1);
  ASSERT_EQ(mono.frames(), stereo.frames());
  EXPECT_EQ(mono.sampleRate, 16000);
  for (size_t i = 0; i < left.size(); ++i) EXPECT_EQ(mono.channels[0][i], (left[i] + right[i]) / 2.0f);
}

TEST_F(AudioIo, WriteWavRoundTripsEveryEncoding) {
  Clip clip;
  clip.sampleRate = 24000;
  clip.channels = {tone(24000, 0.25, 1000, 0.7f), tone(24000, 0.25, 700, 0.3f)};
  const std::pair<WavEncoding, float> encodings[] = {
      {WavEncoding::PCM16, 1.0f / 32767}, {WavEncoding::PCM24, 1.0f / 8388607}, {WavEncoding::Float32, 0.0f}};
  for (const auto& [encoding, step] : encodings) {
    const fs::path file = path("out" + std::to_string(int(encoding)) + ".wav");
    writeWav(file, clip, encoding);
    const Clip back = loadClip(file);
    ASSERT_EQ(back.channelCount(), 2);
    ASSERT_EQ(back.frames(), clip.frames());
    EXPECT_EQ(back.sampleRate, 24000);
    float worst = 0;
    for (int c = 0; c < 2; ++c)
      for (size_t i = 0; i < clip.channels[c].size(); ++i)
        worst = std::max(worst, std::fabs(back.channels[c][i] - clip.channels[c][i]));
    EXPECT_LE(worst, step) << "encoding " << int(encoding);
  }
}

// Exports in every format, read back by libsndfile (a decoder independent of
// the encoder for MP3, mpg123): lossless ones exactly, lossy ones at their
// level (a codec's delay and padding change the length a little).
TEST_F(AudioIo, WriteAudioInEveryFormat) {
  Clip clip;
  clip.sampleRate = 24000;
  clip.channels = {tone(24000, 1.0, 220, 0.5f)};
  const fs::path flac = path("out.flac");
  writeAudio(flac, clip, FileFormat::Flac, WavEncoding::PCM24);
  const Clip lossless = loadClip(flac);
  ASSERT_EQ(lossless.frames(), clip.frames());
  for (size_t i = 0; i < clip.channels[0].size(); ++i)
    ASSERT_NEAR(lossless.channels[0][i], clip.channels[0][i], 1.0f / 8388607);
  for (const FileFormat lossy : {FileFormat::Mp3, FileFormat::OggOpus}) {
    const fs::path file = path(std::string("out") + fileSuffix(lossy));
    writeAudio(file, clip, lossy);
    const Clip back = loadClip(file);
    SCOPED_TRACE(file.string());
    EXPECT_EQ(back.sampleRate, 24000);  // Opus takes 24 kHz as it is
    EXPECT_NEAR(back.durationSeconds(), 1.0, 0.08);
    EXPECT_NEAR(20 * std::log10(rms(back.channels[0]) / rms(clip.channels[0])), 0.0, 0.5);
  }
  // A rate Opus does not take is written at 48 kHz.
  const Clip cd = resampleForUser(clip, 44100);
  writeAudio(path("cd.opus"), cd, FileFormat::OggOpus);
  EXPECT_EQ(loadClip(path("cd.opus")).sampleRate, 48000);
  EXPECT_EQ(formatForSuffix("a/b.MP3"), FileFormat::Mp3);
  EXPECT_EQ(formatForSuffix("b.ogg"), FileFormat::OggOpus);
  EXPECT_FALSE(formatForSuffix("b.aiff"));
}

TEST_F(AudioIo, WriteWavClipsInsteadOfWrapping) {
  Clip clip;
  clip.sampleRate = 16000;
  clip.channels = {std::vector<float>(3200, 1.5f)};
  clip.channels[0][1] = -1.5f;
  writeWav(path("hot.wav"), clip);
  const Clip back = loadClip(path("hot.wav"));
  EXPECT_GT(back.channels[0][0], 0.999f);
  EXPECT_LE(back.channels[0][1], -0.999f);
}

TEST_F(AudioIo, WriteWavRefusesBadClipsAndPaths) {
  // The AudioError of writing `clip` to `file`, which must name the file.
  const auto writeError = [](const fs::path& file, const Clip& clip) {
    try {
      writeWav(file, clip);
    } catch (const AudioError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("'" + file.string() + "': "), std::string::npos) << message;
      return message;
    }
    ADD_FAILURE() << file << " was written";
    return std::string();
  };
  Clip clip;
  clip.sampleRate = 16000;
  clip.channels = {std::vector<float>(100, 0.0f)};
  const std::string missing = writeError(path("missing-folder") / "x.wav", clip);
  EXPECT_CONTAINS(missing, "cannot be written");
  EXPECT_CONTAINS(missing, "No such file or directory");
  EXPECT_CONTAINS(writeError(path("empty.wav"), Clip{}), "nothing to write");
  clip.channels.push_back(std::vector<float>(50, 0.0f));
  EXPECT_CONTAINS(writeError(path("ragged.wav"), clip), "channels differ in length");
  EXPECT_FALSE(fs::exists(path("ragged.wav")));
}

TEST_F(AudioIo, ResampleForUserKeepsTheSignal) {
  Clip clip;
  clip.sampleRate = 16000;
  clip.channels = {tone(16000, 0.5, 440, 0.5f), tone(16000, 0.5, 880, 0.25f)};
  const Clip up = resampleForUser(clip, 48000);
  EXPECT_EQ(up.sampleRate, 48000);
  ASSERT_EQ(up.channelCount(), 2);
  EXPECT_NEAR(double(up.frames()), 3.0 * clip.frames(), 1.0);
  const auto expected = tone(48000, 0.5, 440, 0.5f);
  float worst = 0;
  for (size_t i = 2400; i + 2400 < expected.size(); ++i)  // away from the edges
    worst = std::max(worst, std::fabs(up.channels[0][i] - expected[i]));
  EXPECT_LT(worst, 1e-3f);
  EXPECT_EQ(resampleForUser(clip, 16000).channels, clip.channels);
  EXPECT_THROW(resampleForUser(clip, 0), AudioError);
}

TEST_F(AudioIo, ProbeReadsTheHeaderOnly) {
  const auto samples = tone(32000, 0.25, 440, 0.5f);
  const ClipInfo info = probeClip(write("probe.flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 32000, {samples}));
  EXPECT_EQ(info.sampleRate, 32000);
  EXPECT_EQ(info.channels, 1);
  EXPECT_EQ(info.frames, std::int64_t(samples.size()));
  EXPECT_CONTAINS(info.format, "FLAC");
}

// ---- bad input ---------------------------------------------------------------

TEST_F(AudioIo, RefusesMissingFile) {
  EXPECT_CONTAINS(refusal(path("nowhere.wav")), "not found");
}

TEST_F(AudioIo, RefusesEmptyFile) {
  writeBytes(path("empty.wav"), "");
  EXPECT_CONTAINS(refusal(path("empty.wav")), "empty");
}

TEST_F(AudioIo, RefusesUnsupportedFormat) {
  writeBytes(path("notes.txt"), "These are some notes, not audio at all.\n");
  EXPECT_CONTAINS(refusal(path("notes.txt")), "unsupported");
}

TEST_F(AudioIo, RefusesCorruptFile) {
  // A WAV header whose format chunk is cut off in the middle.
  writeBytes(path("corrupt.wav"), std::string("RIFF\x24\x10\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00", 22));
  EXPECT_CONTAINS(refusal(path("corrupt.wav")), "corrupt");
}

TEST_F(AudioIo, RefusesClipWithoutSamples) {
  EXPECT_CONTAINS(refusal(write("silent.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, 16000, {{}})),
                  "no audio samples");
}

TEST_F(AudioIo, RefusesNanAndInf) {
  for (const float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
    auto samples = tone(16000, 0.5, 440, 0.5f);
    samples[1234] = bad;
    const std::string message =
        refusal(write("bad.wav", SF_FORMAT_WAV | SF_FORMAT_FLOAT, 16000, {samples}));
    EXPECT_CONTAINS(message, "sample 1234");
    EXPECT_CONTAINS(message, "NaN or Inf");
  }
}

TEST_F(AudioIo, RefusesLowSampleRateNamingIt) {
  const std::string message =
      refusal(write("phone.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, 8000, {tone(8000, 1.0, 440, 0.5f)}));
  EXPECT_CONTAINS(message, "8000 Hz");
  EXPECT_CONTAINS(message, "16000 Hz");
}

TEST_F(AudioIo, RefusesTooShortClipNamingTheMinimum) {
  const std::string message =
      refusal(write("blip.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, 16000, {tone(16000, 0.05, 440, 0.5f)}));
  EXPECT_CONTAINS(message, "0.05 s");
  EXPECT_CONTAINS(message, "at least 0.10 s");
}

TEST_F(AudioIo, RefusesTooLongClipWithItsDuration) {
  const fs::path file =
      write("long.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, 16000, {std::vector<float>(16000 * 31, 0.1f)});
  const std::string message = refusal(file);
  EXPECT_CONTAINS(message, "31.0 s");
  EXPECT_CONTAINS(message, "at most 30.0 s");
  EXPECT_EQ(loadClip(file, ClipLimits::none()).frames(), 16000 * 31);
}

TEST_F(AudioIo, RefusesTwoHourFileWithoutReadingIt) {
  // A 16 kHz PCM16 WAV whose data chunk claims two hours; the file is sparse.
  const std::uint32_t dataBytes = 2u * 3600u * 16000u * 2u;
  auto le32 = [](std::uint32_t v) { return std::string{char(v), char(v >> 8), char(v >> 16), char(v >> 24)}; };
  auto le16 = [](std::uint16_t v) { return std::string{char(v), char(v >> 8)}; };
  const std::string header = "RIFF" + le32(36 + dataBytes) + "WAVE" + "fmt " + le32(16) + le16(1) + le16(1) +
                             le32(16000) + le32(32000) + le16(2) + le16(16) + "data" + le32(dataBytes);
  const fs::path file = path("two-hours.wav");
  writeBytes(file, header);
  fs::resize_file(file, header.size() + dataBytes);

  EXPECT_NEAR(probeClip(file).durationSeconds(), 7200.0, 1e-6);
  // CPU time, not wall time: other tests running beside this one do not count.
  const std::clock_t start = std::clock();
  const std::string message = refusal(file);
  const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  EXPECT_CONTAINS(message, "7200.0 s");
  EXPECT_LT(seconds, 0.5) << "the limit must be checked before decoding";
}

TEST_F(AudioIo, RefusesFolders) {
  EXPECT_CONTAINS(refusal(dir_), "folder");
}

}  // namespace
