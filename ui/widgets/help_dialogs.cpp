#include "help_dialogs.h"

#include "instruction_presets.h"
#include "job.h"
#include "model_dialogs.h"
#include "model_folder_dialog.h"
#include "text_panel.h"

#include "cosystudio/engine.h"
#include "cosystudio/text/markup.h"
#include "cosystudio/version.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QMap>
#include <QMessageBox>
#include <QSettings>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <utility>

namespace cosystudio::ui {

namespace {

// lupdate files the tr() calls of free functions under the enclosing
// namespace, so that is the context the catalogue holds them in.
QString tr(const char* text) { return QCoreApplication::translate("cosystudio::ui", text); }

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

void showAbout(QWidget* parent) {
  // The libraries engine/ and ui/CMakeLists.txt link, with the licence each comes under.
  static constexpr std::pair<const char*, const char*> kLibraries[] = {
      {"Qt 6", "LGPL-3.0"},
      {"libtorch", "BSD-3-Clause"},
      {"ONNX", "Apache-2.0"},
      {"Protocol Buffers", "BSD-3-Clause"},
      {"libsndfile", "LGPL-2.1"},
      {"libsamplerate", "BSD-2-Clause"},
      {"libebur128", "MIT"},
      {"yaml-cpp", "MIT"},
      {"utf8proc", "MIT"},
      {"PCRE2", "BSD-3-Clause"},
      {"nlohmann/json", "MIT"},
      {"bzip2", "bzip2-1.0.6"},
      {"SentencePiece", "Apache-2.0"},
  };
  QStringList libraries;
  for (const auto& [name, licence] : kLibraries)
    libraries << QStringLiteral("%1 (%2)").arg(QLatin1String(name), QLatin1String(licence));

  QString html = tr("<h3>CosyStudio %1</h3>"
                    "<p>Clone a voice from a short clip and speak any text with it, "
                    "using the CosyVoice3 model on your own computer.</p>"
                    "<p>System: %4<br>libtorch %2<br>CPU: %3</p>")
                     .arg(QString::fromLatin1(kVersion), QString::fromLatin1(torchBuildDescription()),
                          QString::fromStdString(describeCpuBackend(cpuBackend())),
                          QString::fromStdString(operatingSystem()).toHtmlEscaped());
  const OpenBlasInfo blas = openBlasInfo();
  html += blas.loaded ? tr("<p>CPU features: %1<br>BLAS: %2</p>")
                            .arg(QString::fromStdString(describeCpuFeatures(cpuFeatures())).toHtmlEscaped(),
                                 QString::fromStdString(describeOpenBlas(blas)).toHtmlEscaped())
                      : tr("<p>CPU features: %1</p>")
                            .arg(QString::fromStdString(describeCpuFeatures(cpuFeatures())).toHtmlEscaped());
  html += tr("<p>CPU precision: %1</p>").arg(QString::fromStdString(describeCpuPrecision()).toHtmlEscaped());
  if (!blas.warning.empty())
    html += tr("<p><b>BLAS warning:</b> %1.</p>").arg(QString::fromStdString(blas.warning).toHtmlEscaped());
  if (!builtWithCuda())
    html += tr("<p>This build runs on the CPU only. For an NVIDIA GPU, build CosyStudio from its source with "
               "<code>scripts/run.sh</code> on the computer that has the GPU: it then builds against the CUDA "
               "libtorch (see the README).</p>");
  else if (const std::string why = gpuUnavailableReason(); !why.empty())
    html += tr("<p><b>No GPU is used:</b> %1.</p>").arg(QString::fromStdString(why).toHtmlEscaped());
  html += tr("<p>CosyStudio is free software under the Apache License 2.0.</p>");
  html += tr("<p><b>Model:</b> <a href=\"%1\">Fun-CosyVoice3-0.5B-2512</a> by FunAudioLLM, Tongyi Lab, Alibaba, "
             "under the Apache License 2.0; downloaded separately.</p>")
              .arg(QLatin1String(kModelScopeUrl));
  html += tr("<p><b>Recogniser:</b> <a href=\"%1\">SenseVoice-Small</a> by FunAudioLLM, Tongyi Lab, Alibaba, "
             "under the FunASR model licence; downloaded separately when first needed.</p>")
              .arg(QLatin1String("https://huggingface.co/FunAudioLLM/SenseVoiceSmall"));
  html += tr("<p><b>Libraries:</b> %1.</p>").arg(libraries.join(QStringLiteral(", ")));
  QMessageBox::about(parent, tr("About CosyStudio"), html);
}

void showCloningNoticeOnce(QWidget* parent) {
  static const QString kShown = QStringLiteral("notices/cloningShown");
  if (QSettings().value(kShown).toBool()) return;
  QSettings().setValue(kShown, true);
  auto* box = new QMessageBox(QMessageBox::Information, tr("Cloning voices"),
                              tr("Only clone voices you have the right to use: your own, or someone's who agreed "
                                 "to it. Speech made in another person's voice without consent can deceive and "
                                 "harm, and is unlawful in many places."),
                              QMessageBox::Ok, parent);
  box->setObjectName(QStringLiteral("cloningNotice"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setWindowModality(Qt::NonModal);  // the window goes on while it is read
  box->show();
}

}  // namespace cosystudio::ui
