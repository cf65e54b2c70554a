// The job queue as a list model: the worker's job first, then the waiting ones
// in the order they will run, each with its state. EngineSession owns it and
// alone changes it; views read it.
#pragma once

#include "job.h"

#include <QAbstractListModel>
#include <QList>

namespace cosystudio::ui {

class JobQueueModel : public QAbstractListModel {
  Q_OBJECT

 public:
  enum Role { JobIdRole = Qt::UserRole + 1, StateRole };
  // Only the head of the queue is ever anything but Waiting: it is the job the
  // worker holds until the worker reports that it ended.
  enum class JobState {
    Waiting,
    Running,
    Cancelling,  // the user stopped it: it leaves the queue when it ends
    Requeued,    // a reset stopped it: it waits again when it ends, unless it finished
  };
  Q_ENUM(JobState)

  explicit JobQueueModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QHash<int, QByteArray> roleNames() const override;

  const QList<JobSpec>& jobs() const { return jobs_; }
  JobState state(int row) const { return row == 0 ? headState_ : JobState::Waiting; }
  // The job the worker holds (0 = none): the head, unless it is waiting.
  quint64 workerJob() const { return headState_ == JobState::Waiting ? 0 : jobs_.constFirst().id; }
  bool hasWaiting() const { return jobs_.size() > (workerJob() ? 1 : 0); }

 private:
  friend class EngineSession;
  void append(const JobSpec& job);
  void setHeadState(JobState state);
  void remove(quint64 id);
  void removeWaiting();
  // Moves a job to `row`, kept at or below `firstMovable` (the running job's
  // row stays its own).
  void move(quint64 id, int row, int firstMovable);

  QList<JobSpec> jobs_;
  JobState headState_ = JobState::Waiting;
};

}  // namespace cosystudio::ui
