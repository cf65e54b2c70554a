// Colours pronunciation and paralinguistic markup in the text editor:
// [h][ào] pinyin, [M][AY0] CMU phones, [breath] / <strong>…</strong> tags.
// A bracketed word the tokenizer does not know would be read out as text, so
// it is underlined in red and explained in a tooltip. What is markup, and of
// which kind, is the engine's text::scanMarkup: the colours are what the
// engine will do with the text. A line that a saved voice speaks ("Ann: …",
// script.h) shows its speaker's name in that speaker's colour.
#pragma once

#include "cosystudio/text/markup.h"

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace cosystudio::ui {

class MarkupHighlighter : public QSyntaxHighlighter {
  Q_OBJECT

 public:
  explicit MarkupHighlighter(QTextDocument* document);

  // How markup of `kind` is shown (in the light or dark palette now in use).
  static QTextCharFormat format(text::MarkupKind kind);
  // The names whose "Name:" starts a speaker's line; colours them again.
  void setSpeakers(const QStringList& names);
  // A speaker's colour: the same for a name in every session.
  static QColor speakerColor(const QString& name);

 protected:
  void highlightBlock(const QString& block) override;

 private:
  QStringList speakers_;
};

}  // namespace cosystudio::ui
