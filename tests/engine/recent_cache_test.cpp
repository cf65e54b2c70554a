// The bound on prepared voices: the least recently used entry goes first.
#include "cosystudio/recent_cache.h"
#include "cosystudio/engine.h"

#include <gtest/gtest.h>

#include <string>

using cosystudio::RecentCache;

TEST(RecentCache, KeepsAtMostItsCapacityDroppingTheLeastRecentlyUsed) {
  RecentCache<std::string, int> cache(3);
  cache.insert("a", 1);
  cache.insert("b", 2);
  cache.insert("c", 3);
  ASSERT_NE(cache.find("a"), nullptr);  // "a" is now the most recent, "b" the least
  cache.insert("d", 4);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_EQ(*cache.find("a"), 1);
  EXPECT_EQ(*cache.find("c"), 3);
  EXPECT_EQ(*cache.find("d"), 4);
}

TEST(RecentCache, InsertingAKeptKeyReplacesItWithoutGrowing) {
  RecentCache<std::string, int> cache(2);
  cache.insert("a", 1);
  cache.insert("b", 2);
  EXPECT_EQ(cache.insert("a", 10), 10);  // "a" most recent again
  EXPECT_EQ(cache.size(), 2u);
  cache.insert("c", 3);
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_EQ(*cache.find("a"), 10);
}

TEST(RecentCache, AThousandVoicesStayWithinTheBound) {
  RecentCache<int, std::string> cache(cosystudio::kCachedVoices);
  for (int i = 0; i < 1000; ++i) cache.insert(i, std::string(1000, 'x'));
  EXPECT_EQ(cache.size(), cosystudio::kCachedVoices);
  for (int i = 0; i < 1000; ++i)
    EXPECT_EQ(cache.find(i) != nullptr, i >= 1000 - int(cosystudio::kCachedVoices)) << i;
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
}
