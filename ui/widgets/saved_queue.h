// The queue kept from one session to the next: the jobs still to run when
// CosyStudio quit, in a JSON file, put back in the queue at the next start.
#pragma once

#include "job.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace cosystudio::ui {

// <appDataFolder()>/queue.json
QString savedQueueFile();

// A segment made again belongs to a take of this session (JobSpec::regenerates),
// whose number the next session does not know, and a served request to its
// client's connection: neither is kept.
bool isKeptAcrossSessions(const JobSpec& job);

// Writes the jobs that are kept, in order and atomically; with none, removes
// the file. False with a readable `error` when it cannot.
bool saveQueue(const QString& path, const QList<JobSpec>& jobs, QString* error);

struct SavedQueue {
  QList<JobSpec> jobs;  // in order; enqueueing gives them new ids
  QStringList dropped;  // a line for each job that cannot run any more, naming the file that is gone
  QString error;        // the file could not be read at all
};

// Reads the file and removes it: a queue comes back once.
SavedQueue takeSavedQueue(const QString& path);

}  // namespace cosystudio::ui
