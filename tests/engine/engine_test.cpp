// The public Engine API on the tiny model folder: lifecycle, voices, modes,
// streaming, cancel, reset and bad requests.
#include "cosystudio/engine.h"
#include "test_request.h"
#include "pipeline/voice_data.h"

#include <c10/util/Exception.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

namespace fs = std::filesystem;
using namespace cosystudio;

namespace {

const fs::path kFixtures = COSYSTUDIO_FIXTURES_DIR;
const fs::path kModel = kFixtures / "e2e" / "tiny-model-a";
const fs::path kPrompt = kFixtures / "e2e" / "prompts" / "prompt-a.wav";
const std::string kTranscript = "希望你以后能够做的比我还好呦。";
// A text the engine makes in two segments.
const std::string kTwoSegments =
      "春天来了，公园里的花都开了。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们开心地玩耍。"
      "湖面上有几只白色的小船，正慢慢地划向远方。天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的事情。";

class EngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    LoadOptions options;
    options.modelFolder = kModel;
    engine.load(options);
    voice = engine.prepareVoice(audio::loadClip(kPrompt), kTranscript);
  }

  TestRequest request(const std::string& text, uint64_t seed = 7) const {
    TestRequest r;
    r.text = text;
    r.voice = voice;
    r.seed = seed;
    return r;
  }

  // The message of the EngineError `r` is refused with, or a failure when it is accepted.
  std::string refusal(const TestRequest& r) {
    try {
      synthesize(engine, r);
    } catch (const EngineError& e) {
      return e.what();
    }
    ADD_FAILURE() << "accepted the request for: " << r.text;
    return {};
  }

  Engine engine;
  Voice voice;
};

fs::path tempFile(const std::string& name) {
  return fs::temp_directory_path() / ("cosystudio-" + std::to_string(::getpid()) + "-" + name);
}

}  // namespace

TEST_F(EngineTest, SameSeedSameAudioAndOtherSeedOtherAudio) {
  const auto a = synthesize(engine, request("今天天气很好。", 11));
  const auto b = synthesize(engine, request("今天天气很好。", 11));
  const auto c = synthesize(engine, request("今天天气很好。", 12));
  ASSERT_FALSE(a.samples.empty());
  EXPECT_EQ(a.sampleRate, 24000);
  EXPECT_EQ(a.samples, b.samples);
  EXPECT_NE(a.samples, c.samples);
  EXPECT_EQ(a.seed, 11u);
  EXPECT_GT(a.realTimeFactor(), 0.0);
}

// A request reports Preparing before anything else and Done after the last
// segment; in between each segment goes text, speech tokens, mel, waveform.
TEST_F(EngineTest, ProgressRunsFromPreparingToDone) {
  std::vector<Stage> stages;
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&](const Progress& p) {
    if (stages.empty() || stages.back() != p.stage) stages.push_back(p.stage);
  };
  const auto result = synthesize(engine, request("今天天气很好。"), callbacks);
  ASSERT_EQ(result.segments.size(), 1u);
  EXPECT_EQ(stages, (std::vector<Stage>{Stage::Preparing, Stage::Text, Stage::SpeechTokens, Stage::Mel,
                                        Stage::Waveform, Stage::Done}));
}

TEST_F(EngineTest, StreamingDeliversChunksThatAddUpToTheResult) {
  auto r = request("今天的天气非常好，我们一起去公园散步吧。", 500237832);
  r.stream = true;
  std::vector<AudioChunk> chunks;
  std::vector<Progress> progress;
  const auto result = synthesize(engine, r, {[&](const AudioChunk& c) { chunks.push_back(c); },
                                            [&](const Progress& p) { progress.push_back(p); }});
  ASSERT_FALSE(chunks.empty());
  EXPECT_TRUE(chunks.back().segmentDone);
  std::vector<float> joined;
  for (const auto& c : chunks) joined.insert(joined.end(), c.samples.begin(), c.samples.end());
  EXPECT_EQ(joined, result.segments.at(0).samples);
  EXPECT_GT(result.firstAudioSeconds, 0.0);
  EXPECT_LE(result.firstAudioSeconds, result.totalSeconds);
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.back().segmentCount, 1);
}

TEST_F(EngineTest, LongTextIsSplitAndSegmentsCanBeRegeneratedAlone) {
  const std::string text = kTwoSegments;
  const auto all = synthesize(engine, request(text));
  ASSERT_EQ(all.segments.size(), 2u);
  size_t total = 0;
  for (const auto& s : all.segments) total += s.samples.size();
  EXPECT_LT(all.samples.size(), total) << "segments are joined with a crossfade";
  // Each segment keeps the user's words it was made from, for its subtitle.
  EXPECT_EQ(all.segments[0].userText + all.segments[1].userText, text);
  auto one = request(text);
  one.onlySegment = 1;
  const auto second = synthesize(engine, one);
  ASSERT_EQ(second.segments.size(), 1u);
  EXPECT_EQ(second.segments[0].text, all.segments[1].text);
  // Reseeded per segment: alone with the same seed, it comes out as in the whole run.
  EXPECT_EQ(second.segments[0].samples, all.segments[1].samples);
  one.onlySegment = 5;
  EXPECT_THROW(synthesize(engine, one), EngineError);
}

// A long text cancelled in its second segment resumes from what the store
// kept: only the segments not kept are made, and the result is the one an
// uninterrupted run makes, sample for sample.
TEST_F(EngineTest, ACancelledTextResumesAtTheSegmentItStoppedIn) {
  const std::string text = kTwoSegments;
  const auto whole = synthesize(engine, request(text));
  ASSERT_EQ(whole.segments.size(), 2u);

  std::map<int, SegmentResult> kept;
  std::vector<int> madeNow;
  bool stop = false;
  SynthesisCallbacks callbacks;
  callbacks.store.made = [&](int segment, const std::string& own) -> std::optional<SegmentResult> {
    EXPECT_EQ(own, whole.segments[std::size_t(segment)].text);
    if (kept.count(segment)) return kept.at(segment);
    return std::nullopt;
  };
  callbacks.store.keep = [&](int segment, int count, const SegmentResult& made) {
    EXPECT_EQ(count, 2);
    madeNow.push_back(segment);
    kept[segment] = made;
  };
  callbacks.onProgress = [&](const Progress& p) { stop = p.segment == 1 && p.stage == Stage::SpeechTokens; };
  callbacks.shouldStop = [&] { return stop; };
  EXPECT_THROW(synthesize(engine, request(text), callbacks), Cancelled);
  EXPECT_EQ(madeNow, std::vector<int>{0});

  madeNow.clear();
  stop = false;
  callbacks.onProgress = {};
  const auto resumed = synthesize(engine, request(text), callbacks);
  EXPECT_EQ(madeNow, std::vector<int>{1});
  EXPECT_EQ(resumed.samples, whole.samples);
  ASSERT_EQ(resumed.segments.size(), 2u);
  EXPECT_EQ(resumed.segments[0].userText, whole.segments[0].userText);
}

// Running out of memory in the middle of a request: the engine retries from
// the segment that failed, and the listener hears every sample exactly once.
// The failure is thrown once, at the first progress event of segment
// `failing` in `failAt`, or the first after its first chunk was delivered.
void expectOneRetryWithoutRepeats(Engine& engine, TestRequest r, int failing, Stage failAt,
                                  bool afterItsFirstChunk) {
  std::map<int, std::vector<float>> heard;
  std::map<int, int> ends;
  bool failed = false;
  SynthesisCallbacks callbacks;
  callbacks.onAudio = [&](const AudioChunk& c) {
    heard[c.segment].insert(heard[c.segment].end(), c.samples.begin(), c.samples.end());
    ends[c.segment] += c.segmentDone;
  };
  callbacks.onProgress = [&](const Progress& p) {
    if (failed || p.segment != failing || p.stage != failAt || (afterItsFirstChunk && heard[failing].empty()))
      return;
    failed = true;
    TORCH_CHECK_WITH(OutOfMemoryError, false, "CUDA out of memory. Tried to allocate 2.00 GiB (injected)");
  };
  const auto result = synthesize(engine, r, callbacks);
  ASSERT_TRUE(failed) << "the failure was never injected";
  ASSERT_GT(result.segments.size(), size_t(failing));
  for (int k = 0; k < int(result.segments.size()); ++k) {
    EXPECT_EQ(ends[k], 1) << "segment " << k << " ended more than once";
    EXPECT_EQ(heard[k], result.segments[size_t(k)].samples) << "segment " << k;
  }
}

TEST_F(EngineTest, OutOfMemoryRetriesFromTheFailedSegmentWithoutRepeatingAudio) {
  const std::string text = kTwoSegments;
  // Whole segments: segment 1 fails in its flow, after segment 0 was heard.
  expectOneRetryWithoutRepeats(engine, request(text), 1, Stage::Mel, false);
  // Streamed: a sentence made in several chunks fails in a later flow call,
  // after its first chunk was heard. Where the random tiny model stops
  // depends on the seed and on the torch release's sampling stream, so the
  // first seed that gives two chunks is taken.
  auto streamed = request("今天的天气非常好，我们一起去公园散步吧。");
  streamed.stream = true;
  int chunks = 0;
  for (streamed.seed = 1; streamed.seed <= 50 && chunks < 2; ++streamed.seed) {
    chunks = 0;
    synthesize(engine, streamed, {[&](const AudioChunk&) { ++chunks; }});
  }
  ASSERT_GE(chunks, 2) << "no seed up to 50 makes the sentence in two chunks";
  --streamed.seed;
  expectOneRetryWithoutRepeats(engine, streamed, 0, Stage::Mel, true);
}

// Speech, not just samples: one segment whose length is 40 ms (960 samples at
// 24 kHz: 2 mel frames of 480) per speech token, finite and not silent.
void expectSpeech(const SynthesisResult& result, const char* mode) {
  ASSERT_EQ(result.segments.size(), 1u) << mode;
  const SegmentResult& segment = result.segments[0];
  EXPECT_GE(segment.speechTokens, 1) << mode;
  EXPECT_EQ(segment.samples.size(), size_t(segment.speechTokens) * 960) << mode;
  EXPECT_EQ(result.samples, segment.samples) << mode;
  double energy = 0;
  for (float s : result.samples) {
    ASSERT_TRUE(std::isfinite(s)) << mode;
    energy += double(s) * s;
  }
  EXPECT_GT(std::sqrt(energy / double(std::max<size_t>(1, result.samples.size()))), 1e-4) << mode << ": silent";
}

TEST_F(EngineTest, EveryModeSynthesises) {
  auto cross = request("Hello there, this is a test.");
  cross.mode = Mode::CrossLingual;
  expectSpeech(synthesize(engine, cross), "cross-lingual");

  auto instruct = request("收到好友从远方寄来的生日礼物。");
  instruct.mode = Mode::Instruct;
  instruct.instruction = "请用四川话表达。";
  expectSpeech(synthesize(engine, instruct), "instruct");

  auto vc = request("");
  vc.mode = Mode::VoiceConversion;
  vc.sourceClip = audio::loadClip(kPrompt);
  const auto converted = synthesize(engine, vc);
  expectSpeech(converted, "voice conversion");
  EXPECT_TRUE(converted.segments.at(0).text.empty());
}

TEST_F(EngineTest, SpeedChangesTheDuration) {
  auto normal = request("今天天气很好。", 3);
  auto fast = normal;
  fast.speed = 2.0;
  const auto a = synthesize(engine, normal);
  const auto b = synthesize(engine, fast);
  EXPECT_NEAR(double(b.samples.size()) / double(a.samples.size()), 0.5, 0.05);
}

TEST_F(EngineTest, CancelStopsTheRequestAndTheEngineStaysUsable) {
  const auto expected = synthesize(engine, request("今天天气很好。")).samples;
  int tokens = 0;
  bool stop = false;
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&](const Progress& p) {
    if (p.stage == Stage::SpeechTokens && ++tokens == 3) stop = true;
  };
  callbacks.shouldStop = [&] { return stop; };
  EXPECT_THROW(synthesize(engine, request("今天天气很好。"), callbacks), Cancelled);
  EXPECT_EQ(tokens, 3) << "cancel must land within one token";
  // Nothing sticks to the engine: the next request runs, and as it would have.
  EXPECT_EQ(synthesize(engine, request("今天天气很好。")).samples, expected);
  // Its own callbacks with a stop that never comes run to the end too.
  SynthesisCallbacks running;
  running.shouldStop = [] { return false; };
  EXPECT_EQ(synthesize(engine, request("今天天气很好。"), running).samples, expected);
}

TEST_F(EngineTest, ARequestStoppedBeforeItBeginsDoesNoWork) {
  int reports = 0;
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&](const Progress&) { ++reports; };
  callbacks.shouldStop = [] { return true; };
  EXPECT_THROW(synthesize(engine, request("今天天气很好。"), callbacks), Cancelled);
  EXPECT_EQ(reports, 0);
}

TEST_F(EngineTest, CancelDuringTheFlowLandsWithinOneStep) {
  constexpr int kCancelAt = 2;  // of the 10 Euler steps
  int lastStep = -1;
  SynthesisCallbacks callbacks;
  callbacks.onProgress = [&](const Progress& p) {
    if (p.stage != Stage::Mel) return;
    lastStep = std::max(lastStep, p.flowStep);
  };
  callbacks.shouldStop = [&] { return lastStep == kCancelAt; };
  EXPECT_THROW(synthesize(engine, request("今天天气很好。"), callbacks), Cancelled);
  // Not one Euler step more: the check before the vocoder alone would let the flow finish.
  EXPECT_EQ(lastStep, kCancelAt);
}

TEST_F(EngineTest, TheWatchdogStopsASegmentThatRunsTooLong) {
  auto r = request("今天天气很好。");
  r.segmentTimeLimitSeconds = 1e-9;
  try {
    synthesize(engine, r);
    FAIL() << "the time limit was ignored";
  } catch (const RunawaySegment& e) {
    EXPECT_EQ(e.segment(), 0);
    EXPECT_NE(std::string(e.what()).find("segment 1 was still generating"), std::string::npos) << e.what();
  }
  r.segmentTimeLimitSeconds = 600;
  EXPECT_FALSE(synthesize(engine, r).samples.empty());
}

TEST_F(EngineTest, WarmUpNeedsNoVoiceAndChangesNoResult) {
  const auto before = synthesize(engine, request("今天天气很好。"));
  EXPECT_GT(engine.warmUp(), 0.0);
  EXPECT_EQ(synthesize(engine, request("今天天气很好。")).samples, before.samples);
  engine.unload();
  EXPECT_THROW(engine.warmUp(), EngineError);
}

TEST_F(EngineTest, ResetReloadsInProcessAndKeepsVoicesUsable) {
  const auto before = synthesize(engine, request("今天天气很好。"));
  const ResetReport report = engine.reset();
  EXPECT_TRUE(engine.isLoaded());
  EXPECT_GT(report.before.hostResident, 0);
  EXPECT_GT(report.afterReload.hostResident, 0);
  EXPECT_LT(report.afterTeardown.hostResident, report.before.hostResident)
      << "tearing the model down must give its memory back";
  EXPECT_GT(report.reloadSeconds, 0.0);
  const auto after = synthesize(engine, request("今天天气很好。"));
  EXPECT_EQ(before.samples, after.samples) << "a reset must bring back exactly the same engine";
}

TEST_F(EngineTest, AModelThatFailsToLoadBringsTheLoadedOneBack) {
  const auto before = synthesize(engine, request("今天天气很好。"));
  // A folder that passes the folder check but whose flow.pt holds the wrong network.
  const fs::path bad = tempFile("bad-model");
  fs::remove_all(bad);
  fs::copy(kModel, bad, fs::copy_options::recursive);
  fs::copy_file(kModel / "hift.pt", bad / "flow.pt", fs::copy_options::overwrite_existing);
  LoadOptions options;
  options.modelFolder = bad;
  try {
    engine.load(options);
    FAIL() << "loaded a flow.pt that holds HiFT";
  } catch (const ModelKept& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("flow.pt"), std::string::npos) << message;
  }
  fs::remove_all(bad);
  ASSERT_TRUE(engine.isLoaded());
  EXPECT_EQ(engine.options().modelFolder, kModel);
  EXPECT_EQ(synthesize(engine, request("今天天气很好。")).samples, before.samples);
}

TEST_F(EngineTest, AResetWhoseReloadFailsSaysWhyAndLeavesNoModel) {
  const fs::path copy = tempFile("moved-model");
  fs::remove_all(copy);
  fs::copy(kModel, copy, fs::copy_options::recursive);
  LoadOptions options;
  options.modelFolder = copy;
  engine.load(options);
  fs::remove_all(copy);  // deleted (or moved) while the app runs
  try {
    engine.reset();
    FAIL() << "reset a model whose folder is gone";
  } catch (const ModelKept&) {
    FAIL() << "there is no other model to keep";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find(copy.string()), std::string::npos) << e.what();
  }
  EXPECT_FALSE(engine.isLoaded());
  options.modelFolder = kModel;  // and the engine takes a model again
  engine.load(options);
  EXPECT_FALSE(synthesize(engine, request("今天天气很好。")).samples.empty());
}

TEST_F(EngineTest, UnloadedEngineRefusesWorkClearly) {
  engine.unload();
  EXPECT_FALSE(engine.isLoaded());
  try {
    synthesize(engine, request("你好。"));
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("no model"), std::string::npos);
  }
  EXPECT_THROW(engine.prepareVoice(audio::loadClip(kPrompt), kTranscript), EngineError);
}

TEST_F(EngineTest, BadRequestsAreRefusedWithAReason) {
  const auto refuses = [&](TestRequest r, const std::string& words) {
    const std::string message = refusal(r);
    EXPECT_NE(message.find(words), std::string::npos) << message;
  };
  refuses(request(""), "nothing to speak");
  refuses(request("。！？"), "nothing to speak");
  auto punctuation = request("。。。 ...");
  punctuation.mode = Mode::CrossLingual;
  refuses(punctuation, "nothing to speak");
  auto noVoice = request("你好。");
  noVoice.voice = Voice();
  refuses(noVoice, "voice");
  auto instruct = request("你好。");
  instruct.mode = Mode::Instruct;
  refuses(instruct, "instruction");
  auto slow = request("你好。");
  slow.speed = 0.2;
  refuses(slow, "speed");
  auto streamedSpeed = request("你好。");
  streamedSpeed.stream = true;
  streamedSpeed.speed = 1.5;
  refuses(streamedSpeed, "non-streaming");
  refuses(request("你好<|endofprompt|>"), "<|endofprompt|>");
  auto vc = request("");
  vc.mode = Mode::VoiceConversion;
  refuses(vc, "source clip");
  // After all of that the engine still works.
  EXPECT_FALSE(synthesize(engine, request("你好。")).samples.empty());
}

// Values no control of the window can produce but a caller of the engine can:
// each is refused naming the value, the field or the file.
TEST_F(EngineTest, BadValuesAreNamed) {
  auto nan = request("你好。");
  nan.speed = std::nan("");  // fails every comparison, so a range check must not let it through
  EXPECT_EQ(refusal(nan), "speed must be between 0.5 and 2.0, not nan");
  EXPECT_NE(refusal(request("好\xE4\xB8")).find("not valid UTF-8"), std::string::npos);
  EXPECT_NE(refusal(request("好\xE4\xB8")).find("byte offset 3"), std::string::npos) << refusal(request("好\xE4\xB8"));
  auto instruct = request("你好。");
  instruct.mode = Mode::Instruct;
  instruct.instruction = "<|im_start|>请用四川话表达。";
  EXPECT_NE(refusal(instruct).find("the instruction contains the control token <|im_start|> at character 0"),
            std::string::npos)
      << refusal(instruct);
  auto transcript = request("你好。");
  transcript.voice = engine.prepareVoice(audio::loadClip(kPrompt), "你好<|endofprompt|>");
  EXPECT_NE(refusal(transcript).find("the transcript contains the control token <|endofprompt|> at character 2"),
            std::string::npos)
      << refusal(transcript);
  auto segment = request("你好。");
  segment.onlySegment = 5;
  EXPECT_EQ(refusal(segment), "segment 6 does not exist (the text has 1)");
  auto vc = request("");
  vc.mode = Mode::VoiceConversion;
  vc.sourceClip = audio::loadClip(kPrompt);
  vc.sourceClip.channels[0].resize(size_t(vc.sourceClip.sampleRate / 20));  // 50 ms
  EXPECT_EQ(refusal(vc).rfind("source clip: ", 0), 0u) << refusal(vc);
}

TEST_F(EngineTest, ZeroShotNeedsATranscript) {
  // Seed 8: under libtorch 2.x's multinomial stream seed 7 makes the tiny
  // random model draw a stop token first in cross-lingual mode.
  auto r = request("你好。", 8);
  r.voice = engine.prepareVoice(audio::loadClip(kPrompt), "");
  try {
    synthesize(engine, r);
    FAIL() << "zero-shot without a transcript";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("needs the transcript of the voice clip"), std::string::npos) << e.what();
  }
  r.mode = Mode::CrossLingual;
  EXPECT_FALSE(synthesize(engine, r).samples.empty());
}

namespace {

void expectSameVoice(const Voice& a, const Voice& b) {
  EXPECT_EQ(VoiceInternals::data(a)->clip, VoiceInternals::data(b)->clip);
  EXPECT_EQ(VoiceInternals::data(a)->clipRate, VoiceInternals::data(b)->clipRate);
  EXPECT_EQ(VoiceInternals::data(a)->speechTokens, VoiceInternals::data(b)->speechTokens);
  EXPECT_EQ(VoiceInternals::data(a)->speakerEmbedding, VoiceInternals::data(b)->speakerEmbedding);
  EXPECT_EQ(VoiceInternals::data(a)->promptMel, VoiceInternals::data(b)->promptMel);
  EXPECT_EQ(a.transcript(), b.transcript());
}

// The message `clip` is refused with, or a failure when it is accepted.
std::string voiceRefusal(Engine& engine, const audio::Clip& clip) {
  try {
    engine.prepareVoice(clip, kTranscript);
  } catch (const EngineError& e) {
    return e.what();
  }
  ADD_FAILURE() << "accepted a clip of " << clip.frames() << " frames at " << clip.sampleRate << " Hz";
  return {};
}

audio::Clip memoryClip(int rate, double seconds) {
  audio::Clip clip;
  clip.sampleRate = rate;
  clip.channels.assign(1, std::vector<float>(size_t(seconds * rate)));
  for (size_t i = 0; i < clip.channels[0].size(); ++i) clip.channels[0][i] = 0.1f * float(std::sin(0.05 * double(i)));
  return clip;
}

}  // namespace

TEST_F(EngineTest, AClipInMemoryMakesTheVoiceItsFileMakes) {
  const audio::Clip file = audio::loadClip(kPrompt);
  audio::Clip copy;  // no source file, samples only
  copy.sampleRate = file.sampleRate;
  copy.channels = file.channels;
  expectSameVoice(engine.prepareVoice(copy, kTranscript), voice);

  // A selection cut in memory is the voice its float WAV used to make.
  const int64_t in = file.sampleRate / 2, out = 3 * file.sampleRate;
  audio::Clip selection;
  selection.sampleRate = file.sampleRate;
  selection.channels = {std::vector<float>(file.channels[0].begin() + in, file.channels[0].begin() + out)};
  const fs::path wav = tempFile("selection.wav");
  audio::writeWav(wav, selection, audio::WavEncoding::Float32);
  const Voice fromFile = engine.prepareVoice(audio::loadClip(wav), kTranscript);
  fs::remove(wav);
  const Voice fromMemory = engine.prepareVoice(selection, kTranscript);
  expectSameVoice(fromMemory, fromFile);
  auto a = request("今天天气很好。"), b = a;
  a.voice = fromMemory;
  b.voice = fromFile;
  EXPECT_EQ(synthesize(engine, a).samples, synthesize(engine, b).samples);
}

TEST_F(EngineTest, ClipsInMemoryAreRefusedWithTheLimitsOfFiles) {
  const auto expectLimit = [&](const audio::Clip& clip, const std::string& words) {
    const audio::ClipInfo info{{}, clip.sampleRate, clip.channelCount(), clip.frames(), {}};
    const auto violation = audio::limitViolation(info, audio::ClipLimits{});
    ASSERT_TRUE(violation) << words;
    const std::string reason = violation->render();
    EXPECT_NE(reason.find(words), std::string::npos) << reason;
    EXPECT_EQ(voiceRefusal(engine, clip), "prompt clip: " + reason);
    // A file with the same samples is refused for the same reason, naming the file.
    const fs::path wav = tempFile("limits.wav");
    audio::writeWav(wav, clip, audio::WavEncoding::Float32);
    try {
      audio::loadClip(wav);
      ADD_FAILURE() << "the file was accepted: " << words;
    } catch (const audio::AudioError& e) {
      EXPECT_EQ(std::string(e.what()), "'" + wav.string() + "': " + reason);
    }
    fs::remove(wav);
  };
  expectLimit(memoryClip(16000, 0.05), "at least 0.10 s is needed");
  expectLimit(memoryClip(16000, audio::kMaxPromptSeconds + 1), "at most 30.0 s is accepted");
  expectLimit(memoryClip(8000, 3), "sample rate 8000 Hz is below the 16000 Hz minimum");

  // What no file reader lets through is refused in memory too.
  audio::Clip nan = memoryClip(16000, 1);
  nan.channels[0][5] = std::nanf("");
  EXPECT_EQ(voiceRefusal(engine, nan), "prompt clip: sample 5 of channel 1 is not a finite number (NaN or Inf)");
  audio::Clip uneven = memoryClip(16000, 1);
  uneven.channels.push_back(std::vector<float>(100));
  EXPECT_EQ(voiceRefusal(engine, uneven), "prompt clip: channel 2 holds 100 samples, channel 1 16000");
  EXPECT_EQ(voiceRefusal(engine, audio::Clip{}), "prompt clip: contains no audio samples");
  // The engine is still usable after all of that.
  EXPECT_FALSE(synthesize(engine, request("你好。")).samples.empty());
}

TEST_F(EngineTest, VoiceFilesRoundTripAndStaleFeaturesAreRebuilt) {
  const fs::path file = tempFile("voice.csvoice");
  voice.save(file);
  const Voice loaded = Voice::load(file);
  fs::remove(file);
  EXPECT_EQ(loaded.transcript(), kTranscript);
  EXPECT_EQ(loaded.modelFingerprint(), voice.modelFingerprint());
  EXPECT_NEAR(loaded.clipSeconds(), voice.clipSeconds(), 1e-9);
  auto r = request("今天天气很好。");
  const auto original = synthesize(engine, r);
  r.voice = loaded;
  EXPECT_EQ(synthesize(engine, r).samples, original.samples);

  // The same voice as another model computed it: rebuilt from its clip.
  auto stale = std::make_shared<VoiceData>(*VoiceInternals::data(voice));
  stale->modelFingerprint = "another model";
  std::fill(stale->speakerEmbedding.begin(), stale->speakerEmbedding.end(), 0.0f);
  r.voice = VoiceInternals::wrap(stale);
  EXPECT_EQ(synthesize(engine, r).samples, original.samples);
}

// A voice of the clip alone, as a client without a model sends it to a server:
// saved and read back, the engine computes its features on first use, and it
// speaks and compares speakers as the voice the engine prepared.
TEST_F(EngineTest, AVoiceOfTheClipAloneSpeaksAsThePreparedVoice) {
  const audio::Clip clip = audio::loadClip(kPrompt);
  const Voice unprepared = Voice::fromClip(clip, kTranscript);
  EXPECT_TRUE(unprepared.isValid());
  EXPECT_EQ(unprepared.speechTokenCount(), 0u);
  EXPECT_EQ(unprepared.fingerprint(), voice.fingerprint());
  const fs::path file = tempFile("clip-only.voice");
  unprepared.save(file);
  const Voice sent = Voice::load(file);
  fs::remove(file);
  EXPECT_EQ(sent.transcript(), kTranscript);
  EXPECT_EQ(sent.modelFingerprint(), "");

  auto r = request("今天天气很好。");
  const auto prepared = synthesize(engine, r);
  r.voice = sent;
  const auto made = synthesize(engine, r);
  EXPECT_EQ(made.samples, prepared.samples);
  const std::vector<float>& speech = made.segments.at(0).samples;
  EXPECT_EQ(engine.speakerSimilarity(speech, 24000, sent), engine.speakerSimilarity(speech, 24000, voice));

  // Its clip is held to the limits prepareVoice holds it to.
  try {
    Voice::fromClip(memoryClip(16000, 0.05), kTranscript);
    ADD_FAILURE() << "a clip of 0.05 s was taken";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("prompt clip: "), std::string::npos) << e.what();
  }
}

namespace {

// The message of loading the voice file `file`, or "loaded".
std::string voiceLoadError(const fs::path& file) {
  try {
    Voice::load(file);
  } catch (const EngineError& e) {
    return e.what();
  }
  return "loaded";
}

std::string le32(uint32_t v) { return std::string{char(v), char(v >> 8), char(v >> 16), char(v >> 24)}; }

// A voice file's bytes: magic, version, header length, header, arrays.
std::string voiceBytes(uint32_t version, const std::string& header, const std::string& arrays = {}) {
  return std::string("CosyStudioVoice\0", 16) + le32(version) + le32(uint32_t(header.size())) + header + arrays;
}

// A header with the given "arrays" list.
std::string voiceHeader(const std::string& arrays) {
  return R"({"transcript":"","model_fingerprint":"","clip_rate":16000,"prompt_mel_frames":0,"arrays":)" + arrays + "}";
}

// Writes `bytes` as a voice file and returns the message of loading it.
std::string voiceRefusal(const std::string& bytes) {
  const fs::path file = tempFile("bad.csvoice");
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
  std::string message = voiceLoadError(file);
  fs::remove(file);
  EXPECT_NE(message.find("voice file " + file.string() + ": "), std::string::npos) << "the file is named: " << message;
  return message;
}

#define EXPECT_REFUSED(bytes, words) \
  EXPECT_NE(voiceRefusal(bytes).find(words), std::string::npos) << voiceRefusal(bytes)

}  // namespace

TEST(VoiceFile, DamagedFilesAreRefusedWithTheReason) {
  EXPECT_REFUSED("RIFF not a voice", "not a CosyStudio voice file");
  // A header length from a 1 KB file is checked before anything is allocated.
  EXPECT_REFUSED(voiceBytes(1, "").substr(0, 20) + le32(0x7fffffff), "damaged header");
  // So is an array's size: 2^30 floats would be 4 GiB.
  EXPECT_REFUSED(voiceBytes(1, voiceHeader(R"([{"name":"clip","type":"f32","count":1073741824,"offset":0}])")),
                 "array 'clip' is implausibly large");
  const fs::path absent = tempFile("absent.csvoice");
  EXPECT_EQ(voiceLoadError(absent), "cannot open voice file " + absent.string());
  try {
    Voice().save(absent);
    FAIL() << "saved an empty voice";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot save an empty voice"), std::string::npos) << e.what();
  }
}

TEST(VoiceFile, EveryKindOfDamageIsNamed) {
  // Written by a later CosyStudio.
  EXPECT_REFUSED(voiceBytes(2, voiceHeader("[]")), "format version 2 is not supported");
  // Cut off inside the header.
  EXPECT_REFUSED(voiceBytes(1, voiceHeader("[]")).substr(0, 40), "truncated header");
  EXPECT_REFUSED(voiceBytes(1, "{not json"), "damaged header ([json.exception.parse_error");
  EXPECT_REFUSED(voiceBytes(1, R"({"transcript":"hi"})"), "damaged header ([json.exception.out_of_range.403] key "
                                                          "'model_fingerprint' not found)");
  // Cut off inside the arrays: 100 samples declared, 3 there.
  EXPECT_REFUSED(voiceBytes(1, voiceHeader(R"([{"name":"clip","type":"f32","count":100,"offset":0}])"),
                            std::string(12, '\0')),
                 "truncated array 'clip'");
  // A readable file that lacks the speech tokens.
  EXPECT_REFUSED(voiceBytes(1, voiceHeader("[]")), "incomplete voice data");
}

// A folder that does not exist: the message says the voice was not written.
TEST(VoiceFile, SavingIntoAMissingFolderIsNamed) {
  auto data = std::make_shared<VoiceData>();
  data->speechTokens = {1, 2, 3};
  const fs::path file = tempFile("no-such-folder") / "a.csvoice";
  try {
    VoiceInternals::wrap(data).save(file);
    FAIL() << "saved into a missing folder";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot write voice file " + file.string()), std::string::npos) << e.what();
  }
}

TEST(EngineLoad, ListsEveryProblemOfTheFolder) {
  Engine engine;
  LoadOptions options;
  options.modelFolder = kFixtures / "e2e";
  try {
    engine.load(options);
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("subfolder 'tiny-model-a'"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(engine.isLoaded());
}

TEST(EngineLoad, PrefersTheRlTunedLanguageModel) {
  const fs::path model = tempFile("rl-model");
  fs::remove_all(model);
  fs::copy(kModel, model, fs::copy_options::recursive);
  fs::copy_file(model / kBaseCheckpoint, model / kRlCheckpoint);
  Engine engine;
  LoadOptions options;
  options.modelFolder = model;
  engine.load(options);
  EXPECT_EQ(engine.options().llmCheckpoint, kRlCheckpoint);
  options.llmCheckpoint = kBaseCheckpoint;
  engine.load(options);
  EXPECT_EQ(engine.options().llmCheckpoint, kBaseCheckpoint);
  // Only the RL-tuned one: asking for the base one names the missing file.
  fs::remove(model / kBaseCheckpoint);
  try {
    engine.load(options);
    FAIL() << "loaded a checkpoint that is not there";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find(std::string("has no ") + kBaseCheckpoint), std::string::npos) << e.what();
  }
  options.llmCheckpoint.clear();
  engine.load(options);
  EXPECT_EQ(engine.options().llmCheckpoint, kRlCheckpoint);
  fs::remove_all(model);
}
