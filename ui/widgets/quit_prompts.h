// The questions around quitting with jobs in the queue: keep them for the
// next start, drop them, or stay; at the next start, whether to resume the
// jobs kept; and the restart after a device error, which keeps them without
// asking. Each box has an objectName tests and tools can find.
#pragma once

#include "job.h"

#include <QList>
#include <QString>

class QWidget;

namespace cosystudio::ui {

enum class QuitChoice { KeepQueue, DropQueue, Stay };

// `jobs` wait or run; `lost` of them (regenerations of this session's takes)
// and `served` (requests of the local speech server) cannot be kept. Box "quitWithJobs".
QuitChoice askQuitWithJobs(QWidget* parent, int jobs, int lost, int served);

// The queue could not be written (`error`): true = quit without it. Box "queueNotKept".
bool askQuitWithoutQueue(QWidget* parent, const QString& error);

// With jobs left asks (askQuitWithJobs), then keeps them for the next start
// (saved_queue.h), or asks again when they cannot be written. False: stay.
bool confirmQuit(QWidget* parent, const QList<JobSpec>& jobs);

// `jobs` of the last session came back: true = queue them again, false =
// drop them. Box "resumeQueue".
bool askResumeQueue(QWidget* parent, int jobs);

class EngineSession;

// The queue kept by the last session, queued on `session` if the user says
// so. What to say then: an `error` (it is lost, or jobs of it are), or a `message`.
struct ResumedQueue {
  QString error;
  QString message;
};
ResumedQueue resumeSavedQueue(QWidget* parent, EngineSession* session);

// Keeps `jobs` and starts the program again (directly, never through a shell)
// with `modelFolder`; false when it could not be started.
bool restartKeepingQueue(const QList<JobSpec>& jobs, const QString& modelFolder);

}  // namespace cosystudio::ui
