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

TEST(Loudness, ThePeakGuardWinsOverTheTarget) {
  std::vector<float> audio = sine(0.5);
  const MasteringReport report = master(audio, kRate, -3.0);  // +6 dB would reach 0 dBFS
  EXPECT_TRUE(report.peakLimited);
  EXPECT_NEAR(report.truePeakAfterDbfs, -1.0, 1e-9);
  EXPECT_NEAR(truePeakDbfs(audio, kRate), -1.0, 0.1);
  // Without a target, audio above the ceiling is only turned down.
  std::vector<float> hot = sine(1.0);
  EXPECT_TRUE(master(hot, kRate, std::nullopt).peakLimited);
  EXPECT_NEAR(truePeakDbfs(hot, kRate), -1.0, 0.1);
}
