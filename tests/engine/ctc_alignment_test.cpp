// CTC forced alignment (engine/src/asr/ctc_alignment.h) on constructed
// log-probabilities whose best path is known: a blank between equal
// neighbours, blanks before and after, FunASR's ties, too few frames; against
// every path for small random cases; and the word timings the recogniser
// gives a text (its parity with FunASR's timestamps is `cosystudio-parity
// sensevoice`).
#include "asr/ctc_alignment.h"
#include "cosystudio/recognizer.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>

using namespace cosystudio;
using cosystudio::test::errorOf;

namespace {

constexpr int64_t B = asr::kCtcBlank;
constexpr float kLikely = -0.1f, kUnlikely = -5.0f;

// (T, V) log-probs where frame t favours path[t] and finds every other label unlikely.
at::Tensor favouring(const std::vector<int64_t>& path, int64_t vocabulary) {
  auto lp = at::full({static_cast<int64_t>(path.size()), vocabulary}, kUnlikely);
  for (std::size_t t = 0; t < path.size(); ++t) lp[t][path[t]] = kLikely;
  return lp;
}

// Log-probs given frame by frame.
at::Tensor frames(const std::vector<std::vector<float>>& rows) {
  std::vector<at::Tensor> stacked;
  for (const auto& row : rows) stacked.push_back(at::tensor(row));
  return at::stack(stacked);
}

}  // namespace

TEST(CtcAlignment, FollowsTheLikelyPathWithABlankBetweenEqualNeighbours) {
  //               t: 0  1  2  3  4  5  6  7
  const std::vector<int64_t> path = {B, 2, 2, 3, B, 3, 4, B};
  const auto alignment = asr::ctcForcedAlign(favouring(path, 5), {2, 3, 3, 4});
  EXPECT_EQ(alignment.framePath, path);
  EXPECT_EQ(alignment.firstFrame, (std::vector<int64_t>{1, 3, 5, 6}));
  EXPECT_EQ(alignment.lastFrame, (std::vector<int64_t>{2, 3, 5, 6}));
}

TEST(CtcAlignment, PutsEqualNeighboursApartEvenWhereNoFrameHearsABlank) {
  // Every frame says 3: the two 3s still need the blank between them.
  const auto alignment = asr::ctcForcedAlign(favouring({3, 3, 3}, 4), {3, 3});
  EXPECT_EQ(alignment.framePath, (std::vector<int64_t>{3, B, 3}));
  EXPECT_EQ(alignment.firstFrame, (std::vector<int64_t>{0, 2}));
  EXPECT_EQ(alignment.lastFrame, (std::vector<int64_t>{0, 2}));
}

TEST(CtcAlignment, LeavesBlanksBeforeAndAfter) {
  const std::vector<int64_t> path = {B, B, B, 1, B, B};
  const auto alignment = asr::ctcForcedAlign(favouring(path, 3), {1});
  EXPECT_EQ(alignment.framePath, path);
  EXPECT_EQ(alignment.firstFrame, std::vector<int64_t>{3});
  EXPECT_EQ(alignment.lastFrame, std::vector<int64_t>{3});
}

TEST(CtcAlignment, BreaksTiesAsFunAsr) {
  // Frame 2 enters label 2 from the blank after label 1 or straight from
  // label 1, both scoring -1: the one step (through the blank) comes first.
  auto alignment = asr::ctcForcedAlign(frames({{-10, 0, -10}, {-1, -1, -5}, {-10, -10, 0}}), {1, 2});
  EXPECT_EQ(alignment.framePath, (std::vector<int64_t>{1, B, 2}));
  // The path may end on the last label or the final blank, both -1: the label.
  alignment = asr::ctcForcedAlign(frames({{-10, 0}, {-1, -1}}), {1});
  EXPECT_EQ(alignment.framePath, (std::vector<int64_t>{1, 1}));
  // Everything equal: staying comes first, so each label keeps to as early a
  // frame as it can and the last one lasts to the end.
  alignment = asr::ctcForcedAlign(at::zeros({5, 3}), {1, 2});
  EXPECT_EQ(alignment.framePath, (std::vector<int64_t>{1, 2, 2, 2, 2}));
  EXPECT_EQ(alignment.lastFrame, (std::vector<int64_t>{0, 4}));
}

TEST(CtcAlignment, RefusesWhatCannotBeAligned) {
  EXPECT_EQ(asr::ctcFramesNeeded({3, 3, 4, 4, 4}), 8);  // 5 labels and 3 blanks between equal neighbours
  EXPECT_EQ(errorOf([] { asr::ctcForcedAlign(at::zeros({2, 5}), {3, 3}); }), "2 labels need 3 frames; there are 2");
  EXPECT_EQ(errorOf([] { asr::ctcForcedAlign(at::zeros({2, 5}), {1, 2, 3}); }), "3 labels need 3 frames; there are 2");
  EXPECT_EQ(errorOf([] { asr::ctcForcedAlign(at::zeros({2, 5}), {}); }), "no labels to align");
  EXPECT_EQ(errorOf([] { asr::ctcForcedAlign(at::zeros({2, 5}), {0}); }), "label 0 is outside 1..4");
  EXPECT_EQ(errorOf([] { asr::ctcForcedAlign(at::zeros({2, 5}), {5}); }), "label 5 is outside 1..4");
  auto never = at::zeros({2, 3});
  never.select(1, 2).fill_(-std::numeric_limits<float>::infinity());
  EXPECT_EQ(errorOf([&] { asr::ctcForcedAlign(never, {2}); }), "the log-probs leave no path through the labels");
}

// Against every path of small random cases: the aligner's path says the labels
// and scores as well as the best of all.
TEST(CtcAlignment, FindsTheBestOfAllPaths) {
  at::manual_seed(7);
  const std::vector<std::vector<int64_t>> cases = {{1}, {1, 2}, {2, 2}, {1, 2, 1}, {3, 3, 3}};
  for (const auto& labels : cases) {
    for (int64_t length = asr::ctcFramesNeeded(labels); length <= 7; ++length) {
      const auto lp = at::log_softmax(at::randn({length, 4}) * 3, -1);
      const auto at2 = lp.accessor<float, 2>();
      // Depth-first over the CTC states blank y1 blank … yL blank.
      const int64_t states = 2 * static_cast<int64_t>(labels.size()) + 1;
      const auto labelOf = [&](int64_t s) { return s % 2 ? labels[s / 2] : B; };
      double best = -std::numeric_limits<double>::infinity();
      std::function<void(int64_t, int64_t, double)> walk = [&](int64_t t, int64_t s, double score) {
        score += at2[t][labelOf(s)];
        if (t == length - 1) {
          if (s >= states - 2) best = std::max(best, score);
          return;
        }
        for (int64_t next = s; next <= std::min(s + 2, states - 1); ++next)
          if (next < s + 2 || (next % 2 && labelOf(next) != labelOf(s))) walk(t + 1, next, score);
      };
      walk(0, 0, 0);
      walk(0, 1, 0);

      const auto alignment = asr::ctcForcedAlign(lp, labels);
      double score = 0;
      std::vector<int64_t> said;
      for (int64_t t = 0; t < length; ++t) {
        score += at2[t][alignment.framePath[t]];
        const bool newRun = t == 0 || alignment.framePath[t] != alignment.framePath[t - 1];
        if (alignment.framePath[t] != B && newRun) said.push_back(alignment.framePath[t]);
      }
      EXPECT_EQ(said, labels) << length << " frames";
      EXPECT_NEAR(score, best, 1e-4) << length << " frames";
      for (std::size_t k = 0; k < labels.size(); ++k) {
        EXPECT_EQ(alignment.framePath[alignment.firstFrame[k]], labels[k]);
        EXPECT_EQ(alignment.framePath[alignment.lastFrame[k]], labels[k]);
      }
    }
  }
}

TEST(CtcAlignment, MakesTheBlankCertainWhereItIsTheBestLabel) {
  const auto lp = frames({{-0.5f, -1.0f}, {-2.0f, -0.2f}, {-0.7f, -0.7f}});
  const auto sharpened = asr::blankCertainWhereBest(lp);
  // The first of equal labels is the best, as argmax takes it.
  EXPECT_TRUE(at::equal(sharpened, frames({{0.0f, -1.0f}, {-2.0f, -0.2f}, {0.0f, -0.7f}})));
  EXPECT_TRUE(at::equal(lp, frames({{-0.5f, -1.0f}, {-2.0f, -0.2f}, {-0.7f, -0.7f}}))) << "the input is left alone";
}

TEST(CtcAlignment, TimesFramesAsFunAsr) {
  // 60 ms frames, each time half a frame before the frame's start, the first
  // from 0 and the last to the end of the last frame's time.
  auto span = asr::ctcSpanSeconds(0, 1, 10, 60);
  EXPECT_EQ(span.start, 0.0);
  EXPECT_EQ(span.end, 0.03);
  span = asr::ctcSpanSeconds(3, 5, 10, 60);
  EXPECT_EQ(span.start, 0.15);
  EXPECT_EQ(span.end, 0.27);
  EXPECT_EQ(asr::ctcSpanSeconds(9, 10, 10, 60).end, 0.57);
}

namespace {

const std::filesystem::path kSenseVoice = std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "sensevoice";

}  // namespace

TEST(RecognizerAlignment, TimesEachWordOfTheText) {
  const auto recognizer = Recognizer::load(kSenseVoice / "model");
  const auto clip = audio::loadClip(kSenseVoice / "public_22k/input.wav");
  // A piece after a space starts a word, a lone space parts two, a Chinese
  // character stands alone, punctuation stays with the word before it, and a
  // piece of several Chinese characters is one word.
  const std::string text = "hello world, 质量可靠。the cat 散散%";
  const auto words = recognizer->align(clip, text);
  std::vector<std::string> written;
  for (const auto& word : words) written.push_back(word.text);
  EXPECT_EQ(written, (std::vector<std::string>{"hello", "world,", "质量可靠。", "the", "cat", "散", "散%"}));
  const double length = clip.durationSeconds();
  for (std::size_t i = 0; i < words.size(); ++i) {
    EXPECT_LT(words[i].startSeconds, words[i].endSeconds) << words[i].text;
    EXPECT_LE(words[i].endSeconds, length) << words[i].text;
    if (i > 0) EXPECT_LE(words[i - 1].endSeconds, words[i].startSeconds) << words[i].text;
  }
  EXPECT_TRUE(recognizer->align(clip, "  ").empty());
}

TEST(RecognizerAlignment, RefusesWhatItCannotAlign) {
  const auto recognizer = Recognizer::load(kSenseVoice / "model");
  const auto clip = audio::loadClip(kSenseVoice / "public_22k/input.wav");
  EXPECT_EQ(errorOf([&] { recognizer->align(clip, "ok 🙂 ok 🎉"); }),
            "the recogniser's vocabulary has no piece for '🙂', '🎉'");
  EXPECT_EQ(errorOf([&] { recognizer->align(clip, "ok", "fr"); }), "the recogniser knows no language 'fr'");
  audio::Clip short_{{std::vector<float>(16000 / 2, 0.0f)}, 16000, "half.wav"};
  EXPECT_EQ(errorOf([&] { recognizer->align(short_, "散散散散散散"); }),
            "half.wav is too short for the text: its 6 pieces need 11 frames of 60 ms, the clip has 8");
  EXPECT_NE(errorOf([&] { recognizer->align(clip, std::string("ok \xFF")); }).find("not UTF-8"), std::string::npos);
}
