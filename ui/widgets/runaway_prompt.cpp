#include "runaway_prompt.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QPushButton>

namespace cosystudio::ui {

void offerRunawayRetry(QWidget* parent, const JobSpec& job, int segment, const QString& details,
                       std::function<void()> retry) {
  const QString title = QCoreApplication::translate("RunawayPrompt", "Generation ran away");
  const QString text = QCoreApplication::translate("RunawayPrompt",
                                                   "Job #%1 stopped: segment %2 was still generating after %3 s, "
                                                   "which usually means the model is babbling or repeating.")
                           .arg(job.id)
                           .arg(segment + 1)
                           .arg(job.settings.segmentTimeLimitSeconds);
  auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Close, parent);
  box->setObjectName(QStringLiteral("runawayPrompt"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setDetailedText(details);
  QPushButton* again = box->addButton(QCoreApplication::translate("RunawayPrompt", "&Regenerate with a new seed"),
                                      QMessageBox::AcceptRole);
  box->setDefaultButton(again);
  QObject::connect(again, &QPushButton::clicked, box, std::move(retry));
  box->open();
}

}  // namespace cosystudio::ui
