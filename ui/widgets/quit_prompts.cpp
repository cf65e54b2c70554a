#include "quit_prompts.h"

#include "engine_session.h"
#include "saved_queue.h"

#include <QCoreApplication>
#include <QFile>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>

#include <algorithm>

namespace cosystudio::ui {

namespace {

// The translation context of these boxes.
struct QuitPrompts {
  Q_DECLARE_TR_FUNCTIONS(QuitPrompts)
};

}  // namespace

QuitChoice askQuitWithJobs(QWidget* parent, int jobs, int lost, int served) {
  QString text = QuitPrompts::tr("%n job(s) are still running or waiting. Keep them to run when CosyStudio starts next (a "
                    "running job goes on where it stopped; a dubbing starts over), or drop them?",
                    nullptr, jobs);
  if (lost > 0)
    text += QLatin1Char(' ') + QuitPrompts::tr("%n segment regeneration(s) belong to takes of this session and are dropped.", nullptr, lost);
  if (served > 0)
    text += QLatin1Char(' ') + QuitPrompts::tr("%n request(s) of other programs through the local speech server end "
                                               "with CosyStudio.", nullptr, served);
  QMessageBox ask(QMessageBox::Question, QuitPrompts::tr("Quit CosyStudio"), text, QMessageBox::NoButton, parent);
  ask.setObjectName(QStringLiteral("quitWithJobs"));
  QPushButton* keep = ask.addButton(QuitPrompts::tr("&Quit and keep the queue"), QMessageBox::AcceptRole);
  QPushButton* drop = ask.addButton(QuitPrompts::tr("Quit and &drop the queue"), QMessageBox::DestructiveRole);
  ask.addButton(QMessageBox::Cancel);
  ask.setDefaultButton(keep);
  ask.exec();
  return ask.clickedButton() == keep ? QuitChoice::KeepQueue
         : ask.clickedButton() == drop ? QuitChoice::DropQueue
                                       : QuitChoice::Stay;
}

bool askQuitWithoutQueue(QWidget* parent, const QString& error) {
  QMessageBox ask(QMessageBox::Warning, QuitPrompts::tr("Quit CosyStudio"),
                  QuitPrompts::tr("The queue cannot be kept for next time: %1").arg(error), QMessageBox::NoButton, parent);
  ask.setObjectName(QStringLiteral("queueNotKept"));
  QPushButton* quit = ask.addButton(QuitPrompts::tr("&Quit and drop the queue"), QMessageBox::DestructiveRole);
  ask.addButton(QMessageBox::Cancel);
  ask.setDefaultButton(QMessageBox::Cancel);
  ask.exec();
  return ask.clickedButton() == quit;
}

bool askResumeQueue(QWidget* parent, int jobs) {
  QMessageBox ask(QMessageBox::Question, QuitPrompts::tr("Resume the queue"),
                  QuitPrompts::tr("%n job(s) of the last session are waiting. Queue them again? They run once a model is loaded.",
                     nullptr, jobs),
                  QMessageBox::NoButton, parent);
  ask.setObjectName(QStringLiteral("resumeQueue"));
  QPushButton* resume = ask.addButton(QuitPrompts::tr("&Resume"), QMessageBox::AcceptRole);
  ask.addButton(QuitPrompts::tr("&Drop them"), QMessageBox::DestructiveRole);
  ask.setDefaultButton(resume);
  ask.exec();
  return ask.clickedButton() == resume;
}

bool confirmQuit(QWidget* parent, const QList<JobSpec>& jobs) {
  if (!jobs.isEmpty()) {
    const int served = int(std::count_if(jobs.begin(), jobs.end(), [](const JobSpec& job) { return job.served; }));
    const int lost = int(std::count_if(jobs.begin(), jobs.end(),
                                       [](const JobSpec& job) { return !isKeptAcrossSessions(job); })) - served;
    switch (askQuitWithJobs(parent, int(jobs.size()), lost, served)) {
      case QuitChoice::Stay: return false;
      case QuitChoice::DropQueue: QFile::remove(savedQueueFile()); return true;
      case QuitChoice::KeepQueue: break;
    }
  }
  QString error;
  return saveQueue(savedQueueFile(), jobs, &error) || askQuitWithoutQueue(parent, error);
}

ResumedQueue resumeSavedQueue(QWidget* parent, EngineSession* session) {
  SavedQueue saved = takeSavedQueue(savedQueueFile());
  if (!saved.jobs.isEmpty() && !askResumeQueue(parent, int(saved.jobs.size()))) return {};
  for (const JobSpec& job : saved.jobs) session->enqueue(job);
  const QString restored = QuitPrompts::tr("%n job(s) restored from the last session.", nullptr, int(saved.jobs.size()));
  if (!saved.error.isEmpty()) return {QuitPrompts::tr("The queue of the last session is lost: %1").arg(saved.error), {}};
  if (!saved.dropped.isEmpty())
    return {restored + QLatin1Char('\n') +
                QuitPrompts::tr("%n job(s) could not be restored:", nullptr, int(saved.dropped.size())) +
                QLatin1Char('\n') + saved.dropped.join(QLatin1Char('\n')),
            {}};
  return {{}, saved.jobs.isEmpty() ? QString() : restored};
}

bool restartKeepingQueue(const QList<JobSpec>& jobs, const QString& modelFolder) {
  saveQueue(savedQueueFile(), jobs, nullptr);  // no time to ask: kept if it can be
  QStringList arguments;
  if (!modelFolder.isEmpty()) arguments << QStringLiteral("--model") << modelFolder;
  return QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments);
}

}  // namespace cosystudio::ui
