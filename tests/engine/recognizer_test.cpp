// The recogniser (engine/src/asr): its files' parsers, the front end's frame
// stacking, and transcribing with the tiny SenseVoiceSmall folder of the
// fixtures (its parity with FunASR is `cosystudio-parity sensevoice`).
#include "asr/am_mvn.h"
#include "asr/sensevoice_config.h"
#include "asr/sensevoice_frontend.h"
#include "config/hyper_yaml.h"
#include "cosystudio/recognizer.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <vector>

namespace fs = std::filesystem;
using namespace cosystudio;
using cosystudio::test::errorOf;

namespace {

const fs::path kFixtures = fs::path(COSYSTUDIO_FIXTURES_DIR) / "sensevoice";

std::string mvnText(int shifts, int scales, const std::string& oddValue = "") {
  std::string text = "<Nnet>\n<Splice> 4 4\n[ 0 ]\n<AddShift> 4 4\n<LearnRateCoef> 0 [";
  for (int i = 0; i < shifts; ++i) text += " -" + std::to_string(i + 1);
  text += oddValue + " ]\n<Rescale> 4 4\n<LearnRateCoef> 0 [";
  for (int i = 0; i < scales; ++i) text += " 0.5";
  return text + " ]\n</Nnet>\n";
}

fs::path writeFile(const std::string& name, const std::string& text) {
  const auto file = fs::temp_directory_path() / ("cosystudio-recognizer-test-" + name);
  std::ofstream(file) << text;
  return file;
}

}  // namespace

TEST(FeatureNormalization, ReadsShiftAndScale) {
  const auto mvn = asr::FeatureNormalization::parse(mvnText(4, 4), 4, "am.mvn");
  EXPECT_EQ(mvn.shift, (std::vector<float>{-1, -2, -3, -4}));
  EXPECT_EQ(mvn.scale, (std::vector<float>{0.5, 0.5, 0.5, 0.5}));
}

TEST(FeatureNormalization, RefusesWhatIsNotTheModelsTransform) {
  EXPECT_EQ(errorOf([] { asr::FeatureNormalization::parse(mvnText(3, 4), 4, "am.mvn"); }),
            "am.mvn: <AddShift> has 3 values; the model's features have 4");
  EXPECT_EQ(errorOf([] { asr::FeatureNormalization::parse(mvnText(4, 9), 4, "am.mvn"); }),
            "am.mvn: <Rescale> has more than 5 values; the model's features have 4");
  EXPECT_EQ(errorOf([] { asr::FeatureNormalization::parse(mvnText(3, 4, " nan"), 4, "am.mvn"); }),
            "am.mvn: <AddShift> holds 'nan', not a finite number");
  EXPECT_EQ(errorOf([] { asr::FeatureNormalization::parse("<Nnet>\n<AddShift> 4 4\n[ 1 2 3 4 ]", 4, "am.mvn"); }),
            "am.mvn: <Rescale> is missing");
}

TEST(SenseVoiceConfig, ReadsTheOfficialConfig) {
  const auto config = asr::SenseVoiceConfig::load(kFixtures / "official-config.yaml");
  EXPECT_EQ(config.inputSize(), 560);
  EXPECT_EQ(config.outputSize, 512);
  EXPECT_EQ(config.heads, 4);
  EXPECT_EQ(config.linearUnits, 2048);
  EXPECT_EQ(config.blocks, 50);
  EXPECT_EQ(config.tpBlocks, 20);
  EXPECT_EQ(config.kernelSize, 11);
  EXPECT_EQ(config.frameMs(), 60);
}

TEST(SenseVoiceConfig, RefusesWhatThePortDoesNotCompute) {
  std::ifstream in(kFixtures / "official-config.yaml");
  const std::string official{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = official;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return writeFile("config.yaml", text.replace(at, from.size(), to));
  };
  EXPECT_NE(errorOf([&] { asr::SenseVoiceConfig::load(edited("hamming", "povey")); })
                .find("'frontend_conf.window' is 'povey'; only 'hamming' is supported"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { asr::SenseVoiceConfig::load(edited("attention_heads: 4", "attention_heads: 3")); })
                .find("'encoder_conf.attention_heads' does not divide output_size 512"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { asr::SenseVoiceConfig::load(edited("num_blocks: 50", "num_blocks: 5000000")); })
                .find("'encoder_conf.num_blocks' is 5000000, outside 1..512"),
            std::string::npos);
}

// FunASR's apply_lfr, written as its loop, against the engine's unfold.
TEST(SenseVoiceFrontend, StacksFramesAsFunAsr) {
  asr::SenseVoiceConfig config;
  const asr::FeatureNormalization identity{std::vector<float>(7 * 2, 0.0f), std::vector<float>(7 * 2, 1.0f)};
  config.melBins = 2;
  const asr::SenseVoiceFrontend frontend(config, identity);
  for (int64_t frames : {1, 5, 6, 7, 12, 13, 40}) {
    const auto fbank = at::arange(frames * 2, at::kFloat).reshape({frames, 2});
    std::vector<at::Tensor> padded(3, fbank[0]);
    for (int64_t t = 0; t < frames; ++t) padded.push_back(fbank[t]);
    std::vector<at::Tensor> rows;
    const int64_t total = frames + 3;
    for (int64_t i = 0; i < (frames + 5) / 6; ++i) {
      std::vector<at::Tensor> row;
      for (int64_t k = 0; k < 7; ++k) row.push_back(i * 6 + k < total ? padded[i * 6 + k] : padded.back());
      rows.push_back(at::cat(row));
    }
    EXPECT_TRUE(at::equal(frontend.stackFrames(fbank), at::stack(rows))) << frames << " frames";
  }
}

TEST(Recognizer, TranscribesAsTheGoldenRunDid) {
  const auto set = kFixtures / "public_22k";
  std::ifstream in(set / "manifest.json");
  const auto manifest = nlohmann::json::parse(in);
  const auto recognizer = Recognizer::load(kFixtures / "model");
  const auto transcript = recognizer->transcribe(audio::loadClip(set / "input.wav"), "auto", false);
  EXPECT_EQ(transcript.taggedText, manifest.at("text").get<std::string>());
  EXPECT_EQ(transcript.text.find("<|"), std::string::npos) << transcript.text;
  for (std::size_t i = 1; i < transcript.pieces.size(); ++i)
    EXPECT_LE(transcript.pieces[i - 1].endSeconds, transcript.pieces[i].startSeconds + 1e-9);
}

TEST(Recognizer, RefusesClipsItCannotTake) {
  const auto recognizer = Recognizer::load(kFixtures / "model");
  audio::Clip tiny{{std::vector<float>(300, 0.1f)}, 16000, "tiny.wav"};
  EXPECT_EQ(errorOf([&] { recognizer->transcribe(tiny); }), "tiny.wav is too short to transcribe (under 25 ms)");
  audio::Clip hours{{std::vector<float>(16000 * 121, 0.0f)}, 16000, "long.wav"};
  EXPECT_EQ(errorOf([&] { recognizer->transcribe(hours); }),
            "long.wav lasts 121 s; the recogniser takes at most 120 s at once");
  audio::Clip fine{{std::vector<float>(16000, 0.0f)}, 16000, "fine.wav"};
  EXPECT_EQ(errorOf([&] { recognizer->transcribe(fine, "fr"); }), "the recogniser knows no language 'fr'");
}

TEST(Recognizer, NamesTheFileThatDoesNotFit) {
  const auto folder = fs::temp_directory_path() / "cosystudio-recognizer-test-folder";
  fs::remove_all(folder);
  fs::copy(kFixtures / "model", folder);
  fs::remove(folder / "am.mvn");
  EXPECT_NE(errorOf([&] { Recognizer::load(folder); }).find((folder / "am.mvn").string()), std::string::npos);
  fs::remove_all(folder);
  EXPECT_NE(errorOf([&] { Recognizer::load(folder); }).find("there is no recogniser at"), std::string::npos);
}

namespace {

// The length-delimited fields of a SentencePiece ModelProto's message between
// `at` and `end`: number, where the field starts, where its bytes start, where
// it ends.
struct ProtoField {
  uint64_t number;
  std::size_t start, data, end;
};
std::vector<ProtoField> protoFields(const std::string& bytes, std::size_t at, std::size_t end) {
  const auto varint = [&](std::size_t& pos) {
    uint64_t value = 0;
    for (int shift = 0; pos < end; shift += 7) {
      const auto byte = static_cast<unsigned char>(bytes[pos++]);
      value |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80)) break;
    }
    return value;
  };
  std::vector<ProtoField> fields;
  while (at < end) {
    const std::size_t start = at;
    const uint64_t key = varint(at);
    if ((key & 7) == 0) {  // a number: skipped
      varint(at);
      continue;
    }
    if ((key & 7) != 2) throw std::runtime_error("unexpected wire type in the SentencePiece model");
    const std::size_t size = varint(at);
    fields.push_back({key >> 3, start, at, at + size});
    at += size;
  }
  return fields;
}

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `bytes` of a SentencePiece ModelProto without its last piece (field 1, the
// last of the appended tags): a valid model one piece short.
std::string withoutLastPiece(const std::string& bytes) {
  ProtoField last{};
  for (const auto& field : protoFields(bytes, 0, bytes.size()))
    if (field.number == 1) last = field;
  return bytes.substr(0, last.start) + bytes.substr(last.end);
}

// A copy of the fixture's recogniser whose vocabulary is `edit` of its own.
fs::path recognizerWithVocabulary(const std::string& name, const std::function<std::string(std::string)>& edit) {
  const auto folder = fs::temp_directory_path() / ("cosystudio-recognizer-test-" + name);
  fs::remove_all(folder);
  fs::copy(kFixtures / "model", folder);
  const auto vocabulary = folder / "chn_jpn_yue_eng_ko_spectok.bpe.model";
  const std::string bytes = edit(readBytes(vocabulary));
  std::ofstream(vocabulary, std::ios::binary | std::ios::trunc) << bytes;
  return folder;
}

}  // namespace

TEST(Recognizer, RefusesAVocabularyOfAnotherModel) {
  const auto folder = recognizerWithVocabulary("vocabulary", withoutLastPiece);
  EXPECT_NE(errorOf([&] { Recognizer::load(folder); })
                .find("ctc.ctc_lo.weight has 1171 rows but chn_jpn_yue_eng_ko_spectok.bpe.model has 1170 pieces: "
                      "the two files are not of one model"),
            std::string::npos)
      << errorOf([&] { Recognizer::load(folder); });
  fs::remove_all(folder);
}

// libsentencepiece follows a damaged normalisation table outside its memory;
// the module checks the table first (asr/sentencepiece_normalizer_check.h).
// Here the table's trie is said to be two bytes short of the whole table,
// which the library itself would take.
TEST(Recognizer, RefusesAVocabularyWithADamagedNormalizationTable) {
  const auto folder = recognizerWithVocabulary("charsmap", [](std::string bytes) {
    for (const auto& spec : protoFields(bytes, 0, bytes.size()))
      if (spec.number == 3)
        for (const auto& table : protoFields(bytes, spec.data, spec.end))
          if (table.number == 2) {
            const auto trieBytes = static_cast<uint32_t>(table.end - table.data - 2);
            std::memcpy(bytes.data() + table.data, &trieBytes, sizeof trieBytes);
          }
    return bytes;
  });
  EXPECT_NE(errorOf([&] { Recognizer::load(folder); })
                .find("chn_jpn_yue_eng_ko_spectok.bpe.model: not a SentencePiece model: the precompiled_charsmap of "
                      "its normalizer_spec is damaged: its trie runs past its end"),
            std::string::npos)
      << errorOf([&] { Recognizer::load(folder); });
  fs::remove_all(folder);
}
