// The user's find → replace rules, applied to the text before it is
// normalised (brand names, acronyms, words the model keeps misreading).
// Stored in the settings; edited in a small table dialog.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QTableWidget;

namespace cosystudio::ui {

struct Replacement {
  // Matched literally and case-sensitively; an end that is a Latin letter or
  // digit only matches at a word boundary ("AI" does not match in "SAID").
  QString find;
  QString replace;  // may hold markup, e.g. pinyin or CMU phones
};

// Every rule in order, each over the result of the ones before it.
QString applyReplacements(QString text, const QList<Replacement>& rules);

QList<Replacement> loadReplacements();  // from QSettings; examples the first time
void saveReplacements(const QList<Replacement>& rules);

class ReplacementRulesDialog : public QDialog {
  Q_OBJECT

 public:
  ReplacementRulesDialog(const QList<Replacement>& rules, QWidget* parent = nullptr);
  // The rows with something to find, in order.
  QList<Replacement> rules() const;

 private:
  void addRow(const Replacement& rule);

  QTableWidget* table_;
};

}  // namespace cosystudio::ui
