#include "help_dialogs.h"

#include "instruction_presets.h"
#include "job.h"
#include "text_panel.h"

#include "cosystudio/text/markup.h"

#include <QDialogButtonBox>
#include <QMap>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cosystudio::ui {

namespace {

QString code(const QString& text) { return QStringLiteral("<code>%1</code>").arg(text.toHtmlEscaped()); }

// The tags beyond the palette's among the model's added tokens.
QStringList otherTags(const QStringList& knownTags) {
  QStringList paletteTokens;
  for (const PaletteTag& tag : paletteTags()) paletteTokens << tag.open << tag.close;
  QStringList others;
  for (const QString& tag : knownTags)
    if (text::markupKind(tag.toStdString()) == text::MarkupKind::Paralinguistic && !paletteTokens.contains(tag))
      others << code(tag);
  return others;
}

}  // namespace

MarkupReference::MarkupReference(QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("markupReference"));
  setWindowTitle(tr("Markup reference"));
  text_ = new QTextBrowser(this);
  text_->setOpenExternalLinks(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text_);
  layout->addWidget(buttons);
  resize(620, 640);
  setKnownTags({});
}

void MarkupReference::setKnownTags(const QStringList& tags) {
  QString html = tr("<p>Markup in the text changes how it is read. The text panel colours the markup the model "
                    "knows; markup it does not know is underlined in red, as it would be read out as text.</p>");

  html += tr("<h3>Chinese: pinyin</h3>"
             "<p>In place of a character, its reading: the initial and the final with its tone mark, each in "
             "brackets. %1 reads 好 as hào; a syllable without an initial is one tag, as in %2. The neutral tone "
             "has no mark.</p>")
              .arg(code(QStringLiteral("她[h][ào]干净")), code(QStringLiteral("[ài]")));
  html += tr("<h3>English: CMU phones</h3>"
             "<p>In place of a word, its phones as the CMU Pronouncing Dictionary writes them, each in brackets: "
             "%1 for “mind”. A vowel carries its stress: 1 main, 2 secondary, 0 none.</p>")
              .arg(code(QStringLiteral("[M][AY1][N][D]")));
  html += tr("<p><b>Pronunciation…</b> (Ctrl+P) writes both: select a Chinese character or an English word, or "
             "put the cursor right after the character or inside the word, then pick a reading from the "
             "dictionary or type one (%1, %2).</p>")
              .arg(code(QStringLiteral("hao4")), code(QStringLiteral("M AY1 N D")));

  html += tr("<h3>Tags</h3><p>The <b>Insert</b> bar puts a tag at the cursor; a pair goes around the selected "
             "words.</p>");
  html += QStringLiteral("<table cellpadding=\"2\">");
  for (const PaletteTag& tag : paletteTags())
    html += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(code(tag.shown()), tag.meaning.toHtmlEscaped());
  html += QStringLiteral("</table>");
  if (const QStringList others = otherTags(tags); !others.isEmpty())
    html += tr("<p>The loaded model also knows %1.</p>").arg(others.join(QStringLiteral(" ")));

  html += tr("<h3>Instructions</h3>"
             "<p>In the %1 mode, a short instruction says how to speak; it is not read out. Instructions longer "
             "than %2 characters are often ignored or read out. The presets are instructions the model was "
             "trained on:</p>")
              .arg(modeName(Mode::Instruct))
              .arg(kLongInstructionChars);
  QMap<InstructionPreset::Kind, QStringList> labels;
  for (const InstructionPreset& preset : instructionPresets()) labels[preset.kind] << preset.label.toHtmlEscaped();
  html += QStringLiteral("<ul>");
  for (auto kind = labels.cbegin(); kind != labels.cend(); ++kind)
    html += QStringLiteral("<li><b>%1</b>: %2</li>").arg(kindName(kind.key()).toHtmlEscaped(), kind->join(tr(", ")));
  html += QStringLiteral("</ul>");
  text_->setHtml(html);
}

void showMarkupReference(QWidget* window, const QStringList& knownTags) {
  auto* reference = window->findChild<MarkupReference*>();
  if (!reference) reference = new MarkupReference(window);
  reference->setKnownTags(knownTags);
  reference->show();
  reference->raise();
  reference->activateWindow();
}

}  // namespace cosystudio::ui
