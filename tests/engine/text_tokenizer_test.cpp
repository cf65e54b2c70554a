#include "cosystudio/text/tokenizer.h"
#include "text/pretokenizer.h"

#include <gtest/gtest.h>

#include "test_support.h"

#include <ctime>
#include <fstream>

namespace {

using cosystudio::text::Tokenizer;
namespace fs = std::filesystem;

const fs::path kVocab = fs::path(COSYSTUDIO_FIXTURES_DIR) / "tokenizer" / "vocab";

const Tokenizer& tokenizer() {
  static const Tokenizer instance = Tokenizer::load(kVocab);
  return instance;
}

using cosystudio::test::errorOf;

// A scratch folder with a copy of vocab.json and the given merges.txt text.
fs::path folderWithMerges(const std::string& name, const std::string& merges) {
  const auto dir = fs::temp_directory_path() / ("cosystudio_text_" + name);
  fs::create_directories(dir);
  fs::copy_file(kVocab / "vocab.json", dir / "vocab.json", fs::copy_options::overwrite_existing);
  std::ofstream(dir / "merges.txt") << merges;
  return dir;
}

TEST(TextTokenizer, CosyVoice3Ids) {
  EXPECT_EQ(tokenizer().size(), 151924);
  EXPECT_EQ(tokenizer().addedTokenId("<|endofprompt|>"), Tokenizer::kEndOfPrompt);
  EXPECT_EQ(tokenizer().addedTokenId("<|endoftext|>"), Tokenizer::kEndOfText);
  EXPECT_EQ(tokenizer().addedTokenId("[M]"), 151718);
  EXPECT_EQ(tokenizer().addedTokenId("[ào]"), 151854);
  EXPECT_FALSE(tokenizer().addedTokenId("[Breath]").has_value());
}

TEST(TextTokenizer, SplitsOnAddedTokensBeforeBpe) {
  const auto ids = tokenizer().encode("You are a helpful assistant.<|endofprompt|>[breath]A");
  ASSERT_GE(ids.size(), 3u);
  EXPECT_EQ(ids[ids.size() - 3], Tokenizer::kEndOfPrompt);
  EXPECT_EQ(ids[ids.size() - 2], 151647);
  EXPECT_EQ(ids.back(), 32);
  EXPECT_EQ(tokenizer().decode(ids, true), "You are a helpful assistant.<|endofprompt|>[breath]A");
  EXPECT_EQ(tokenizer().decode(ids), "You are a helpful assistant.A");
}

TEST(TextTokenizer, EmptyTextHasNoIds) { EXPECT_TRUE(tokenizer().encode("").empty()); }

TEST(TextTokenizer, InvalidUtf8NamesTheByteOffset) {
  EXPECT_NE(errorOf([] { tokenizer().encode("ab\xE4\xB8"); }).find("byte offset 2"), std::string::npos);
  EXPECT_NE(errorOf([] { tokenizer().encode("\xFFok"); }).find("byte offset 0"), std::string::npos);
}

TEST(TextTokenizer, UnknownIdIsAnError) {
  EXPECT_THROW(tokenizer().decode({151924}), std::out_of_range);
  EXPECT_THROW(tokenizer().decode({-1}), std::out_of_range);
}

TEST(TextTokenizer, MissingFilesAreNamed) {
  const auto empty = fs::temp_directory_path() / "cosystudio_text_empty";
  fs::create_directories(empty);
  EXPECT_NE(errorOf([&] { Tokenizer::load(empty); }).find("CosyVoice-BlankEN"), std::string::npos);
  const auto noMerges = folderWithMerges("no_merges", "");
  fs::remove(noMerges / "merges.txt");
  EXPECT_NE(errorOf([&] { Tokenizer::load(noMerges); }).find("merges.txt"), std::string::npos);
}

TEST(TextTokenizer, CorruptMergesNameFileAndLine) {
  const auto dir = folderWithMerges("corrupt_merges", "Ġ Ġ\nno-such-token x\n");
  const auto message = errorOf([&] { Tokenizer::load(dir); });
  EXPECT_NE(message.find("merges.txt line 2"), std::string::npos) << message;
}

TEST(TextTokenizer, CorruptVocabIsNamed) {
  const auto dir = folderWithMerges("corrupt_vocab", "Ġ Ġ\n");
  std::ofstream(dir / "vocab.json") << "{\"a\": 0,";
  const auto message = errorOf([&] { Tokenizer::load(dir); });
  EXPECT_NE(message.find("vocab.json"), std::string::npos) << message;
}

TEST(TextTokenizer, PreTokenizerPieces) {
  const cosystudio::text::Qwen2PreTokenizer preTokenizer;
  using Pieces = std::vector<std::string_view>;
  EXPECT_EQ(preTokenizer.split("I'm 12 ok!!\n\n  x"),
            (Pieces{"I", "'m", " ", "1", "2", " ok", "!!\n\n", " ", " x"}));
  EXPECT_EQ(preTokenizer.split("你好，世界"), (Pieces{"你好", "，世界"}));
  // Whitespace is Unicode White_Space: U+180E (a format character) is not.
  EXPECT_EQ(preTokenizer.split("\u180E!"), Pieces{"\u180E!"});
  EXPECT_EQ(preTokenizer.split("a\u3000\u3000b"), (Pieces{"a", "\u3000", "\u3000b"}));
}

// A long run of letters is one pre-token; BPE must stay far from quadratic.
TEST(TextTokenizer, LongTextIsLinear) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "中";
  // CPU time, not wall time: other tests running beside this one do not count.
  const std::clock_t start = std::clock();
  const auto ids = tokenizer().encode(text);
  const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  EXPECT_EQ(tokenizer().decode(ids), text);
  EXPECT_LT(seconds, 2.0);
}

}  // namespace
