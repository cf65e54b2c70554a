// A SentencePiece model's normalisation tables, checked before libsentencepiece
// reads them.
//
// Why: the library (0.1.97 in Debian 12) walks the double-array trie of a
// `precompiled_charsmap` and follows the offsets in its leaves without bounds
// checks, so a damaged model file makes it read outside its own memory while it
// normalises text. Why the two fields are read by hand from the wire format:
// the module that holds libsentencepiece cannot link libprotobuf
// (sentencepiece_vocabulary.h says why), and the library keeps the header of
// its ModelProto to itself.
#pragma once

#include <string>
#include <string_view>

namespace cosystudio::asr {

// What is wrong with the normalizer_spec or denormalizer_spec table of the
// serialised ModelProto `model`, or "" when libsentencepiece can read both
// safely (a model without tables included).
std::string damagedNormalizerTables(std::string_view model);

}  // namespace cosystudio::asr
