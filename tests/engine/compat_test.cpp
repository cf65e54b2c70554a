#include "core/torch_compat.h"

#include <gtest/gtest.h>

// compat::attention must give the textbook result whichever path it takes.
TEST(TorchCompat, AttentionMatchesSoftmaxFormula) {
  at::manual_seed(1);
  const auto q = at::randn({1, 2, 5, 8});
  const auto k = at::randn({1, 2, 7, 8});
  const auto v = at::randn({1, 2, 7, 8});
  auto mask = at::zeros({1, 1, 5, 7});
  mask.index_put_({0, 0, 0, 6}, -1e9);
  const double scale = 0.3;

  const auto got = cosystudio::compat::attention(q, k, v, mask, scale);
  const auto expected = at::matmul(at::softmax(at::matmul(q, k.transpose(-2, -1)) * scale + mask, -1), v);
  EXPECT_TRUE(at::allclose(got, expected, 1e-5, 1e-6));
}
