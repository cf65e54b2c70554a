#include "generate_panel.h"

#include "engine_session.h"
#include "job_queue_model.h"
#include "style_panel.h"

#include "services/download/model_download.h"

#include <QAction>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QListView>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStyleOptionViewItem>
#include <QVBoxLayout>

namespace cosystudio::ui {

namespace {

// A row of the queue as its delegate sizes it: a job's icon and one line.
int jobRowHeight(QListView* view) {
  QStandardItemModel sample;
  sample.appendRow(new QStandardItem(view->style()->standardIcon(QStyle::SP_MediaPlay), QStringLiteral("Ag")));
  QStyleOptionViewItem option;
  option.initFrom(view);
  option.decorationSize = view->iconSize();
  return view->itemDelegate()->sizeHint(option, sample.index(0, 0)).height();
}

}  // namespace

namespace {

// Each segment moves the bar by four steps: text, speech tokens, mel, waveform.
constexpr int kStepsPerSegment = 4;

}  // namespace

GeneratePanel::GeneratePanel(EngineSession* session, QWidget* parent)
    : QWidget(parent),
      style_(new StylePanel(this)),
      speaker_(new QLabel(this)),
      generate_(new QPushButton(tr("&Generate"), this)),
      cancel_(new QPushButton(tr("&Cancel"), this)),
      queue_(new QListView(this)),
      remove_(new QPushButton(tr("&Remove"), this)),
      progress_(new QProgressBar(this)),
      figures_(new QLabel(this)) {
  speaker_->setObjectName(QStringLiteral("speaker"));
  speaker_->setWordWrap(true);
  generate_->setObjectName(QStringLiteral("generateButton"));
  generate_->setToolTip(tr("Queue the text for synthesis (Ctrl+Return)"));
  cancel_->setObjectName(QStringLiteral("cancelButton"));
  queue_->setObjectName(QStringLiteral("queue"));
  JobQueueModel* queue = session->queue();
  queue_->setModel(queue);
  queue_->setToolTip(tr("Jobs run one at a time; right-click a job to remove or reorder it"));
  queue_->setContextMenuPolicy(Qt::CustomContextMenu);
  // Room for three jobs, and more when the window is taller; a long one is
  // cut at the side (its tooltip has it whole) rather than given a scroll bar
  // that would take a row's room.
  queue_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  const int icon = queue_->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, queue_);
  queue_->setIconSize(QSize(icon, icon));  // a state's mark, a line high
  queue_->setMinimumHeight(3 * jobRowHeight(queue_) + 2 * queue_->frameWidth());
  remove_->setObjectName(QStringLiteral("removeJob"));
  progress_->setObjectName(QStringLiteral("jobProgress"));
  progress_->setFormat(tr("idle"));
  progress_->setValue(0);
  figures_->setObjectName(QStringLiteral("liveFigures"));
  figures_->setWordWrap(true);
  figures_->setToolTip(tr("Real-time factor (below 1 is faster than real time), time to the first "
                          "audio and speech tokens per second"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(generate_, 1);
  buttons->addWidget(cancel_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(style_);
  layout->addWidget(speaker_);
  layout->addLayout(buttons);
  auto* queueRow = new QHBoxLayout;
  queueRow->addWidget(new QLabel(tr("Queue:"), this), 1);
  queueRow->addWidget(remove_);
  layout->addLayout(queueRow);
  layout->addWidget(queue_, 1);
  layout->addWidget(progress_);
  layout->addWidget(figures_);

  connect(generate_, &QPushButton::clicked, this, &GeneratePanel::generateRequested);
  connect(cancel_, &QPushButton::clicked, this, [this] { emit cancelRequested(selectedJob()); });
  const auto removeSelected = [this] {
    if (const quint64 job = selectedJob()) emit cancelRequested(job);
  };
  connect(remove_, &QPushButton::clicked, this, removeSelected);
  auto* dropJob = new QAction(queue_);
  dropJob->setShortcut(QKeySequence::Delete);
  dropJob->setShortcutContext(Qt::WidgetShortcut);
  queue_->addAction(dropJob);
  connect(dropJob, &QAction::triggered, this, removeSelected);
  connect(queue_, &QWidget::customContextMenuRequested, this, &GeneratePanel::showQueueMenu);
  connect(queue_->selectionModel(), &QItemSelectionModel::currentChanged, this, &GeneratePanel::updateQueueControls);
  connect(queue, &QAbstractItemModel::rowsInserted, this, &GeneratePanel::updateQueueControls);
  connect(queue, &QAbstractItemModel::rowsRemoved, this, &GeneratePanel::updateQueueControls);
  connect(queue, &QAbstractItemModel::rowsMoved, this, &GeneratePanel::updateQueueControls);
  connect(queue, &QAbstractItemModel::dataChanged, this, &GeneratePanel::updateQueueControls);
  updateQueueControls();
  connect(session, &EngineSession::jobStarted, this, [this] { showStarting(tr("Preparing voice…")); });
  connect(session, &EngineSession::jobProgress, this, [this](quint64, const Progress& p) { showProgress(p); });
  connect(session, &EngineSession::jobFinished, this, &GeneratePanel::showFinished);
  connect(session, &EngineSession::jobFailed, this,
          [this](quint64, const QString&, bool cancelled) { showEnded(cancelled ? tr("cancelled") : tr("failed")); });
  connect(session, &EngineSession::jobRanAway, this, [this] { showEnded(tr("ran away")); });
  setTabOrder(style_, generate_);
  setTabOrder(generate_, cancel_);
}

quint64 GeneratePanel::selectedJob() const {
  const QModelIndex current = queue_->currentIndex();
  return current.isValid() && queue_->selectionModel()->isSelected(current)
             ? current.data(JobQueueModel::JobIdRole).toULongLong()
             : 0;
}

void GeneratePanel::updateQueueControls() {
  const QModelIndex current = queue_->currentIndex();
  const bool selected = selectedJob() != 0;
  const bool running =
      selected && current.data(JobQueueModel::StateRole).value<JobQueueModel::JobState>() != JobQueueModel::JobState::Waiting;
  const bool anyRunning = static_cast<const JobQueueModel*>(queue_->model())->workerJob() != 0;
  cancel_->setEnabled(selected || anyRunning);
  remove_->setEnabled(selected);
  remove_->setToolTip(!selected ? tr("Select a job in the queue to remove it")
                      : running ? tr("Stop the running job (it stops within one step)")
                                : tr("Remove the selected job from the queue (Delete)"));
  cancel_->setToolTip(selected && !running ? tr("Remove the selected waiting job from the queue (Esc)")
                      : anyRunning         ? tr("Stop the running job (Esc); it stops within one step")
                                           : tr("No job is running; select a waiting job to remove it"));
}

void GeneratePanel::showQueueMenu(const QPoint& at) {
  const QModelIndex job = queue_->indexAt(at);
  if (!job.isValid()) return;
  queue_->setCurrentIndex(job);
  const quint64 id = job.data(JobQueueModel::JobIdRole).toULongLong();
  const bool waiting =
      job.data(JobQueueModel::StateRole).value<JobQueueModel::JobState>() == JobQueueModel::JobState::Waiting;
  const int row = job.row(), rows = queue_->model()->rowCount();
  QMenu menu(this);
  menu.addAction(waiting ? tr("&Remove from the queue") : tr("&Stop this job"), this,
                 [this, id] { emit cancelRequested(id); });
  menu.addSeparator();
  menu.addAction(tr("Run &next"), this, [this, id] { emit moveRequested(id, 0); })->setEnabled(waiting && row > 0);
  menu.addAction(tr("Move &up"), this, [this, id, row] { emit moveRequested(id, row - 1); })
      ->setEnabled(waiting && row > 0);
  menu.addAction(tr("Move &down"), this, [this, id, row] { emit moveRequested(id, row + 1); })
      ->setEnabled(waiting && row + 1 < rows);
  menu.addSeparator();
  menu.addAction(tr("Cancel &all jobs"), this, &GeneratePanel::cancelAllRequested);
  menu.exec(queue_->viewport()->mapToGlobal(at));
}

void GeneratePanel::showProgress(const Progress& p) {
  // Before the text is split the segments are not known yet; once every
  // segment is made the take follows (showFinished).
  if (p.stage == Stage::Preparing) {
    progress_->setValue(0);
    progress_->setFormat(stageName(p.stage) + QChar(0x2026));
    return;
  }
  if (p.stage == Stage::Done) {
    progress_->setValue(progress_->maximum());
    return;
  }
  const int segments = std::max(1, p.segmentCount);
  const int step = std::clamp(int(p.stage) - 1, 0, kStepsPerSegment);  // Preparing and Text are the first
  progress_->setRange(0, segments * kStepsPerSegment);
  progress_->setValue(p.segment * kStepsPerSegment + step);
  progress_->setFormat(tr("segment %1 of %2 · %3").arg(p.segment + 1).arg(segments).arg(stageName(p.stage)));
  // Time left from the pace of this run so far: parts kept by an earlier run
  // (job_parts.h) are done before it starts and do not count towards the pace.
  const double done = double(progress_->value()) / progress_->maximum();
  if (doneAtStart_ < 0) doneAtStart_ = done;
  const double elapsed = running_.elapsed() / 1000.0;
  QStringList figures;
  if (p.elapsedSeconds > 0 && p.tokens > 0) figures << tr("%1 tokens/s").arg(p.tokens / p.elapsedSeconds, 0, 'f', 1);
  figures << tr("%1 elapsed").arg(services::durationText(elapsed));
  if (done - doneAtStart_ > 0.01)
    figures << tr("about %1 left").arg(services::durationText(elapsed / (done - doneAtStart_) * (1.0 - done)));
  figures_->setText(figures.join(QStringLiteral(" · ")));
}

void GeneratePanel::showFinished(const Take& take) {
  progress_->setFormat(tr("done"));
  progress_->setValue(progress_->maximum());
  // Only the figures the job measured: a script, a dubbing or a chapter is
  // made in parts, with no one first audio and no token count of its own.
  QStringList figures{tr("RTF %1").arg(take.realTimeFactor, 0, 'f', 2)};
  if (take.firstAudioSeconds > 0) figures << tr("first audio after %1 s").arg(take.firstAudioSeconds, 0, 'f', 2);
  if (take.speechTokens() > 0 && take.totalSeconds > 0)
    figures << tr("%1 tokens/s").arg(take.speechTokens() / take.totalSeconds, 0, 'f', 1);
  figures_->setText(figures.join(QStringLiteral(" · ")));
}

void GeneratePanel::showEnded(const QString& how) {
  progress_->setFormat(how);
  progress_->setValue(0);
}

void GeneratePanel::showStarting(const QString& what) {
  running_.start();
  doneAtStart_ = -1;
  progress_->setRange(0, kStepsPerSegment);
  progress_->setValue(0);
  progress_->setFormat(what);
  figures_->clear();
}

void GeneratePanel::showSpeaker(const QString& voice, const QString& clipFile, const QStringList& cast) {
  if (!cast.isEmpty())
    speaker_->setText(tr("Speaks: a script of %1").arg(cast.join(QStringLiteral(", "))));
  else if (!voice.isEmpty())
    speaker_->setText(tr("Speaks: the saved voice “%1”").arg(voice));
  else if (!clipFile.isEmpty())
    speaker_->setText(tr("Speaks: the voice of the prompt clip %1").arg(QFileInfo(clipFile).fileName()));
  else
    speaker_->setText(tr("No voice yet: open or record a prompt clip, or pick a saved voice"));
}

}  // namespace cosystudio::ui

#include "moc_generate_panel.cpp"
