#include "pronunciation_markup.h"

#include "cosystudio/text/markup.h"

#include <QRegularExpression>
#include <QTextCursor>
#include <QTextDocument>

namespace cosystudio::ui {

namespace {

const QString kVowels = QStringLiteral("aeiouü");
// Each vowel of kVowels with the marks of tones 1 to 4.
const QString kToneMarks[] = {QStringLiteral("āáǎà"), QStringLiteral("ēéěè"), QStringLiteral("īíǐì"),
                              QStringLiteral("ōóǒò"), QStringLiteral("ūúǔù"), QStringLiteral("ǖǘǚǜ")};

// "hǎo" -> "hao3": a reading written with its tone mark, as the dictionary
// gives it, in the numbered form people type.
QString withToneNumber(QString syllable) {
  for (qsizetype i = 0; i < syllable.size(); ++i)
    for (qsizetype v = 0; v < kVowels.size(); ++v)
      if (const qsizetype tone = kToneMarks[v].indexOf(syllable[i]); tone >= 0) {
        syllable[i] = kVowels[v];
        return syllable + QString::number(tone + 1);
      }
  return syllable;
}

// "[ào]": a token the engine reads as `kind`.
bool isToken(const QString& tag, text::MarkupKind kind) { return text::markupKind(tag.toStdString()) == kind; }

}  // namespace

bool isHanCharacter(const QString& text) {
  const QList<uint> characters = text.toUcs4();
  return characters.size() == 1 && QChar::script(characters[0]) == QChar::Script_Han;
}

bool isLatinText(const QString& text) {
  bool letters = false;
  for (const uint c : text.toUcs4()) {
    if (!QChar::isLetter(c)) continue;
    if (QChar::script(c) != QChar::Script_Latin) return false;
    letters = true;
  }
  return letters;
}

QTextCursor pronunciationTarget(QTextCursor cursor) {
  if (cursor.hasSelection()) return cursor;
  const auto before = [&cursor] { return cursor.document()->characterAt(cursor.position() - 1); };
  // Back over the punctuation typed after it: "干净。|" reads 净, "minute.|" reads minute.
  while (!cursor.atBlockStart() && before().isPunct()) cursor.movePosition(QTextCursor::PreviousCharacter);
  for (const auto move : {QTextCursor::PreviousCharacter, QTextCursor::NextCharacter}) {
    QTextCursor character = cursor;
    if (character.movePosition(move, QTextCursor::KeepAnchor) && isHanCharacter(character.selectedText()))
      return character;
  }
  // Into the word that ends at the cursor: at its end Qt takes what follows it.
  if (!cursor.atBlockStart() && before().isLetterOrNumber()) cursor.movePosition(QTextCursor::PreviousCharacter);
  cursor.select(QTextCursor::WordUnderCursor);
  return cursor;
}

QString pinyinMarkup(const QString& syllable) {
  static const QRegularExpression shape(QStringLiteral(R"(^([a-zü]+?)([1-5])$)"));
  const QRegularExpressionMatch m = shape.match(withToneNumber(
      syllable.trimmed().toLower().normalized(QString::NormalizationForm_C).replace(QLatin1Char('v'), QStringLiteral("ü"))));
  if (!m.hasMatch()) return {};
  QString body = m.captured(1);
  const int tone = m.captured(2).toInt();
  QString initial;
  for (const char* candidate : {"zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k",
                                "h", "j", "q", "x", "r", "z", "c", "s"})
    if (body.startsWith(QLatin1String(candidate)) && body.size() > int(qstrlen(candidate))) {
      initial = QLatin1String(candidate);
      break;
    }
  QString final = body.mid(initial.size());
  if (final.isEmpty()) return {};
  if (tone != 5) {
    // The tone mark goes on a or e, on the o of "ou", otherwise on the last vowel.
    qsizetype at = final.indexOf(QLatin1Char('a'));
    if (at < 0) at = final.indexOf(QLatin1Char('e'));
    if (at < 0) at = final.indexOf(QStringLiteral("ou"));
    if (at < 0)
      for (qsizetype i = final.size() - 1; i >= 0 && at < 0; --i)
        if (kVowels.contains(final[i])) at = i;
    if (at < 0) return {};
    final[at] = kToneMarks[kVowels.indexOf(final[at])][tone - 1];
  }
  const QString initialTag = initial.isEmpty() ? QString() : QLatin1Char('[') + initial + QLatin1Char(']');
  const QString finalTag = QLatin1Char('[') + final + QLatin1Char(']');
  if ((!initial.isEmpty() && !isToken(initialTag, text::MarkupKind::Pinyin)) ||
      !isToken(finalTag, text::MarkupKind::Pinyin))
    return {};
  return initialTag + finalTag;
}

QString phoneMarkup(const QString& phones) {
  QString markup;
  for (const QString& p : phones.toUpper().split(QRegularExpression(QStringLiteral(R"([\s,]+)")),
                                                 Qt::SkipEmptyParts)) {
    const QString tag = QLatin1Char('[') + p + QLatin1Char(']');
    if (!isToken(tag, text::MarkupKind::CmuPhone)) return {};
    markup += tag;
  }
  return markup;
}

}  // namespace cosystudio::ui
