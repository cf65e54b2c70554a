// Colours pronunciation and paralinguistic markup in the text editor:
// [h][ào] pinyin, [M][AY0] CMU phones, [breath] / <strong>…</strong> tags.
// A bracketed word the tokenizer does not know would be read out as text, so
// it is underlined in red and explained in a tooltip.
#pragma once

#include <QSet>
#include <QSyntaxHighlighter>

namespace cosystudio::ui {

class MarkupHighlighter : public QSyntaxHighlighter {
  Q_OBJECT

 public:
  enum class TagKind { Unknown, Pinyin, Phone, Paralinguistic, Control };

  explicit MarkupHighlighter(QTextDocument* document);

  // The tokenizer's added tokens; until they are known, every tag is shown as known.
  void setKnownTags(const QStringList& tags);
  bool knowsTags() const { return !known_.isEmpty(); }
  TagKind classify(const QString& tag) const;
  // Tags in `text` the tokenizer does not know.
  QStringList unknownTags(const QString& text) const;

 protected:
  void highlightBlock(const QString& text) override;

 private:
  QSet<QString> known_;
};

}  // namespace cosystudio::ui
