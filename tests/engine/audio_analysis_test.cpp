// Clip analysis on synthetic clips whose answers are known.
#include "cosystudio/audio/analysis.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

using namespace cosystudio::audio;

namespace {

constexpr int kRate = 16000;

void appendTone(std::vector<float>& out, double seconds, float amplitude) {
  for (int i = 0; i < int(seconds * kRate); ++i)
    out.push_back(amplitude * float(std::sin(2 * M_PI * 220.0 * i / kRate)));
}

void appendSilence(std::vector<float>& out, double seconds) {
  out.insert(out.end(), size_t(seconds * kRate), 0.0f);
}

Clip monoClip(std::vector<float> samples) {
  Clip clip;
  clip.sampleRate = kRate;
  clip.channels.push_back(std::move(samples));
  return clip;
}

// The advice of that kind, if any.
const Advice* adviceOf(const ClipAnalysis& a, Advice::Kind kind) {
  for (const Advice& item : a.advice)
    if (item.kind == kind) return &item;
  return nullptr;
}

TEST(AudioAnalysis, MeasuresLevelsAndSilences) {
  std::vector<float> s;
  appendSilence(s, 1.5);
  appendTone(s, 2.0, 0.25f);
  appendSilence(s, 0.5);
  appendTone(s, 2.0, 0.25f);
  appendSilence(s, 1.25);
  const ClipAnalysis a = analyseClip(monoClip(s));

  EXPECT_NEAR(a.durationSeconds, 7.25, 1e-9);
  EXPECT_EQ(a.channels, 1);
  EXPECT_NEAR(a.peak, 0.25f, 1e-4);
  EXPECT_NEAR(a.peakDbfs, 20 * std::log10(0.25), 0.01);
  EXPECT_EQ(a.clippedSamples, 0);
  // RMS of a sine is amplitude / sqrt(2), over 4 of the 7.25 seconds.
  EXPECT_NEAR(a.rmsDbfs, 20 * std::log10(0.25 / std::sqrt(2.0) * std::sqrt(4.0 / 7.25)), 0.05);
  EXPECT_NEAR(a.leadingSilenceSeconds, 1.5, 0.011);
  EXPECT_NEAR(a.trailingSilenceSeconds, 1.25, 0.011);
  EXPECT_NEAR(a.longestInternalSilenceSeconds, 0.5, 0.011);
  EXPECT_NEAR(a.internalSilenceSeconds, 0.5, 0.011);
  EXPECT_EQ(a.noiseFloorDbfs, kSilentDbfs);
  EXPECT_TRUE(adviceOf(a, Advice::Kind::LeadingSilence));
  EXPECT_TRUE(adviceOf(a, Advice::Kind::TrailingSilence));
  EXPECT_FALSE(adviceOf(a, Advice::Kind::Clipped));
  EXPECT_FALSE(adviceOf(a, Advice::Kind::Noisy));
}

TEST(AudioAnalysis, CountsClippedSamplesOnEveryChannel) {
  std::vector<float> loud;
  appendTone(loud, 4.0, 1.3f);
  for (float& x : loud) x = std::max(-1.0f, std::min(1.0f, x));
  std::vector<float> quiet;
  appendTone(quiet, 4.0, 0.1f);
  Clip clip = monoClip(quiet);
  clip.channels.push_back(loud);
  const ClipAnalysis a = analyseClip(clip);
  EXPECT_EQ(a.channels, 2);
  EXPECT_EQ(a.peak, 1.0f);
  EXPECT_GT(a.clippedSamples, 1000);
  EXPECT_TRUE(adviceOf(a, Advice::Kind::Clipped));
}

TEST(AudioAnalysis, EstimatesTheNoiseFloor) {
  std::uint32_t state = 12345;
  auto noise = [&] {
    state = state * 1664525u + 1013904223u;
    return (float(state >> 8) / float(1 << 24) - 0.5f) * 0.06f;  // uniform, RMS ~ 0.0173
  };
  std::vector<float> s;
  for (int i = 0; i < kRate; ++i) s.push_back(noise());
  appendTone(s, 4.0, 0.3f);
  for (size_t i = kRate; i < s.size(); ++i) s[i] += noise();
  const ClipAnalysis a = analyseClip(monoClip(s));
  EXPECT_NEAR(a.noiseFloorDbfs, 20 * std::log10(0.06 / std::sqrt(12.0)), 1.5);
  EXPECT_TRUE(adviceOf(a, Advice::Kind::Noisy));
  EXPECT_NEAR(a.leadingSilenceSeconds, 1.0, 0.011);
}

TEST(AudioAnalysis, AdvisesOnLengthAndLevel) {
  std::vector<float> shortQuiet;
  appendTone(shortQuiet, 1.0, 0.01f);
  const ClipAnalysis a = analyseClip(monoClip(shortQuiet));
  const Advice* tooShort = adviceOf(a, Advice::Kind::TooShort);
  ASSERT_TRUE(tooShort);
  EXPECT_DOUBLE_EQ(tooShort->value, 1.0);
  EXPECT_NE(tooShort->text.find("only 1.0 s"), std::string::npos);  // the figure, in the sentence
  const Advice* quiet = adviceOf(a, Advice::Kind::Quiet);
  ASSERT_TRUE(quiet);
  EXPECT_NEAR(quiet->value, a.rmsDbfs, 1e-12);

  std::vector<float> good;
  appendTone(good, 8.0, 0.3f);
  EXPECT_TRUE(analyseClip(monoClip(good)).advice.empty());
}

TEST(AudioAnalysis, HandlesSilentAndEmptyClips) {
  const ClipAnalysis silent = analyseClip(monoClip(std::vector<float>(kRate * 2, 0.0f)));
  EXPECT_EQ(silent.rmsDbfs, kSilentDbfs);
  EXPECT_NEAR(silent.leadingSilenceSeconds, 2.0, 1e-9);
  EXPECT_TRUE(adviceOf(silent, Advice::Kind::NoSound));

  const ClipAnalysis empty = analyseClip(monoClip({}));
  EXPECT_EQ(empty.durationSeconds, 0.0);
  EXPECT_EQ(empty.peak, 0.0f);
}

}  // namespace
