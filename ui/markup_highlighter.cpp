#include "markup_highlighter.h"

#include <QPalette>
#include <QRegularExpression>
#include <QTextCharFormat>

namespace cosystudio::ui {

namespace {

// [word] or <tag> / </tag>, the shapes CosyVoice3's added tokens take.
const QRegularExpression& tagPattern() {
  static const QRegularExpression pattern(QStringLiteral(R"(\[[^\[\]\s]{1,24}\]|<\|?/?[A-Za-z_]{1,24}\|?>)"));
  return pattern;
}

bool isPhone(const QString& tag) {
  static const QRegularExpression phone(QStringLiteral(R"(^\[[A-Z]{1,2}[0-2]?\]$)"));
  return phone.match(tag).hasMatch();
}

bool isPinyin(const QString& tag) {
  // Lower-case Latin letters, possibly with tone marks (ā á ǎ à ü …).
  static const QRegularExpression pinyin(QStringLiteral(R"(^\[[a-zü\x{00e0}-\x{01dc}]{1,6}\]$)"));
  return pinyin.match(tag).hasMatch();
}

}  // namespace

MarkupHighlighter::MarkupHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {}

void MarkupHighlighter::setKnownTags(const QStringList& tags) {
  known_ = QSet<QString>(tags.begin(), tags.end());
  rehighlight();
}

MarkupHighlighter::TagKind MarkupHighlighter::classify(const QString& tag) const {
  if (!known_.isEmpty() && !known_.contains(tag)) return TagKind::Unknown;
  if (tag.startsWith(QLatin1String("<|"))) return TagKind::Control;
  if (isPhone(tag)) return TagKind::Phone;
  if (isPinyin(tag)) return TagKind::Pinyin;
  return TagKind::Paralinguistic;
}

QStringList MarkupHighlighter::unknownTags(const QString& text) const {
  QStringList unknown;
  auto it = tagPattern().globalMatch(text);
  while (it.hasNext()) {
    const QString tag = it.next().captured();
    if (classify(tag) == TagKind::Unknown && !unknown.contains(tag)) unknown << tag;
  }
  return unknown;
}

void MarkupHighlighter::highlightBlock(const QString& text) {
  const QPalette palette;
  const bool dark = palette.color(QPalette::Base).lightness() < 128;
  auto colored = [dark](const QColor& light, const QColor& onDark) {
    QTextCharFormat format;
    format.setForeground(dark ? onDark : light);
    format.setFontWeight(QFont::DemiBold);
    return format;
  };
  auto it = tagPattern().globalMatch(text);
  while (it.hasNext()) {
    const QRegularExpressionMatch match = it.next();
    QTextCharFormat format;
    switch (classify(match.captured())) {
      case TagKind::Pinyin: format = colored(QColor(0x1b5e20), QColor(0x81c784)); break;
      case TagKind::Phone: format = colored(QColor(0x0d47a1), QColor(0x90caf9)); break;
      case TagKind::Paralinguistic: format = colored(QColor(0x6a1b9a), QColor(0xce93d8)); break;
      case TagKind::Control: format = colored(QColor(0xb71c1c), QColor(0xef9a9a)); break;
      case TagKind::Unknown:
        format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        format.setUnderlineColor(Qt::red);
        format.setToolTip(tr("The model does not know this tag: it would be read out as text."));
        break;
    }
    setFormat(int(match.capturedStart()), int(match.capturedLength()), format);
  }
}

}  // namespace cosystudio::ui
