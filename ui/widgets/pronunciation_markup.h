// The pronunciation helper's text work, apart from its dialog
// (TextPanel::pronounce): what in the editor it replaces, and a reading,
// pinyin or CMU phones, written as the tags the engine reads.
#pragma once

#include <QString>

class QTextCursor;

namespace cosystudio::ui {

// One Chinese character: what a pinyin reading stands for.
bool isHanCharacter(const QString& text);
// Letters, all of them Latin: what CMUdict can have phones for.
bool isLatinText(const QString& text);
// What the pronunciation helper replaces: the selection, else the Chinese
// character just before the cursor or at it, else the word under the cursor.
QTextCursor pronunciationTarget(QTextCursor cursor);

// "hao3" or "hǎo" → "[h][ǎo]", "ai4" → "[ài]": the CosyVoice3 markup of one
// toned pinyin syllable (initial and toned final as separate tags). Empty when
// the input is not a syllable with a tone digit 1–5 or a tone mark, or when a
// tag would not be a pinyin token.
QString pinyinMarkup(const QString& syllable);
// "M AY1 N D" → "[M][AY1][N][D]". Empty when a phone is not a CMU phone token.
QString phoneMarkup(const QString& phones);

}  // namespace cosystudio::ui
