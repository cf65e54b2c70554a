// The questions around quitting with jobs in the queue: keep them for the
// next start, drop them, or stay; and at the next start, whether to resume
// the jobs kept. Each box has an objectName tests and tools can find.
#pragma once

#include "job.h"

#include <QList>
#include <QString>

class QWidget;

namespace cosystudio::ui {

enum class QuitChoice { KeepQueue, DropQueue, Stay };

// `jobs` wait or run; `lost` of them (regenerations of this session's takes)
// cannot be kept. Box "quitWithJobs".
QuitChoice askQuitWithJobs(QWidget* parent, int jobs, int lost);

// The queue could not be written (`error`): true = quit without it. Box "queueNotKept".
bool askQuitWithoutQueue(QWidget* parent, const QString& error);

// With jobs left asks (askQuitWithJobs), then keeps them for the next start
// (saved_queue.h), or asks again when they cannot be written. False: stay.
bool confirmQuit(QWidget* parent, const QList<JobSpec>& jobs);

// `jobs` of the last session came back: true = queue them again, false =
// drop them. Box "resumeQueue".
bool askResumeQueue(QWidget* parent, int jobs);

}  // namespace cosystudio::ui
