#include "cosystudio/audio/crossfade.h"

#include <gtest/gtest.h>

using cosystudio::audio::appendWithCrossfade;

namespace {

constexpr int kRate = 24000;
constexpr size_t kFade = kRate / 100;  // 10 ms

std::vector<float> constant(size_t size, float value) { return std::vector<float>(size, value); }

}  // namespace

TEST(Crossfade, FirstPieceIsCopiedAsIs) {
  std::vector<float> joined;
  const std::vector<float> piece = {0.1f, -0.2f, 0.3f};
  appendWithCrossfade(joined, piece.data(), piece.size(), kRate);
  EXPECT_EQ(joined, piece);
}

TEST(Crossfade, EachSeamOverlapsTenMilliseconds) {
  std::vector<float> joined;
  const auto a = constant(1000, 1.0f), b = constant(700, 1.0f);
  appendWithCrossfade(joined, a.data(), a.size(), kRate);
  appendWithCrossfade(joined, b.data(), b.size(), kRate);
  ASSERT_EQ(joined.size(), a.size() + b.size() - kFade);
  // Equal levels stay equal through the seam: the weights sum to one.
  for (float v : joined) EXPECT_FLOAT_EQ(v, 1.0f);
}

TEST(Crossfade, SeamRampsFromTheOldPieceToTheNew) {
  std::vector<float> joined;
  const auto silence = constant(1000, 0.0f), tone = constant(1000, 1.0f);
  appendWithCrossfade(joined, silence.data(), silence.size(), kRate);
  appendWithCrossfade(joined, tone.data(), tone.size(), kRate);
  const size_t seam = silence.size() - kFade;
  EXPECT_EQ(joined[seam - 1], 0.0f);
  for (size_t i = seam; i + 1 < silence.size(); ++i) EXPECT_LT(joined[i], joined[i + 1]);
  EXPECT_GT(joined[seam], 0.0f);
  EXPECT_LT(joined[silence.size() - 1], 1.0f);
  EXPECT_EQ(joined[silence.size()], 1.0f);
}

TEST(Crossfade, PiecesShorterThanTheFadeOverlapByTheirLength) {
  std::vector<float> joined;
  const auto a = constant(1000, 0.5f), shortPiece = constant(30, 0.5f);
  appendWithCrossfade(joined, a.data(), a.size(), kRate);
  appendWithCrossfade(joined, shortPiece.data(), shortPiece.size(), kRate);
  EXPECT_EQ(joined.size(), a.size());  // wholly inside the fade of the previous piece
}
