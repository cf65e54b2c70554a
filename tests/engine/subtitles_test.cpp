// Subtitles: the SRT and WebVTT writers, the parser on files as they are found
// in the wild, cue times from sample offsets, and the user's words of each
// segment that the cues show.
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/text/subtitles.h"
#include "cosystudio/text/text_normalize.h"
#include "cosystudio/text/tokenizer.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace cosystudio::text;
using cosystudio::audio::SampleSpan;
using Cues = std::vector<SubtitleCue>;

SubtitleCue cue(std::int64_t startMs, std::int64_t endMs, std::string text) {
  return {0, startMs, endMs, std::move(text)};
}

// Times and text: what a file says (the index is only its numbering).
void expectSameCues(const Cues& actual, const Cues& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    EXPECT_EQ(actual[i].startMs, expected[i].startMs) << "cue " << i;
    EXPECT_EQ(actual[i].endMs, expected[i].endMs) << "cue " << i;
    EXPECT_EQ(actual[i].text, expected[i].text) << "cue " << i;
  }
}

// The line a parse error names, or 0 when it parses.
std::size_t errorLine(std::string_view file, std::string* message = nullptr) {
  try {
    parseSubtitles(file);
  } catch (const SubtitleError& e) {
    if (message) *message = e.what();
    return e.line();
  }
  return 0;
}

const Cues kCues = {cue(0, 1234, "你好，世界。"), cue(1234, 3'600'000 + 62'005, "Two\nlines & <more>")};

}  // namespace

TEST(SubtitleWriter, SrtNumbersCuesWithCommaTimes) {
  EXPECT_EQ(toSrt(kCues),
            "1\n00:00:00,000 --> 00:00:01,234\n你好，世界。\n\n"
            "2\n00:00:01,234 --> 01:01:02,005\nTwo\nlines & <more>\n\n");
  EXPECT_EQ(std::string(subtitleSuffix(SubtitleFormat::Srt)), ".srt");
}

TEST(SubtitleWriter, WebVttHasItsHeaderDotTimesAndEscapes) {
  EXPECT_EQ(toWebVtt(kCues),
            "WEBVTT\n\n"
            "00:00:00.000 --> 00:00:01.234\n你好，世界。\n\n"
            "00:00:01.234 --> 01:01:02.005\nTwo\nlines &amp; &lt;more&gt;\n\n");
  EXPECT_EQ(writeSubtitles(kCues, SubtitleFormat::WebVtt), toWebVtt(kCues));
  EXPECT_EQ(std::string(subtitleSuffix(SubtitleFormat::WebVtt)), ".vtt");
}

TEST(SubtitleWriter, BlankLinesInACueAreDropped) {
  EXPECT_EQ(toSrt({cue(0, 500, "first\n\n  \nsecond\n")}), "1\n00:00:00,000 --> 00:00:00,500\nfirst\nsecond\n\n");
}

TEST(SubtitleParser, ReadsSrtAsFoundInTheWild) {
  // A byte-order mark, CRLF, a cue without its number, one without the blank
  // line before the next, dot decimals, a time without hours, tags, an
  // override code, extra blank lines and trailing blanks.
  const std::string file =
      "\xEF\xBB\xBF"
      "1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i> there,\r\n<font color=\"#ff0\">friend</font>.\r\n\r\n\r\n"
      "00:00:03.000 --> 00:00:04.000  \r\n{\\an8}No number.\r\n"
      "7\r\n00:05,5 --> 00:06,25\r\nNo blank line before me.\r\n   \r\n";
  const Cues cues = parseSubtitles(file);
  expectSameCues(cues, {cue(1000, 2500, "Hello there,\nfriend."), cue(3000, 4000, "No number."),
                        cue(5500, 6250, "No blank line before me.")});
  EXPECT_EQ(cues[0].index, 1);
  EXPECT_EQ(cues[1].index, 2);  // its position
  EXPECT_EQ(cues[2].index, 7);
}

TEST(SubtitleParser, AnSrtArrowJoinedByATagTakenOutIsNotATimingLine) {
  const auto cues = parseSubtitles("1\n00:00:01,000 --> 00:00:02,000\nleft --<b>> right\n");
  ASSERT_EQ(cues.size(), 1u);
  EXPECT_EQ(cues[0].text, "left -> right");
  const auto again = parseSubtitles(writeSubtitles(cues, SubtitleFormat::Srt));
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].text, "left -> right");
}

TEST(SubtitleParser, ReadsOldMacLineEnds) {
  expectSameCues(parseSubtitles("1\r00:00:00,000 --> 00:00:01,000\rone\r\r2\r00:00:01,000 --> 00:00:02,000\rtwo\r"),
                 {cue(0, 1000, "one"), cue(1000, 2000, "two")});
}

TEST(SubtitleParser, ReadsWebVttWithItsBlocksAndSettings) {
  const std::string file =
      "WEBVTT - a title\nKind: captions\nLanguage: en\n\n"
      "STYLE\n::cue { color: yellow }\n\n"
      "NOTE this is\nnot a cue\n\n"
      "intro\n00:01.000 --> 00:02.000 align:start position:10%\n<v Roger>Hi &amp; welcome&nbsp;<c.loud>all</c>\n\n"
      "00:00:02.000 --> 00:00:03.500\n<00:00:02.500>Karaoke &lt;tag&gt;\n";
  expectSameCues(parseSubtitles(file),
                 {cue(1000, 2000, "Hi & welcome\u00A0all"), cue(2000, 3500, "Karaoke <tag>")});
}

TEST(SubtitleParser, AnEmptyFileOrAHeaderAloneHasNoCues) {
  EXPECT_TRUE(parseSubtitles("").empty());
  EXPECT_TRUE(parseSubtitles("\xEF\xBB\xBF\r\n\r\n").empty());
  EXPECT_TRUE(parseSubtitles("WEBVTT\n\nNOTE nothing yet\n").empty());
}

TEST(SubtitleParser, BadInputNamesItsLine) {
  std::string message;
  EXPECT_EQ(errorLine("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 -> 00:00:04,000\nbad arrow\n", &message),
            6u);
  EXPECT_NE(message.find("line 6: expected the times of cue 2"), std::string::npos) << message;
  EXPECT_EQ(errorLine("1\n00:00:01,000 --> 00:61:02,000\nminutes\n", &message), 2u);
  EXPECT_NE(message.find("line 2: the times \"00:00:01,000 --> 00:61:02,000\""), std::string::npos) << message;
  EXPECT_EQ(errorLine("1\n00:00:05,000 --> 00:00:04,000\nbackwards\n", &message), 2u);
  EXPECT_NE(message.find("ends before it starts"), std::string::npos) << message;
  EXPECT_EQ(errorLine("WEBVTT\n\n00:00.000 --> soon\ntext\n"), 3u);
  EXPECT_EQ(errorLine("00:00:01,000 --> 00:00:02,000x\n"), 1u);
  EXPECT_EQ(errorLine("1\n00:00:01,000 --> 0000000000:00:02,000\n"), 2u);  // more hours than fit
  EXPECT_EQ(errorLine("just some text\n"), 1u);
}

TEST(SubtitleParser, WhatIsWrittenReadsBack) {
  const Cues cues = {cue(0, 999, "line one\nline two"), cue(999, 1000, "a < b && c --> d"), cue(5000, 86'400'000, "")};
  expectSameCues(parseSubtitles(toWebVtt(cues)), cues);
  const Cues plain = {cues[0], cue(999, 1000, "a & b"), cues[2]};
  expectSameCues(parseSubtitles(toSrt(plain)), plain);
}

TEST(SubtitleTimes, SampleOffsetsRoundToTheNearestMillisecond) {
  EXPECT_EQ(samplesToMs(36000, 24000), 1500);
  EXPECT_EQ(samplesToMs(11, 24000), 0);  // 0.458 ms
  EXPECT_EQ(samplesToMs(12, 24000), 1);  // 0.5 ms rounds up
  EXPECT_EQ(samplesToMs(44099, 44100), 1000);
}

TEST(SubtitleTimes, SpansAreWhereTheJoinPutsEachPiece) {
  const std::vector<std::size_t> sizes = {1000, 100, 0, 5, 3000};
  std::vector<float> joined;
  const auto spans = cosystudio::audio::crossfadeSpans(sizes, 24000);
  ASSERT_EQ(spans.size(), sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const std::vector<float> piece(sizes[i], 0.5f);
    EXPECT_EQ(cosystudio::audio::appendWithCrossfade(joined, piece.data(), piece.size(), 24000), spans[i].begin) << i;
    EXPECT_EQ(joined.size(), spans[i].end) << i;
  }
}

TEST(SubtitleTimes, ACueEndsWhereTheNextSegmentBegins) {
  const auto spans = cosystudio::audio::crossfadeSpans({24000, 12000}, 24000);
  expectSameCues(segmentCues(spans, 24000, {"one", "two"}), {cue(0, 990, "one"), cue(990, 1490, "two")});
  // Apart (a pause between them), each ends where its audio does.
  expectSameCues(segmentCues({SampleSpan{0, 2400}, SampleSpan{4800, 7200}}, 48000, {"a", "b"}),
                 {cue(0, 50, "a"), cue(100, 150, "b")});
  EXPECT_THROW(segmentCues(spans, 24000, {"one"}), std::invalid_argument);
}

namespace {

const Tokenizer& tokenizer() {
  static const Tokenizer instance =
      Tokenizer::load(std::filesystem::path(COSYSTUDIO_FIXTURES_DIR) / "tokenizer" / "vocab");
  return instance;
}

std::string joined(const std::vector<std::string>& texts, std::string_view separator) {
  std::string out;
  for (const std::string& text : texts) out += (out.empty() ? "" : std::string(separator)) + text;
  return out;
}

}  // namespace

TEST(SubtitleUserText, EachPieceGetsTheSentencesItWasMadeFrom) {
  const std::string text =
      "春天来了，公园里的花都开了3朵。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们开心地玩耍。"
      "湖面上有2只白色的小船，正慢慢地划向远方。天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的"
      "事情。傍晚6点的时候，夕阳把整个湖面染成了金色。大家都舍不得离开，希望明天还能再来这里。回家的路上，街边的小店亮起了温暖"
      "的灯光。妈妈买了1袋刚出炉的面包，香味飘满了整条街。";
  NormalizeOptions options;
  options.readNumbers = true;
  const auto pieces = normalizeAndSplit(text, tokenizer(), options);
  ASSERT_GT(pieces.size(), 1u);
  ASSERT_EQ(pieces[0].find('3'), std::string::npos);  // read as words
  const auto userTexts = userTextOfPieces(text, pieces, options);
  ASSERT_EQ(userTexts.size(), pieces.size());
  EXPECT_EQ(joined(userTexts, ""), text);
  EXPECT_EQ(userTexts[0].rfind("春天来了，公园里的花都开了3朵。", 0), 0u);
}

TEST(SubtitleUserText, EnglishNumbersStayAsTyped) {
  std::string text;
  for (int i = 1; i <= 12; ++i)
    text += (text.empty() ? "" : " ") + std::string("Chapter ") + std::to_string(i) +
            " tells of 25 travellers who walked 3.5 miles to the old mill by the river.";
  NormalizeOptions options;
  options.readNumbers = true;  // 3.5 is "three point five" (the official rules alone cut it at its dot)
  const auto pieces = normalizeAndSplit(text, tokenizer(), options);
  ASSERT_GT(pieces.size(), 1u);
  const auto userTexts = userTextOfPieces(text, pieces, options);
  ASSERT_EQ(userTexts.size(), pieces.size());
  EXPECT_EQ(joined(userTexts, " "), text);
  EXPECT_EQ(userTexts[0].rfind("Chapter 1 tells of 25 travellers who walked 3.5 miles", 0), 0u);
}

TEST(SubtitleUserText, UntraceablePiecesAreKeptAsTheyAre) {
  // A piece cut inside a sentence (no ender in 500 characters).
  std::string unpunctuated;
  for (int i = 0; i < 500; ++i) unpunctuated += "好";
  const auto cut = normalizeAndSplit(unpunctuated, tokenizer());
  ASSERT_GT(cut.size(), 1u);
  EXPECT_EQ(userTextOfPieces(unpunctuated, cut), cut);
  // Raw text: the pieces are the user's text.
  NormalizeOptions raw;
  raw.textFrontend = false;
  const auto pieces = normalizeAndSplit("It costs 5 dollars.", tokenizer(), raw);
  EXPECT_EQ(userTextOfPieces("It costs 5 dollars.", pieces, raw), pieces);
}

// Word timings, as forced alignment gives them: a constructed cue whose words
// are known, split at a length limit between words and timed in WebVTT.
namespace {
SubtitleCue timedCue() {
  SubtitleCue cue;
  cue.startMs = 1000;
  cue.endMs = 4000;
  cue.text = "The cat sat on the mat & slept.";
  const std::vector<std::pair<const char*, std::int64_t>> words = {
      {"The", 1000}, {"cat", 1300}, {"sat", 1600}, {"on", 2000}, {"the", 2200}, {"mat", 2400}, {"slept.", 3100}};
  for (std::size_t i = 0; i < words.size(); ++i)
    cue.words.push_back({words[i].first, words[i].second, i + 1 < words.size() ? words[i + 1].second : 3900});
  return cue;
}
}  // namespace

TEST(SubtitleWords, CuesSplitBetweenWordsAtTheirTimes) {
  const Cues pieces = splitCuesAtWords({timedCue()}, 12);
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0].text, "The cat sat");
  EXPECT_EQ(pieces[0].startMs, 1000);
  EXPECT_EQ(pieces[0].endMs, 2000);
  EXPECT_EQ(pieces[1].text, "on the mat &");
  EXPECT_EQ(pieces[1].startMs, 2000);
  EXPECT_EQ(pieces[1].endMs, 3100);
  EXPECT_EQ(pieces[2].text, "slept.");
  EXPECT_EQ(pieces[2].startMs, 3100);
  EXPECT_EQ(pieces[2].endMs, 4000);
  EXPECT_EQ(pieces[2].index, 3);
  // Short enough, or without words: whole.
  EXPECT_EQ(splitCuesAtWords({timedCue()}, 100).size(), 1u);
  SubtitleCue untimed = timedCue();
  untimed.words.clear();
  EXPECT_EQ(splitCuesAtWords({untimed}, 5).size(), 1u);
  // A word longer than the limit is a piece of its own.
  EXPECT_EQ(splitCuesAtWords({timedCue()}, 2).size(), 7u);
}

TEST(SubtitleWords, WebVttTimesEachWordAfterTheFirst) {
  EXPECT_EQ(toWebVtt({timedCue()}),
            "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n"
            "The <00:00:01.300>cat <00:00:01.600>sat <00:00:02.000>on <00:00:02.200>the <00:00:02.400>mat &amp; "
            "<00:00:03.100>slept.\n\n");
  // SRT has no word timings: the text as it is.
  EXPECT_EQ(toSrt({timedCue()}), "1\n00:00:01,000 --> 00:00:04,000\nThe cat sat on the mat & slept.\n\n");
}
