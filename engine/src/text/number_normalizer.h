// The engine's zh/en text normaliser, standing in for wetext: numbers, dates,
// times, money, percentages, units, phone numbers… read in words. It rewrites
// only plain text: markup and special tokens are kept as they are.
#pragma once

#include "cosystudio/text/split_paragraph.h"

#include <string>
#include <string_view>

namespace cosystudio::text {

// `language` picks the reading: Chinese for text with Chinese characters,
// English otherwise (the official routing).
std::string readNumbers(std::string_view text, Language language);

}  // namespace cosystudio::text
