// The engine's zh/en text normaliser, standing in for wetext: numbers, dates,
// times, money, percentages, units, phone numbers… read in words. It rewrites
// only plain text: markup and special tokens are kept as they are.
#pragma once

#include "cosystudio/text/split_paragraph.h"

#include <string>
#include <string_view>

namespace cosystudio::text {

// `language` is the text's: Chinese for text with Chinese characters, English
// otherwise (the official routing). Where English and Chinese words mix, each
// number is read in the language of the words around it (WordScripts), and
// in `language` where they leave it open.
std::string readNumbers(std::string_view text, Language language);

}  // namespace cosystudio::text
