#include "job_queue_model.h"

#include <QApplication>
#include <QIcon>
#include <QPainter>
#include <QStyle>

#include <algorithm>

namespace cosystudio::ui {

namespace {

// The desktop's clock when its theme has one, else one drawn in the text
// colour: the style has no "waiting" icon, and its pause icon would read as paused.
QIcon waitingIcon() {
  static const QIcon icon = QIcon::fromTheme(QStringLiteral("appointment-soon"), [] {
    QPixmap clock(32, 32);
    clock.fill(Qt::transparent);
    QPainter painter(&clock);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QApplication::palette().color(QPalette::Text), 3, Qt::SolidLine, Qt::RoundCap));
    painter.drawEllipse(QRectF(3, 3, 26, 26));
    painter.drawPolyline(QPolygonF{QPointF(16, 8), QPointF(16, 16), QPointF(22, 19)});
    return QIcon(clock);
  }());
  return icon;
}

}  // namespace

JobQueueModel::JobQueueModel(QObject* parent) : QAbstractListModel(parent) {}

int JobQueueModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(jobs_.size()); }

QVariant JobQueueModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const JobSpec& job = jobs_.at(index.row());
  const JobState state = this->state(index.row());
  switch (role) {
    case Qt::DisplayRole: return job.summary();
    case Qt::ToolTipRole:
      switch (state) {
        case JobState::Running: return tr("Running: %1").arg(job.text);
        case JobState::Cancelling: return tr("Stopping: %1").arg(job.text);
        case JobState::Requeued: return tr("Runs again after the reset: %1").arg(job.text);
        case JobState::Waiting: return tr("Waiting: %1").arg(job.text);
      }
      break;
    // Icons, not emoji: not every font has an hourglass.
    case Qt::DecorationRole:
      switch (state) {
        case JobState::Running: return QApplication::style()->standardIcon(QStyle::SP_MediaPlay);
        case JobState::Cancelling: return QApplication::style()->standardIcon(QStyle::SP_MediaStop);
        case JobState::Requeued:
        case JobState::Waiting: return waitingIcon();
      }
      break;
    case JobIdRole: return job.id;
    case StateRole: return QVariant::fromValue(state);
  }
  return {};
}

QHash<int, QByteArray> JobQueueModel::roleNames() const {
  QHash<int, QByteArray> names = QAbstractListModel::roleNames();
  names.insert(JobIdRole, "jobId");
  names.insert(StateRole, "state");
  return names;
}

void JobQueueModel::append(const JobSpec& job) {
  beginInsertRows({}, int(jobs_.size()), int(jobs_.size()));
  jobs_ << job;
  endInsertRows();
}

void JobQueueModel::setHeadState(JobState state) {
  if (jobs_.isEmpty() || headState_ == state) return;
  headState_ = state;
  emit dataChanged(index(0), index(0), {Qt::ToolTipRole, Qt::DecorationRole, StateRole});
}

void JobQueueModel::remove(quint64 id) {
  for (int row = 0; row < jobs_.size(); ++row) {
    if (jobs_[row].id != id) continue;
    beginRemoveRows({}, row, row);
    jobs_.removeAt(row);
    if (row == 0) headState_ = JobState::Waiting;
    endRemoveRows();
    return;
  }
}

void JobQueueModel::move(quint64 id, int row, int firstMovable) {
  const auto found = std::find_if(jobs_.begin(), jobs_.end(), [id](const JobSpec& job) { return job.id == id; });
  const int from = int(found - jobs_.begin());
  if (found == jobs_.end() || from < firstMovable) return;
  row = std::clamp(row, firstMovable, int(jobs_.size()) - 1);
  if (row == from) return;
  // beginMoveRows names the row the job goes before, as it is before the move.
  beginMoveRows({}, from, from, {}, row > from ? row + 1 : row);
  jobs_.move(from, row);
  endMoveRows();
}

void JobQueueModel::removeWaiting() {
  const int first = workerJob() ? 1 : 0;
  if (jobs_.size() <= first) return;
  beginRemoveRows({}, first, int(jobs_.size()) - 1);
  jobs_.resize(first);
  endRemoveRows();
}

}  // namespace cosystudio::ui

#include "moc_job_queue_model.cpp"
