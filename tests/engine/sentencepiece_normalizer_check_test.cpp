// The check of a SentencePiece model's normalisation tables
// (asr/sentencepiece_normalizer_check.h) on tables built here unit by unit in
// darts-clone's layout: one that libsentencepiece reads safely, and each way a
// damaged file would make it read outside its memory.
#include "asr/sentencepiece_normalizer_check.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using cosystudio::asr::damagedNormalizerTables;

namespace {

// A unit with a label, a child offset (below 2^21, so stored unshifted) and
// whether a leaf hangs under it; a leaf unit holds a value and the top bit.
uint32_t node(uint32_t label, uint32_t offset, bool hasLeaf) {
  return (offset << 10) | (hasLeaf ? 1u << 8 : 0u) | label;
}
uint32_t leaf(uint32_t value) { return (1u << 31) | value; }

// A trie of 512 units mapping "a" to the string at offset 0: the root's
// children sit at 256 ^ label; "a" (0x61) at 353, whose leaf is at 353 ^ 97.
struct Table {
  std::vector<uint32_t> units = std::vector<uint32_t>(512, 0);
  std::string strings = std::string("A\0", 2);
  Table() {
    units[0] = node(0, 256, false);
    units[256 ^ 0x61] = node(0x61, 97, true);
    units[(256 ^ 0x61) ^ 97] = leaf(0);
  }
  std::string charsmap(uint32_t trieBytes) const {
    std::string blob(4, '\0');
    std::memcpy(blob.data(), &trieBytes, 4);
    blob.append(reinterpret_cast<const char*>(units.data()), units.size() * 4);
    return blob + strings;
  }
  std::string charsmap() const { return charsmap(static_cast<uint32_t>(units.size() * 4)); }
};

std::string lengthDelimited(int field, const std::string& bytes) {
  std::string out(1, static_cast<char>((field << 3) | 2));
  for (std::size_t n = bytes.size();; n >>= 7) {
    out += static_cast<char>((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    if (n <= 0x7f) break;
  }
  return out + bytes;
}

// A ModelProto with one piece and `charsmap` in its normalizer_spec (field 3)
// or denormalizer_spec (field 5), named as the spec names it (field 1).
std::string model(const std::string& charsmap, int specField = 3) {
  return lengthDelimited(1, lengthDelimited(1, "a")) +
         lengthDelimited(specField, lengthDelimited(1, "nmt_nfkc") + lengthDelimited(2, charsmap));
}

}  // namespace

TEST(SentencePieceNormalizerCheck, PassesASoundTable) {
  EXPECT_EQ(damagedNormalizerTables(model(Table().charsmap())), "");
  EXPECT_EQ(damagedNormalizerTables(model(Table().charsmap(), 5)), "");
}

TEST(SentencePieceNormalizerCheck, PassesAModelWithoutTables) {
  EXPECT_EQ(damagedNormalizerTables(lengthDelimited(1, lengthDelimited(1, "a"))), "");
  EXPECT_EQ(damagedNormalizerTables(model("")), "");
}

TEST(SentencePieceNormalizerCheck, RefusesALeafPastTheStrings) {
  Table table;
  table.units[(256 ^ 0x61) ^ 97] = leaf(2);
  EXPECT_EQ(damagedNormalizerTables(model(table.charsmap())),
            "the precompiled_charsmap of its normalizer_spec is damaged: its trie points past its strings");
}

TEST(SentencePieceNormalizerCheck, RefusesStringsWithoutTheirEnd) {
  Table table;
  table.strings = "A";
  EXPECT_EQ(damagedNormalizerTables(model(table.charsmap(), 5)),
            "the precompiled_charsmap of its denormalizer_spec is damaged: its trie points past its strings");
}

TEST(SentencePieceNormalizerCheck, RefusesAChildOutsideTheTrie) {
  Table root;
  root.units[0] = node(0, 512, false);
  Table child;
  child.units[256 ^ 0x61] = node(0x61, 97 + 1024, true);
  for (const auto& table : {root, child})
    EXPECT_EQ(damagedNormalizerTables(model(table.charsmap())),
              "the precompiled_charsmap of its normalizer_spec is damaged: its trie points outside itself");
}

TEST(SentencePieceNormalizerCheck, RefusesATrieSizeBeyondTheTable) {
  const Table table;
  // libsentencepiece itself refuses only a size of the whole table or more.
  const auto wholeTable = static_cast<uint32_t>(table.units.size() * 4 + table.strings.size() + 4);
  EXPECT_EQ(damagedNormalizerTables(model(table.charsmap(wholeTable - 2))),
            "the precompiled_charsmap of its normalizer_spec is damaged: its trie runs past its end");
  EXPECT_EQ(damagedNormalizerTables(model(table.charsmap(3))),
            "the precompiled_charsmap of its normalizer_spec is damaged: its trie is empty");
  EXPECT_EQ(damagedNormalizerTables(model(std::string(4, '\0'))),
            "the precompiled_charsmap of its normalizer_spec is damaged: it is shorter than its header");
}

TEST(SentencePieceNormalizerCheck, ReadsTheLastTableOfASpecGivenTwice) {
  Table damaged;
  damaged.units[(256 ^ 0x61) ^ 97] = leaf(9);
  EXPECT_NE(damagedNormalizerTables(model(Table().charsmap()) + model(damaged.charsmap())), "");
  EXPECT_EQ(damagedNormalizerTables(model(damaged.charsmap()) + model(Table().charsmap())), "");
}

TEST(SentencePieceNormalizerCheck, RefusesACutProtobuf) {
  const std::string whole = model(Table().charsmap());
  EXPECT_EQ(damagedNormalizerTables(whole.substr(0, whole.size() - 1)),
            "its protobuf is damaged: a field runs past its end");
  EXPECT_EQ(damagedNormalizerTables(std::string(1, '\x0b')),
            "its protobuf is damaged: it holds a field of wire type 3");
}
