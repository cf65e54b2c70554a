// The words of a text by script, English (runs of ASCII letters) or Chinese
// (runs of Chinese characters), so that a number in mixed text can be read in
// the language of the words around it.
#pragma once

#include "cosystudio/text/split_paragraph.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace cosystudio::text {

class WordScripts {
 public:
  // `fallback` reads the numbers that no word decides: those with no word on
  // either side, and those as near to an English word as to a Chinese one.
  WordScripts(std::string_view text, Language fallback);

  // True when the text has words of both scripts.
  bool mixed() const { return mixed_; }

  // The language of the number at text[begin, end): that of the nearest word
  // before or after it, nearness counted in the clause breaks between (. , ;
  // ! ? … 。 ， ； ！ ？ 、 and line breaks; spaces, colons and symbols do not
  // part a number from its word). A number between two English words is
  // English. Words within the number (the 年 and 月 of a date, the unit of
  // 5kg) do not count. A number alone on its line (a date or a time under a
  // heading) takes the language of most of the words on the nearest lines
  // with words before and after it, not that of the one word nearest to it.
  Language languageOf(std::size_t begin, std::size_t end) const;

 private:
  struct Word {
    std::size_t begin, end;  // byte offsets
    Language language;
  };

  // The words on one line: each Chinese character and each English word counts one.
  struct LineWords {
    std::size_t chinese = 0, english = 0;
  };

  std::size_t lineOf(std::size_t offset) const;
  Language languageOfLines(std::size_t lineBefore, std::size_t lineAfter) const;

  std::vector<Word> words_;
  std::vector<std::size_t> breaksBefore_;  // at each byte offset, the clause breaks before it
  std::vector<std::size_t> lineStarts_;    // byte offsets: 0 and after each line feed
  std::vector<LineWords> lineWords_;       // parallel to lineStarts_
  Language fallback_;
  bool mixed_ = false;
};

}  // namespace cosystudio::text
