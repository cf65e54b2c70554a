// English number words as the official rule-based front end writes them
// (`spell_out_number` with inflect's number_to_words).
#pragma once

#include <string>
#include <string_view>

namespace cosystudio::text {

// Words for a string of ASCII digits, inflect style: "1005" -> "one thousand
// and five", "1234567" -> "one million, two hundred and thirty-four thousand,
// five hundred and sixty-seven". Numbers beyond the decillions (which inflect
// rejects) are read digit by digit.
std::string cardinalWords(std::string_view digits);

// Replaces every maximal run of digit characters (Python str.isdigit) by its
// words. As in inflect, only decimal digits count for the value; a run without
// any (a lone "²") reads "zero".
// Digits inside markup are left alone: upstream spells them out too, turning
// the phone token [AY0] into the text "[AYzero]" that the model reads aloud.
std::string spellOutNumbers(std::string_view text);

}  // namespace cosystudio::text
