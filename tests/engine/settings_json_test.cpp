// SynthesisSettings as JSON: the one spelling the window's files and the CLI share.
#include "cosystudio/settings_json.h"

#include <gtest/gtest.h>

using namespace cosystudio;

namespace {

SynthesisSettings unusual() {
  SynthesisSettings s;
  s.mode = Mode::Instruct;
  s.speed = 1.25;
  s.seed = 18446744073709551615ull;  // the largest: beyond a double's exact integers
  s.stream = true;
  s.normalize = false;
  s.readNumbers = false;
  s.segmentTimeLimitSeconds = 42.5;
  return s;
}

void expectEqual(const SynthesisSettings& a, const SynthesisSettings& b) {
  EXPECT_EQ(a.mode, b.mode);
  EXPECT_EQ(a.speed, b.speed);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.stream, b.stream);
  EXPECT_EQ(a.normalize, b.normalize);
  EXPECT_EQ(a.readNumbers, b.readNumbers);
  EXPECT_EQ(a.segmentTimeLimitSeconds, b.segmentTimeLimitSeconds);
}

std::string errorOf(const std::string& json) {
  try {
    settingsFromJson(json);
  } catch (const EngineError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST(SettingsJson, EveryFieldComesBack) {
  const std::string json = settingsJson(unusual());
  expectEqual(settingsFromJson(json), unusual());
  // The spelling the first queue files and sidecars used, kept.
  EXPECT_NE(json.find(R"("seed":"18446744073709551615")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("raw_text":true)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("mode":"instruct")"), std::string::npos) << json;
  expectEqual(settingsFromJson(settingsJson({})), SynthesisSettings{});
}

TEST(SettingsJson, ModeIdsAreStable) {
  EXPECT_EQ(modeId(Mode::ZeroShot), "zero_shot");
  EXPECT_EQ(modeId(Mode::CrossLingual), "cross_lingual");
  EXPECT_EQ(modeId(Mode::Instruct), "instruct");
  EXPECT_EQ(modeId(Mode::VoiceConversion), "voice_conversion");
  for (Mode mode : {Mode::ZeroShot, Mode::CrossLingual, Mode::Instruct, Mode::VoiceConversion})
    EXPECT_EQ(modeFromId(modeId(mode)), mode);
  EXPECT_FALSE(modeFromId("Zero-shot cloning"));
}

TEST(SettingsJson, AbsentFieldsKeepTheirDefaultsAndOtherFieldsAreIgnored) {
  const auto s = settingsFromJson(R"({"mode": "cross_lingual", "seed": "9", "text": "你好", "voice": "Ann"})");
  EXPECT_EQ(s.mode, Mode::CrossLingual);
  EXPECT_EQ(s.seed, 9u);
  EXPECT_EQ(s.speed, 1.0);
  EXPECT_TRUE(s.normalize);
  EXPECT_TRUE(s.readNumbers);
}

TEST(SettingsJson, StrictReadingNamesTheField) {
  EXPECT_EQ(errorOf(R"({"seed": "1"})"), "the setting \"mode\" is missing");
  EXPECT_EQ(errorOf(R"({"mode": "zero_shot"})"), "the setting \"seed\" is missing");
  EXPECT_EQ(errorOf(R"({"mode": "shouting", "seed": "1"})"), "the setting \"mode\" cannot be read: \"shouting\"");
  EXPECT_EQ(errorOf(R"({"mode": "zero_shot", "seed": 7})"), "the setting \"seed\" cannot be read: 7");
  EXPECT_EQ(errorOf(R"({"mode": "zero_shot", "seed": "-7"})"), "the setting \"seed\" cannot be read: \"-7\"");
  EXPECT_EQ(errorOf(R"({"mode": "zero_shot", "seed": "99999999999999999999"})"),
            "the setting \"seed\" cannot be read: \"99999999999999999999\"");
  EXPECT_EQ(errorOf(R"({"mode": "zero_shot", "seed": "1", "speed": "fast"})"),
            "the setting \"speed\" cannot be read: \"fast\"");
  EXPECT_EQ(errorOf(R"({"mode": "zero_shot", "seed": "1", "stream": 1})"), "the setting \"stream\" cannot be read: 1");
  EXPECT_EQ(errorOf("[1, 2]"), "the settings are not a JSON object");
  EXPECT_EQ(errorOf("{\"mode\": "), "the settings are not a JSON object");
}

TEST(SettingsJson, LenientReadingKeepsDefaultsForWhatItCannotRead) {
  const auto s = settingsFromJson(R"({"mode": "Zero-shot cloning", "seed": "x", "speed": 1.5, "stream": "yes"})",
                                  SettingsReading::Lenient);
  EXPECT_EQ(s.mode, Mode::ZeroShot);
  EXPECT_EQ(s.seed, 0u);
  EXPECT_EQ(s.speed, 1.5);
  EXPECT_FALSE(s.stream);
  expectEqual(settingsFromJson("{}", SettingsReading::Lenient), SynthesisSettings{});
}
