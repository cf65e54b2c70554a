#include "report.h"

#include <gtest/gtest.h>

using cosystudio::parity::Report;

namespace {

constexpr double kTolerance = 1e-4;

// One row of five candidates, best first: 7 and 3 lie 5e-5 apart, 3 and 9
// 1e-3, and 9, 4 and 2 form a chain 6e-5 apart at each step.
const at::Tensor& goldenIds() {
  static const at::Tensor ids = at::tensor({7, 3, 9, 4, 2}, at::kLong).unsqueeze(0);
  return ids;
}
const at::Tensor& goldenLogp() {
  static const at::Tensor logp = at::tensor({-1.0, -1.00005, -1.00105, -1.00111, -1.00117}).unsqueeze(0);
  return logp;
}

bool ranked(std::initializer_list<int64_t> ids) {
  Report report;
  const bool ok =
      report.ranked("ids", at::tensor(ids, at::kLong).unsqueeze(0), goldenIds(), goldenLogp(), kTolerance);
  EXPECT_EQ(report.passed() + report.failed(), 1);
  EXPECT_EQ(report.passed(), ok ? 1 : 0);
  return ok;
}

}  // namespace

TEST(ParityRanked, TheGoldenOrderPasses) { EXPECT_TRUE(ranked({7, 3, 9, 4, 2})); }

TEST(ParityRanked, CandidatesCloserThanTheToleranceMaySwap) { EXPECT_TRUE(ranked({3, 7, 9, 4, 2})); }

TEST(ParityRanked, CandidatesFurtherApartMayNotSwap) { EXPECT_FALSE(ranked({7, 9, 3, 4, 2})); }

// Each step of the chain is a near-tie, but 9 and 2 lie 1.2e-4 apart.
TEST(ParityRanked, AnIdMayNotMoveAcrossAWiderGapThroughAChainOfTies) {
  EXPECT_TRUE(ranked({7, 3, 4, 9, 2}));
  EXPECT_TRUE(ranked({7, 3, 9, 2, 4}));
  EXPECT_FALSE(ranked({7, 3, 4, 2, 9}));
}

TEST(ParityRanked, AMissingOrRepeatedIdFails) {
  EXPECT_FALSE(ranked({7, 3, 9, 4, 5}));
  EXPECT_FALSE(ranked({3, 3, 9, 4, 2}));
}

TEST(ParityRanked, EveryRowIsJudgedByItsOwnScores) {
  const at::Tensor ids = at::cat({goldenIds(), goldenIds()});
  const at::Tensor logp = at::cat({goldenLogp(), at::tensor({-1.0, -2.0, -3.0, -4.0, -5.0}).unsqueeze(0)});
  const at::Tensor swapped = at::tensor({3, 7, 9, 4, 2}, at::kLong).unsqueeze(0);
  Report report;
  EXPECT_TRUE(report.ranked("first row", at::cat({swapped, goldenIds()}), ids, logp, kTolerance));
  EXPECT_FALSE(report.ranked("second row", at::cat({goldenIds(), swapped}), ids, logp, kTolerance));
}

TEST(ParityRanked, AnotherShapeFails) {
  Report report;
  EXPECT_FALSE(report.ranked("ids", goldenIds().narrow(1, 0, 4), goldenIds(), goldenLogp(), kTolerance));
}
