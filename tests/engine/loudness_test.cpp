#include "cosystudio/audio/loudness.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cosystudio::audio;

namespace {

constexpr int kRate = 48000;

std::vector<float> sine(double amplitude, double seconds = 5.0, double hz = 1000.0) {
  std::vector<float> out(size_t(seconds * kRate));
  for (size_t i = 0; i < out.size(); ++i) out[i] = float(amplitude * std::sin(2 * M_PI * hz * double(i) / kRate));
  return out;
}

}  // namespace

TEST(Loudness, A1kHzSineReadsAsTheStandardSays) {
  // EBU Tech 3341: a full-scale 1 kHz sine in one channel reads -3.01 LUFS.
  EXPECT_NEAR(*integratedLoudness(sine(1.0), kRate), -3.01, 0.05);
  EXPECT_NEAR(*integratedLoudness(sine(0.5), kRate), -3.01 - 6.02, 0.05);
  EXPECT_NEAR(truePeakDbfs(sine(0.5), kRate), -6.02, 0.1);
}

TEST(Loudness, SilenceHasNoLoudnessAndIsLeftAlone) {
  std::vector<float> silence(kRate, 0.0f);
  EXPECT_FALSE(integratedLoudness(silence, kRate));
  const MasteringReport report = master(silence, kRate, -16.0);
  EXPECT_EQ(report.gainDb, 0.0);
  EXPECT_FALSE(report.peakLimited);
  for (float s : silence) ASSERT_EQ(s, 0.0f);
}

TEST(Loudness, MasteringReachesTheTarget) {
  std::vector<float> audio = sine(0.5);
  const MasteringReport report = master(audio, kRate, -16.0);
  EXPECT_NEAR(report.gainDb, -16.0 + 9.03, 0.05);
  EXPECT_FALSE(report.peakLimited);
  EXPECT_NEAR(*integratedLoudness(audio, kRate), -16.0, 0.05);
}

TEST(Loudness, AudioThatIsAllPeaksMissesTheTargetAndSaysByHowMuch) {
  // +6 dB would put a sine at 0 dBTP: its loudness cannot pass ceiling - 3 dB,
  // whatever the limiter does, so the level stays short of the target.
  std::vector<float> audio = sine(0.5);
  const MasteringReport report = master(audio, kRate, -3.0);
  EXPECT_TRUE(report.peakLimited);
  EXPECT_LE(report.truePeakAfterDbfs, -1.0);
  EXPECT_NEAR(truePeakDbfs(audio, kRate), report.truePeakAfterDbfs, 1e-9);
  EXPECT_NEAR(*report.loudnessAfter, *integratedLoudness(audio, kRate), 1e-9);
  EXPECT_NEAR(report.heldBackDb, -3.0 - *report.loudnessAfter, 1e-9);
  EXPECT_GT(report.heldBackDb, 0.5);
}

TEST(Loudness, WithoutATargetAudioAboveTheCeilingIsOnlyTurnedDown) {
  std::vector<float> hot = sine(1.0);
  const MasteringReport report = master(hot, kRate, std::nullopt, -1.0);
  EXPECT_TRUE(report.peakLimited);
  EXPECT_EQ(report.limitedDb, 0.0);
  EXPECT_NEAR(report.heldBackDb, -report.gainDb, 1e-12);
  EXPECT_NEAR(truePeakDbfs(hot, kRate), -1.0, 0.1);
}

// Quiet speech with a few loud syllables: what a take at -22.5 LUFS with its
// peaks near the ceiling looks like to the meter.
std::vector<float> quietWithBursts() {
  std::vector<float> audio = sine(0.04, 10.0, 220.0);
  for (size_t start = kRate / 2; start + kRate / 50 < audio.size(); start += kRate)
    for (size_t i = start; i < start + kRate / 50; ++i) audio[i] *= 10.0f;  // 20 ms at -8 dBFS each second
  return audio;
}

TEST(Loudness, TheLimiterTakesThePeaksDownSoTheTargetIsReached) {
  std::vector<float> audio = quietWithBursts();
  const double before = *integratedLoudness(audio, kRate);
  const double peakBefore = truePeakDbfs(audio, kRate);
  const MasteringReport report = master(audio, kRate, -16.0);
  // Linear gain alone would have stopped at the ceiling, more than 4 dB short.
  ASSERT_GT(-16.0 - before, -1.0 - peakBefore + 4.0);
  EXPECT_FALSE(report.peakLimited);
  EXPECT_EQ(report.heldBackDb, 0.0);
  EXPECT_NEAR(*integratedLoudness(audio, kRate), -16.0, 0.1);
  EXPECT_NEAR(*report.loudnessAfter, -16.0, 0.1);
  EXPECT_LE(truePeakDbfs(audio, kRate), -1.0);
  EXPECT_GT(report.limitedDb, 4.0);
  EXPECT_LE(report.limitedDb, kMaxLimitingDb);
}

TEST(Loudness, TheLimiterLeavesAudioAwayFromThePeaksAlone) {
  std::vector<float> audio = quietWithBursts();
  const std::vector<float> original = audio;
  const MasteringReport report = master(audio, kRate, -16.0);
  const double gain = std::pow(10.0, report.gainDb / 20.0);
  // From 0.4 s after a burst the release has brought the gain back to within
  // 1 % (0.09 dB) of the take's own.
  for (size_t i = size_t(0.92 * kRate); i < size_t(1.49 * kRate); ++i)
    ASSERT_NEAR(audio[i], original[i] * gain, 0.01 * std::abs(original[i] * gain) + 1e-7) << i;
  // Inside a burst the gain is lower, and it never jumps: each step is small.
  EXPECT_LT(std::abs(audio[kRate / 2 + kRate / 100]), std::abs(original[kRate / 2 + kRate / 100]) * gain * 0.8);
}

TEST(Loudness, TooLittleRoomForTheLimiterHoldsTheLevelBack) {
  // -8 LUFS would need the bursts some 13 dB down, more than kMaxLimitingDb:
  // the level stays short of the target and the report says by how much.
  std::vector<float> audio = quietWithBursts();
  const MasteringReport report = master(audio, kRate, -8.0);
  EXPECT_TRUE(report.peakLimited);
  EXPECT_NEAR(report.limitedDb, kMaxLimitingDb, 0.5);
  EXPECT_LE(truePeakDbfs(audio, kRate), -1.0);
  EXPECT_GT(report.heldBackDb, 2.0);
  EXPECT_NEAR(report.heldBackDb, -8.0 - *integratedLoudness(audio, kRate), 1e-9);
}
