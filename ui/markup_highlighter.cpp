#include "markup_highlighter.h"

#include <QPalette>

namespace cosystudio::ui {

MarkupHighlighter::MarkupHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {}

QTextCharFormat MarkupHighlighter::format(text::MarkupKind kind) {
  const bool dark = QPalette().color(QPalette::Base).lightness() < 128;
  auto colored = [dark](const QColor& light, const QColor& onDark) {
    QTextCharFormat format;
    format.setForeground(dark ? onDark : light);
    format.setFontWeight(QFont::DemiBold);
    return format;
  };
  switch (kind) {
    case text::MarkupKind::Pinyin: return colored(QColor(0x1b5e20), QColor(0x81c784));
    case text::MarkupKind::CmuPhone: return colored(QColor(0x0d47a1), QColor(0x90caf9));
    case text::MarkupKind::Paralinguistic: return colored(QColor(0x6a1b9a), QColor(0xce93d8));
    case text::MarkupKind::Control: return colored(QColor(0xb71c1c), QColor(0xef9a9a));
    case text::MarkupKind::Unknown: break;
  }
  QTextCharFormat unknown;
  unknown.setUnderlineStyle(QTextCharFormat::WaveUnderline);
  unknown.setUnderlineColor(Qt::red);
  unknown.setToolTip(tr("The model does not know this tag: it would be read out as text."));
  return unknown;
}

void MarkupHighlighter::highlightBlock(const QString& block) {
  // The engine gets the editor's plain text, where a line separator inside a
  // block is a line break; no markup crosses one, so each block is scanned alone.
  QString line = block;
  line.replace(QChar::LineSeparator, QLatin1Char('\n'));
  for (const text::MarkupSpan& span : text::scanMarkup(line.toStdString()))
    setFormat(int(span.utf16Offset), int(span.utf16Length), format(span.kind));
}

}  // namespace cosystudio::ui
