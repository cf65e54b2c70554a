#include "replacement_rules.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cosystudio::ui {

namespace {

const QString kSettingsKey = QStringLiteral("text/replacements");

// What a first-time user sees: one rule of each useful kind.
QList<Replacement> examples() {
  return {{QStringLiteral("AI"), QStringLiteral("A I")},
          {QStringLiteral("CosyVoice"), QStringLiteral("Cosy Voice")},
          {QStringLiteral("重庆"), QStringLiteral("[ch][óng]庆")}};
}

}  // namespace

QString applyReplacements(QString text, const QList<Replacement>& rules) {
  const auto isWordChar = [](QChar c) { return c.isLetterOrNumber() && c.unicode() < 0x80; };
  for (const Replacement& rule : rules) {
    if (rule.find.isEmpty()) continue;
    const QString before = isWordChar(rule.find.front()) ? QStringLiteral("(?<![A-Za-z0-9])") : QString();
    const QString after = isWordChar(rule.find.back()) ? QStringLiteral("(?![A-Za-z0-9])") : QString();
    // Built by hand: QString::replace would read "\\1" in the replacement as a back-reference.
    const QRegularExpression pattern(before + QRegularExpression::escape(rule.find) + after);
    QString replaced;
    qsizetype done = 0;
    for (auto it = pattern.globalMatch(text); it.hasNext();) {
      const QRegularExpressionMatch match = it.next();
      replaced += QStringView(text).mid(done, match.capturedStart() - done);
      replaced += rule.replace;
      done = match.capturedEnd();
    }
    replaced += QStringView(text).mid(done);
    text = replaced;
  }
  return text;
}

QList<Replacement> loadReplacements() {
  const QSettings settings;
  if (!settings.contains(kSettingsKey)) return examples();
  QList<Replacement> rules;
  const QStringList pairs = settings.value(kSettingsKey).toStringList();
  for (qsizetype i = 0; i + 1 < pairs.size(); i += 2) rules.append({pairs[i], pairs[i + 1]});
  return rules;
}

void saveReplacements(const QList<Replacement>& rules) {
  QStringList pairs;
  for (const Replacement& rule : rules) pairs << rule.find << rule.replace;
  QSettings().setValue(kSettingsKey, pairs);
}

ReplacementRulesDialog::ReplacementRulesDialog(const QList<Replacement>& rules, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Replacement rules"));
  setObjectName(QStringLiteral("replacementRules"));
  auto* intro = new QLabel(tr("Before the text is normalised, each “Find” is replaced by its “Replace with”, "
                              "in this order. Use it for names and words the model misreads; the replacement "
                              "may hold pinyin or CMU phone markup."),
                           this);
  intro->setWordWrap(true);
  table_ = new QTableWidget(0, 2, this);
  table_->setHorizontalHeaderLabels({tr("Find"), tr("Replace with")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  for (const Replacement& rule : rules) addRow(rule);

  auto* add = new QPushButton(tr("&Add rule"), this);
  auto* remove = new QPushButton(tr("&Remove rule"), this);
  connect(add, &QPushButton::clicked, this, [this] {
    addRow({});
    table_->setCurrentCell(table_->rowCount() - 1, 0);
    table_->editItem(table_->currentItem());
  });
  connect(remove, &QPushButton::clicked, this, [this] {
    if (table_->currentRow() >= 0) table_->removeRow(table_->currentRow());
  });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* rows = new QHBoxLayout;
  rows->addWidget(add);
  rows->addWidget(remove);
  rows->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(table_, 1);
  layout->addLayout(rows);
  layout->addWidget(buttons);
  resize(520, 360);
}

void ReplacementRulesDialog::addRow(const Replacement& rule) {
  const int row = table_->rowCount();
  table_->insertRow(row);
  table_->setItem(row, 0, new QTableWidgetItem(rule.find));
  table_->setItem(row, 1, new QTableWidgetItem(rule.replace));
}

QList<Replacement> ReplacementRulesDialog::rules() const {
  QList<Replacement> rules;
  for (int row = 0; row < table_->rowCount(); ++row) {
    const QString find = table_->item(row, 0) ? table_->item(row, 0)->text() : QString();
    if (!find.isEmpty()) rules.append({find, table_->item(row, 1) ? table_->item(row, 1)->text() : QString()});
  }
  return rules;
}

}  // namespace cosystudio::ui
