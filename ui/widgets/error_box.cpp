#include "error_box.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace cosystudio::ui {

namespace {
// A long list (every tensor of a wrong checkpoint) would make a box taller
// than the screen: its head, a count, and the whole list under Show Details.
constexpr int kShownLines = 8;
}  // namespace

QString errorSentence(const QString& message) { return message.section(QLatin1Char('\n'), 0, 0); }

void showErrorBox(QWidget* parent, const QString& message) {
  const qsizetype blank = message.indexOf(QStringLiteral("\n\n"));
  QString summary = blank < 0 ? message : message.left(blank);
  QString details = blank < 0 ? QString() : message.mid(blank + 2);
  const QStringList lines = summary.split(QLatin1Char('\n'));
  if (lines.size() > kShownLines + 1) {
    details = details.isEmpty() ? summary : summary + QStringLiteral("\n\n") + details;
    summary = lines.mid(0, kShownLines).join(QLatin1Char('\n')) + QLatin1Char('\n') +
              QCoreApplication::translate("ErrorBox", "… and %n more line(s): see Show Details.", nullptr,
                                          int(lines.size()) - kShownLines);
  }
  auto* box = new QMessageBox(QMessageBox::Warning, QStringLiteral("CosyStudio"), summary, QMessageBox::Ok, parent);
  if (!details.isEmpty()) box->setDetailedText(details);
  box->setObjectName(QStringLiteral("errorMessage"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace cosystudio::ui
