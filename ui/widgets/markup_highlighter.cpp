#include "markup_highlighter.h"

#include "script_job.h"

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

void MarkupHighlighter::setSpeakers(const QStringList& names) {
  if (names == speakers_) return;
  speakers_ = names;
  rehighlight();
}

QColor MarkupHighlighter::speakerColor(const QString& name) {
  const bool dark = QPalette().color(QPalette::Base).lightness() < 128;
  const int hue = int(qHash(name) % 12) * 30;  // twelve hues far enough apart to tell
  return QColor::fromHsl(hue, 170, dark ? 170 : 90);
}

void MarkupHighlighter::highlightBlock(const QString& block) {
  if (const auto prefix = speakerPrefix(block, speakers_)) {
    QTextCharFormat speaker;
    speaker.setForeground(speakerColor(prefix->name));
    speaker.setFontWeight(QFont::Bold);
    speaker.setToolTip(tr("Spoken by the saved voice “%1”").arg(prefix->name));
    setFormat(0, prefix->length, speaker);
  }
  // The engine gets the editor's plain text, where a line separator inside a
  // block is a line break; no markup crosses one, so each block is scanned alone.
  QString line = block;
  line.replace(QChar::LineSeparator, QLatin1Char('\n'));
  for (const text::MarkupSpan& span : text::scanMarkup(line.toStdString()))
    setFormat(int(span.utf16Offset), int(span.utf16Length), format(span.kind));
}

}  // namespace cosystudio::ui
