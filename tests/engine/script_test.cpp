// Scripts cast with several voices: pasted text into lines, the project file,
// finding the cast's voices, and rendering on the tiny model.
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/script.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace cosystudio;

namespace {

const fs::path kFixtures = COSYSTUDIO_FIXTURES_DIR;
const fs::path kModel = kFixtures / "e2e" / "tiny-model-a";
const fs::path kPrompt = kFixtures / "e2e" / "prompts" / "prompt-a.wav";

// A fresh folder of this test's own, removed afterwards.
struct TempFolder {
  TempFolder() {
    path = fs::temp_directory_path() /
           ("cosystudio-script-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() { fs::remove_all(path); }
  fs::path path;
};

std::vector<std::pair<std::string, std::string>> speakersAndTexts(const std::vector<ScriptLine>& lines) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const ScriptLine& line : lines) out.emplace_back(line.speaker, line.text);
  return out;
}

std::string refusalOf(const std::string& json) {
  return test::errorOf([&] { scriptFromJson(json, "/scripts"); });
}

}  // namespace

TEST(ScriptText, NamedLinesGoToTheirSpeakerAndOtherLinesContinue) {
  const std::string text =
      "Once upon a time.\n"
      "Ann: Hello, Bob.\r\n"
      "\n"
      "Bob：你好，安。\n"  // full-width colon
      "Note: this is still Bob.\n"
      "Ann:\n"
      "  Two lines of hers.  \n"
      "And another.\n";
  EXPECT_EQ(speakersAndTexts(parseScriptText(text, {"Ann", "Bob"}, "Narrator")),
            (std::vector<std::pair<std::string, std::string>>{{"Narrator", "Once upon a time."},
                                                              {"Ann", "Hello, Bob."},
                                                              {"Bob", "你好，安。"},
                                                              {"Bob", "Note: this is still Bob."},
                                                              {"Ann", "Two lines of hers."},
                                                              {"Ann", "And another."}}));
}

// "Name (style): text": the style in brackets (ASCII or full-width) gives the
// line — and the lines after it, until the next name — a mode, instruction,
// speed and seed of its own; an instruction keeps its own commas.
TEST(ScriptText, AStyleAfterTheNameGivesTheTurnItsOwnSettings) {
  const std::string text =
      "Ann: 平常的一句。\n"
      "Bob (请用四川话表达，慢一点。, 1.2x, seed 7): 真的吗？\n"
      "还是 Bob 的四川话。\n"
      "Ann（cross-lingual；0.9×）：Hello (there): friend.\n"
      "Bob (instruct): 没有指令。\n"
      "Bob (unclosed: 这是文本。\n";
  const auto lines = parseScriptText(text, {"Ann", "Bob"}, "Ann");
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_FALSE(lines[0].mode || lines[0].speed || lines[0].seed);
  EXPECT_EQ(lines[1].speaker, "Bob");
  EXPECT_EQ(lines[1].text, "真的吗？");
  EXPECT_EQ(lines[1].mode, Mode::Instruct);
  EXPECT_EQ(lines[1].instruction, "请用四川话表达，慢一点。");
  EXPECT_EQ(lines[1].speed, 1.2);
  EXPECT_EQ(lines[1].seed, 7u);
  EXPECT_EQ(lines[2].instruction, lines[1].instruction);  // the turn goes on
  EXPECT_EQ(lines[2].seed, 7u);
  EXPECT_EQ(lines[3].speaker, "Ann");
  EXPECT_EQ(lines[3].text, "Hello (there): friend.");
  EXPECT_EQ(lines[3].mode, Mode::CrossLingual);
  EXPECT_EQ(lines[3].speed, 0.9);
  EXPECT_TRUE(lines[3].instruction.empty());
  EXPECT_EQ(lines[4].mode, Mode::Instruct);
  EXPECT_TRUE(lines[4].instruction.empty());
  // No closing bracket: no prefix, so the line is Bob's (the turn before) as written.
  EXPECT_EQ(lines[5].text, "Bob (unclosed: 这是文本。");
}

TEST(ScriptText, AStyleIsWrittenAsItIsRead) {
  for (const std::string style : {"请用四川话表达，慢一点。, 1.2x, seed 7", "cross-lingual, 0.9x", "zero-shot", "instruct"}) {
    const auto lines = parseScriptText("Bob (" + style + "): 好。", {"Bob"}, "Bob");
    ASSERT_EQ(lines.size(), 1u) << style;
    const std::string written = lineStyleText(lines[0]);
    EXPECT_EQ(written, style);
    const auto again = parseScriptText("Bob (" + written + "): 好。", {"Bob"}, "Bob");
    EXPECT_EQ(again[0].mode, lines[0].mode);
    EXPECT_EQ(again[0].instruction, lines[0].instruction);
    EXPECT_EQ(again[0].speed, lines[0].speed);
    EXPECT_EQ(again[0].seed, lines[0].seed);
  }
  EXPECT_EQ(lineStyleText(ScriptLine{}), "");
}

TEST(ScriptText, PlainTextIsOneSpeakersLines) {
  EXPECT_EQ(speakersAndTexts(parseScriptText("第一句。\n第二句：有冒号。", {}, "Ann")),
            (std::vector<std::pair<std::string, std::string>>{{"Ann", "第一句。"}, {"Ann", "第二句：有冒号。"}}));
  EXPECT_TRUE(parseScriptText(" \n\r\n", {"Ann"}, "Ann").empty());
}

TEST(ScriptText, ASegmentsWarningsNameItsLine) {
  // Each line is a request of its own, whose segments the engine counts from 1.
  ScriptSegment segment;
  segment.line = 6;
  segment.speaker = "narrator";
  segment.result.warnings = {"segment 1 reached its token cap (250 tokens)"};
  EXPECT_EQ(segment.warnings(),
            std::vector<std::string>{"narrator, line 7: segment 1 reached its token cap (250 tokens)"});
  ScriptResult take;
  take.segments = {segment, segment};
  take.segments[1].line = 7;
  EXPECT_EQ(take.warnings(), (std::vector<std::string>{"narrator, line 7: segment 1 reached its token cap (250 tokens)",
                                                       "narrator, line 8: segment 1 reached its token cap (250 tokens)"}));
}

TEST(ScriptFile, SavedAndReadBackWithVoicesRelativeToTheFile) {
  TempFolder folder;
  Script script;
  script.speakerPauseSeconds = 0.25;
  script.cast = {{"Ann", folder.path / "voices" / "ann.voice", "00000000000000aa"},
                 {"Bob", "/elsewhere/bob.voice", ""}};
  ScriptLine styled{"Bob", "再见。", Mode::Instruct, "请用四川话表达。", 1.25, 18446744073709551615ull};
  script.lines = {{"Ann", "Hello.", std::nullopt, "", std::nullopt, std::nullopt}, styled};
  const fs::path file = folder.path / "chapter.json";
  saveScript(script, file);

  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("\"voice_file\": \"voices/ann.voice\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"voice_file\": \"/elsewhere/bob.voice\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"seed\": \"18446744073709551615\""), std::string::npos) << text;

  const Script read = loadScript(file);
  EXPECT_EQ(read.speakerPauseSeconds, 0.25);
  ASSERT_EQ(read.cast.size(), 2u);
  EXPECT_EQ(read.cast[0].voiceFile, folder.path / "voices" / "ann.voice");
  EXPECT_EQ(read.cast[0].voiceFingerprint, "00000000000000aa");
  EXPECT_EQ(read.cast[1].voiceFile, fs::path("/elsewhere/bob.voice"));
  ASSERT_EQ(read.lines.size(), 2u);
  EXPECT_EQ(read.lines[0].speaker, "Ann");
  EXPECT_FALSE(read.lines[0].mode);
  EXPECT_FALSE(read.lines[0].seed);
  EXPECT_EQ(read.lines[1].mode, Mode::Instruct);
  EXPECT_EQ(read.lines[1].instruction, styled.instruction);
  EXPECT_EQ(read.lines[1].speed, 1.25);
  EXPECT_EQ(read.lines[1].seed, styled.seed);
}

TEST(ScriptFile, ABadFileIsRefusedNamingWhatIsWrong) {
  const std::string cast = R"("cast": [{"name": "Ann", "voice_file": "a.voice"}])";
  EXPECT_NE(refusalOf("{").find("not valid JSON"), std::string::npos);
  EXPECT_NE(refusalOf(R"({"lines": []})").find("not a CosyStudio script"), std::string::npos);
  EXPECT_NE(refusalOf(R"({"cosystudio_script": 2, "cast": [], "lines": []})").find("format 2 is newer"),
            std::string::npos);
  EXPECT_NE(refusalOf(R"({"cosystudio_script": 1, "lines": []})").find("\"cast\" is missing"), std::string::npos);
  EXPECT_NE(refusalOf(R"({"cosystudio_script": 1, )" + cast + R"(, "lines": [{"speaker": "Bob", "text": "x"}]})")
                .find("line 1 of the script is spoken by \"Bob\", who is not in its cast"),
            std::string::npos);
  EXPECT_NE(refusalOf(R"({"cosystudio_script": 1, )" + cast +
                      R"(, "lines": [{"speaker": "Ann", "text": "x"}, {"speaker": "Ann", "text": "y", "mode": "vc"}]})")
                .find("in line 2 of the script, \"mode\" is missing or not zero_shot, cross_lingual or instruct"),
            std::string::npos);
  EXPECT_NE(refusalOf(R"({"cosystudio_script": 1, )" + cast +
                      R"(, "lines": [{"speaker": "Ann", "text": "x", "seed": 7}]})")
                .find("\"seed\" is missing or not a decimal text"),
            std::string::npos);
  EXPECT_NE(refusalOf(R"({"cosystudio_script": 1, "cast": [{"name": "Ann", "voice_file": "a.voice"},
                          {"name": "Ann", "voice_file": "b.voice"}], "lines": []})")
                .find("names \"Ann\" twice"),
            std::string::npos);
  EXPECT_NE(test::errorOf([] { loadScript("/no/such/chapter.json"); }).find("cannot read the script /no/such/chapter.json"),
            std::string::npos);
}

class ScriptRender : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    engine = new Engine;
    LoadOptions options;
    options.modelFolder = kModel;
    engine->load(options);
    const audio::Clip clip = audio::loadClip(kPrompt);
    ann = engine->prepareVoice(clip, "希望你以后能够做的比我还好呦。");
    bob = engine->prepareVoice(clip, "希望你以后做得更好。");
  }
  static void TearDownTestSuite() { delete engine; }

  static Engine* engine;
  static Voice ann, bob;
};

Engine* ScriptRender::engine = nullptr;
Voice ScriptRender::ann;
Voice ScriptRender::bob;

// The voices are told apart by what they are, not by the file holding them:
// a moved voice is found again by its fingerprint, a renamed one by its name.
TEST_F(ScriptRender, AMovedVoiceIsFoundAgainAndAMissingOneIsNamed) {
  EXPECT_NE(ann.fingerprint(), bob.fingerprint());
  TempFolder folder;
  fs::create_directories(folder.path / "library");
  ann.save(folder.path / "library" / "renamed.voice");
  bob.save(folder.path / "library" / "Bob.voice");
  Script script;
  script.cast = {{"Ann", folder.path / "gone" / "ann.voice", ann.fingerprint()},
                 {"Bob", folder.path / "gone" / "bob.voice", "ffffffffffffffff"}};
  std::vector<std::string> warnings;
  const auto voices = loadCast(script, {folder.path / "library"}, &warnings);
  EXPECT_EQ(script.cast[0].voiceFile, folder.path / "library" / "renamed.voice");
  EXPECT_EQ(script.cast[1].voiceFile, folder.path / "library" / "Bob.voice");
  EXPECT_EQ(voices.at("Ann").fingerprint(), ann.fingerprint());
  EXPECT_EQ(script.cast[1].voiceFingerprint, bob.fingerprint());
  ASSERT_EQ(warnings.size(), 3u);  // two found elsewhere, one changed
  EXPECT_NE(warnings[2].find("Bob's voice"), std::string::npos);
  EXPECT_NE(warnings[2].find("has changed"), std::string::npos);

  script.cast.push_back({"Cy", folder.path / "cy.voice", "0123456789abcdef"});
  const std::string error = test::errorOf([&] { loadCast(script, {folder.path / "library"}, nullptr); });
  EXPECT_NE(error.find("the voices of Cy (" + (folder.path / "cy.voice").string() + ") cannot be found"),
            std::string::npos)
      << error;
}

TEST_F(ScriptRender, ALineThatCannotBeMadeIsNamedBeforeAnythingRuns) {
  Script script;
  script.cast = {{"Ann", "a.voice", ""}, {"Bob", "b.voice", ""}};
  script.lines = {{"Ann", "你好。", std::nullopt, "", std::nullopt, std::nullopt},
                  {"Bob", "再见。", Mode::Instruct, "", std::nullopt, std::nullopt}};
  const std::map<std::string, Voice> voices{{"Ann", ann}, {"Bob", bob}};
  const auto problem = scriptProblem(script, voices, SynthesisSettings{});
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->render(), "line 2 of the script (Bob): instruct mode needs an instruction");
  EXPECT_NE(test::errorOf([&] { renderScript(*engine, script, voices, SynthesisSettings{}); })
                .find("line 2 of the script"),
            std::string::npos);
  EXPECT_EQ(scriptProblem(Script{}, voices, SynthesisSettings{})->render(), "the script has no lines");
}

// Each line is the request it would be alone (same voice, settings, seed), its
// segments lie where the take says, and a change of speaker adds the pause.
TEST_F(ScriptRender, LinesAreJoinedInOrderWithAPauseBetweenSpeakers) {
  Script script;
  script.speakerPauseSeconds = 0.5;
  script.cast = {{"Ann", "a.voice", ""}, {"Bob", "b.voice", ""}};
  script.lines = {{"Ann", "今天天气很好。", std::nullopt, "", std::nullopt, std::nullopt},
                  {"Ann", "我们出去走走。", std::nullopt, "", std::nullopt, 21},
                  {"Bob", "好的。", Mode::CrossLingual, "", 1.5, std::nullopt}};
  const std::map<std::string, Voice> voices{{"Ann", ann}, {"Bob", bob}};
  SynthesisSettings settings;
  settings.seed = 5;
  std::vector<int> told;
  const ScriptResult take = renderScript(*engine, script, voices, settings, {}, [&](int line) { told.push_back(line); });
  EXPECT_EQ(told, (std::vector<int>{0, 1, 2}));
  ASSERT_EQ(take.segments.size(), 3u);

  const std::size_t fade = audio::crossfadeSamples(take.sampleRate);
  for (std::size_t i = 0; i < script.lines.size(); ++i) {
    const ScriptLine& line = script.lines[i];
    const ScriptSegment& placed = take.segments[i];
    EXPECT_EQ(placed.line, int(i));
    EXPECT_EQ(placed.speaker, line.speaker);
    SynthesisRequest alone;
    alone.text = line.text;
    alone.voice = voices.at(line.speaker);
    SynthesisSettings own = settings;
    own.mode = line.mode.value_or(settings.mode);
    own.speed = line.speed.value_or(settings.speed);
    own.seed = line.seed.value_or(settings.seed);
    EXPECT_EQ(placed.seed, own.seed);
    const SynthesisResult expected = engine->synthesize(alone, own);
    ASSERT_EQ(expected.segments.size(), 1u);
    const std::vector<float>& samples = expected.segments[0].samples;
    EXPECT_EQ(placed.result.samples, samples) << "line " << i;
    // Between the crossfades at its ends the take holds the segment unchanged.
    ASSERT_EQ(placed.end - placed.begin, samples.size()) << "line " << i;
    const std::vector<float> inner(take.samples.begin() + std::ptrdiff_t(placed.begin + fade),
                                   take.samples.begin() + std::ptrdiff_t(placed.end - fade));
    EXPECT_EQ(inner, std::vector<float>(samples.begin() + std::ptrdiff_t(fade), samples.end() - std::ptrdiff_t(fade)))
        << "line " << i;
  }
  // Ann to Ann: only the crossfade; Ann to Bob: the pause as well.
  EXPECT_EQ(take.segments[1].begin, take.segments[0].end - fade);
  const std::size_t pause = std::size_t(0.5 * take.sampleRate);
  EXPECT_EQ(take.segments[2].begin, take.segments[1].end + pause - 2 * fade);
  EXPECT_EQ(take.samples[take.segments[1].end + pause / 2], 0.0f);
  EXPECT_EQ(take.samples.size(), take.segments[2].end);
  EXPECT_GT(take.realTimeFactor(), 0.0);
}

// A run that stopped after its first line resumes from what the store kept:
// the engine makes only the lines not kept, and the take is the one an
// uninterrupted run makes, sample for sample.
TEST_F(ScriptRender, AResumedRunMakesOnlyTheLinesNotKeptAndTheSameTake) {
  Script script;
  script.cast = {{"Ann", "a.voice", ""}, {"Bob", "b.voice", ""}};
  script.lines = {{"Ann", "今天天气很好。", std::nullopt, "", std::nullopt, std::nullopt},
                  {"Bob", "我们出去走走。", std::nullopt, "", std::nullopt, std::nullopt},
                  {"Ann", "好的。", std::nullopt, "", std::nullopt, std::nullopt}};
  const std::map<std::string, Voice> voices{{"Ann", ann}, {"Bob", bob}};
  SynthesisSettings settings;
  settings.seed = 9;

  std::map<int, SynthesisResult> kept;
  ScriptLineStore store;
  store.made = [&](int line, const ScriptLine& own) -> std::optional<SynthesisResult> {
    EXPECT_EQ(own.text, script.lines[std::size_t(line)].text);
    if (kept.count(line)) return kept.at(line);
    return std::nullopt;
  };
  store.keep = [&](int line, const ScriptLine&, const SynthesisResult& result) { kept[line] = result; };
  const ScriptResult whole = renderScript(*engine, script, voices, settings, {}, {}, store);
  ASSERT_EQ(kept.size(), 3u);

  // The first run stopped in line 2: only line 1 was kept.
  kept.erase(1);
  kept.erase(2);
  std::vector<int> made;
  store.keep = [&](int line, const ScriptLine&, const SynthesisResult& result) {
    made.push_back(line);
    kept[line] = result;
  };
  std::vector<int> told;
  const ScriptResult resumed =
      renderScript(*engine, script, voices, settings, {}, [&](int line) { told.push_back(line); }, store);
  EXPECT_EQ(made, (std::vector<int>{1, 2}));
  EXPECT_EQ(told, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(resumed.samples, whole.samples);
  ASSERT_EQ(resumed.segments.size(), whole.segments.size());
  for (std::size_t i = 0; i < whole.segments.size(); ++i) {
    EXPECT_EQ(resumed.segments[i].begin, whole.segments[i].begin);
    EXPECT_EQ(resumed.segments[i].result.userText, whole.segments[i].result.userText);
  }
}
