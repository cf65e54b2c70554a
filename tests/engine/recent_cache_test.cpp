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

TEST(RecentCache, DropsTheLeastRecentlyUsedUntilTheBytesFit) {
  RecentCache<std::string, int> cache(8, 100);
  cache.insert("a", 1, 40);
  cache.insert("b", 2, 40);
  ASSERT_NE(cache.find("a"), nullptr);  // "b" is now the least recent
  cache.insert("c", 3, 40);
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.bytes(), 80u);
  cache.insert("a", 10, 10);  // replacing an entry replaces its size
  EXPECT_EQ(cache.bytes(), 50u);
  cache.insert("d", 4, 500);  // over the bound alone: kept, as it is in use, and alone
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(*cache.find("d"), 4);
  cache.clear();
  EXPECT_EQ(cache.bytes(), 0u);
}

TEST(RecentCache, EightOrdinaryVoicesFitTheByteBound) {
  // A 30 s clip at 48 kHz: 5.8 MB of clip, 0.5 MB of prompt mel (1500 frames
  // × 80 bins), 0.5 MB of device features; the count is what bounds them.
  constexpr std::size_t kLargestOrdinaryVoice = 30 * 48000 * 4 + 2 * 1500 * 80 * 4 + 2 * 750 * 8;
  EXPECT_GE(cosystudio::kCachedVoiceBytes, cosystudio::kCachedVoices * kLargestOrdinaryVoice);
}

// What the flow asks to drop the graphs whose inputs went: it must not make
// an entry recent.
TEST(RecentCache, ContainsLeavesTheOrderAsItIs) {
  RecentCache<std::string, int> cache(2);
  cache.insert("a", 1);
  cache.insert("b", 2);
  EXPECT_TRUE(cache.contains("a"));
  EXPECT_FALSE(cache.contains("z"));
  cache.insert("c", 3);  // "a" is still the least recent
  EXPECT_FALSE(cache.contains("a"));
  EXPECT_TRUE(cache.contains("b"));
  EXPECT_TRUE(cache.contains("c"));
}
