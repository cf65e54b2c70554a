#include "pipeline/stream_schedule.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using cosystudio::StreamSchedule;
using cosystudio::TokenChunk;

namespace {

// Replays generation token by token, cutting chunks as soon as they are due.
std::vector<TokenChunk> chunksFor(int promptTokens, int generated) {
  StreamSchedule schedule(promptTokens);
  std::vector<TokenChunk> chunks;
  for (int n = 1; n <= generated; ++n)
    while (auto chunk = schedule.next(n)) chunks.push_back(*chunk);
  chunks.push_back(schedule.finish(generated));
  return chunks;
}

}  // namespace

TEST(StreamSchedule, FirstChunkEndsOnAHopBoundaryOfPromptPlusGenerated) {
  const auto chunks = chunksFor(113, 112);  // 113 prompt tokens: pad 12
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0].tokenCount, 25 + 12 + 3);
  EXPECT_EQ(chunks[0].tokenOffset, 0);
  EXPECT_EQ(chunks[1].tokenCount, 37 + 50 + 3);
  EXPECT_EQ(chunks[1].tokenOffset, 37);
  EXPECT_TRUE(chunks[2].finalize);
  EXPECT_EQ(chunks[2].tokenOffset, 87);
}

TEST(StreamSchedule, HopGrowsToAtMostOneHundred) {
  const auto chunks = chunksFor(100, 400);
  std::vector<int> offsets;
  for (const auto& c : chunks) offsets.push_back(c.tokenOffset);
  EXPECT_EQ(offsets, (std::vector<int>{0, 25, 75, 175, 275, 375}));
}

TEST(StreamSchedule, TooFewTokensGiveOnlyTheFinalChunk) {
  const auto chunks = chunksFor(113, 39);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_TRUE(chunks[0].finalize);
  EXPECT_EQ(chunks[0].tokenCount, 39);
}

// Every streaming golden case records the official token2wav calls.
TEST(StreamSchedule, MatchesEveryGoldenStreamingCase) {
  const fs::path golden = fs::path(COSYSTUDIO_FIXTURES_DIR) / "e2e" / "golden";
  int checked = 0;
  for (const auto& model : fs::directory_iterator(golden)) {
    for (const auto& caseDir : fs::directory_iterator(model.path())) {
      const fs::path manifestFile = caseDir.path() / "manifest.json";
      if (!fs::exists(manifestFile)) continue;
      const auto manifest = nlohmann::json::parse(std::ifstream(manifestFile));
      if (!manifest["inputs"]["stream"].get<bool>()) continue;
      for (const auto& segment : manifest["segments"]) {
        const auto& recorded = segment["chunks"];
        const int prompt = recorded[0]["flow_kwargs"]["prompt_token_len"];
        const auto chunks = chunksFor(prompt, segment["n_tokens_to_flow"]);
        ASSERT_EQ(chunks.size(), recorded.size()) << caseDir.path();
        for (size_t i = 0; i < chunks.size(); ++i) {
          EXPECT_EQ(chunks[i].tokenCount, recorded[i]["token2wav_n_tokens"].get<int>());
          EXPECT_EQ(chunks[i].tokenOffset, recorded[i]["token_offset"].get<int>());
          EXPECT_EQ(chunks[i].finalize, recorded[i]["finalize"].get<bool>());
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 0);
}
