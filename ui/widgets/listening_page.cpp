#include "listening_page.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include <cmath>

namespace cosystudio::ui {

namespace {

QDoubleSpinBox* bound(QWidget* parent, const QString& name, double minimum, double maximum, double value,
                      const QString& suffix, const QString& toolTip) {
  auto* box = new QDoubleSpinBox(parent);
  box->setObjectName(name);
  box->setRange(minimum, maximum);
  box->setDecimals(2);
  box->setSingleStep(0.05);
  box->setSuffix(suffix);
  box->setValue(value);
  box->setToolTip(toolTip);
  return box;
}

QSpinBox* retakes(QWidget* parent, const QString& name, int value, const QString& toolTip) {
  auto* box = new QSpinBox(parent);
  box->setObjectName(name);
  box->setRange(0, kMaxRetakes);
  box->setValue(value);
  box->setSpecialValueText(ListeningPage::tr("none"));
  box->setToolTip(toolTip);
  return box;
}

int percent(double value) { return int(std::lround(value * 100)); }

}  // namespace

ListeningPage::ListeningPage(const ListeningSettings& settings, bool installed, QWidget* parent) : QWidget(parent) {
  check_ = new QCheckBox(tr("&Listen back to every segment made"), this);
  check_->setObjectName(QStringLiteral("checkSegments"));
  check_->setChecked(settings.check);
  check_->setToolTip(tr("The recogniser hears each segment: what it says against the text, the speaker against "
                        "the voice, and how fast it speaks against the voice's own rate"));
  textRetakes_ = retakes(this, QStringLiteral("textRetakes"), settings.textRetakes,
                         tr("A text's segment that fails is made again with new seeds up to this many times, "
                            "and the best try is kept"));
  partsRetakes_ = retakes(this, QStringLiteral("bookRetakes"), settings.partsRetakes,
                          tr("A book's paragraph or a script's line that fails is made again with new seeds up "
                             "to this many times; those that still fail are listed on the take"));
  maxErrorRate_ = bound(this, QStringLiteral("maxErrorRate"), 0, 1, settings.maxErrorRatePercent / 100.0, QString(),
                        tr("The most of the text the recogniser may hear otherwise: the character error rate "
                           "in Chinese, Cantonese and Japanese, the word error rate otherwise (0.20 = 20 %)"));
  minSimilarity_ = bound(this, QStringLiteral("minSimilarity"), -1, 1, settings.minSimilarityPercent / 100.0, QString(),
                         tr("The least the speaker may sound like the voice (cosine of the speaker embeddings; "
                            "the same speaker usually scores above 0.6)"));
  maxRateRatio_ = bound(this, QStringLiteral("maxRateRatio"), 1, 10, settings.maxRateRatioPercent / 100.0, tr("×"),
                        tr("The most a segment may speak faster or slower than the voice (times the speed asked "
                           "for): more usually means babbling, words left out or long silences"));
  note_ = new QLabel(this);
  note_->setObjectName(QStringLiteral("listeningNote"));
  note_->setWordWrap(true);
  note_->setText(installed ? tr("A segment that fails is marked in the takes list with what the recogniser heard.")
                           : tr("The recogniser is not installed, so nothing is checked: download it with "
                                "Engine → Download recogniser…, or name its folder on the General page."));

  auto* form = new QFormLayout(this);
  form->addRow(check_);
  form->addRow(tr("&Retakes for a text:"), textRetakes_);
  form->addRow(tr("Retakes for &books and scripts:"), partsRetakes_);
  form->addRow(tr("Highest &error rate:"), maxErrorRate_);
  form->addRow(tr("Lowest speaker &similarity:"), minSimilarity_);
  form->addRow(tr("Largest speaking ra&te ratio:"), maxRateRatio_);
  form->addRow(note_);
  connect(check_, &QCheckBox::toggled, this, &ListeningPage::enableBounds);
  enableBounds();
}

void ListeningPage::enableBounds() {
  for (QWidget* field : std::initializer_list<QWidget*>{textRetakes_, partsRetakes_, maxErrorRate_, minSimilarity_,
                                                         maxRateRatio_})
    field->setEnabled(check_->isChecked());
}

ListeningSettings ListeningPage::settings() const {
  ListeningSettings chosen;
  chosen.check = check_->isChecked();
  chosen.textRetakes = textRetakes_->value();
  chosen.partsRetakes = partsRetakes_->value();
  chosen.maxErrorRatePercent = percent(maxErrorRate_->value());
  chosen.minSimilarityPercent = percent(minSimilarity_->value());
  chosen.maxRateRatioPercent = percent(maxRateRatio_->value());
  return chosen;
}

}  // namespace cosystudio::ui

#include "moc_listening_page.cpp"
