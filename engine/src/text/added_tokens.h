// The added (special) tokens of the CosyVoice3 text tokenizer, as data.
#pragma once

#include <string>
#include <vector>

namespace cosystudio::text {

// Added tokens of CosyVoice-BlankEN itself (ids right after vocab.json).
const std::vector<std::string>& blankEnAddedTokens();

// CosyVoice3Tokenizer's additional special tokens, in the official order; the
// ones BlankEN already has keep their id, the others are appended.
const std::vector<std::string>& cosyVoice3SpecialTokens();

// All added tokens in id order (ids follow vocab.json): BlankEN's, then the
// CosyVoice3 tokens that are not already among them.
const std::vector<std::string>& addedTokensInIdOrder();

}  // namespace cosystudio::text
