// The job queue as a list model: the running job first, then the waiting ones
// in the order they will run. EngineSession owns it and alone changes it;
// views read it.
#pragma once

#include "job.h"

#include <QAbstractListModel>
#include <QList>

namespace cosystudio::ui {

class JobQueueModel : public QAbstractListModel {
  Q_OBJECT

 public:
  enum Role { JobIdRole = Qt::UserRole + 1, StateRole };
  enum class JobState { Waiting, Running };
  Q_ENUM(JobState)

  explicit JobQueueModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QHash<int, QByteArray> roleNames() const override;

  const QList<JobSpec>& jobs() const { return jobs_; }
  bool headIsRunning() const { return headRunning_; }
  bool hasWaiting() const { return jobs_.size() > (headRunning_ ? 1 : 0); }

 private:
  friend class EngineSession;
  void append(const JobSpec& job);
  // The first job starts, or goes back to waiting at the head (a reset).
  void setHeadRunning(bool running);
  void remove(quint64 id);
  void removeWaiting();
  // Moves a job to `row`, kept at or below `firstMovable` (the running job's
  // row stays its own).
  void move(quint64 id, int row, int firstMovable);

  QList<JobSpec> jobs_;
  bool headRunning_ = false;
};

}  // namespace cosystudio::ui
