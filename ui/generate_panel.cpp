#include "generate_panel.h"

#include "job_queue_model.h"
#include "style_panel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace cosystudio::ui {

namespace {

// Each segment moves the bar by four steps: text, speech tokens, mel, waveform.
constexpr int kStepsPerSegment = 4;

}  // namespace

GeneratePanel::GeneratePanel(JobQueueModel* queue, QWidget* parent)
    : QWidget(parent),
      style_(new StylePanel(this)),
      generate_(new QPushButton(tr("&Generate"), this)),
      cancel_(new QPushButton(tr("&Cancel"), this)),
      queue_(new QListView(this)),
      progress_(new QProgressBar(this)),
      figures_(new QLabel(this)) {
  generate_->setObjectName(QStringLiteral("generateButton"));
  generate_->setToolTip(tr("Queue the text for synthesis (Ctrl+Return)"));
  cancel_->setObjectName(QStringLiteral("cancelButton"));
  cancel_->setToolTip(tr("Stop the running job (Esc); it stops within one step"));
  queue_->setObjectName(QStringLiteral("queue"));
  queue_->setModel(queue);
  queue_->setToolTip(tr("Jobs run one at a time; select a waiting job and press Delete to drop it"));
  queue_->setMaximumHeight(110);
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
  layout->addLayout(buttons);
  layout->addWidget(new QLabel(tr("Queue:"), this));
  layout->addWidget(queue_);
  layout->addWidget(progress_);
  layout->addWidget(figures_);
  layout->addStretch(1);

  connect(generate_, &QPushButton::clicked, this, &GeneratePanel::generateRequested);
  connect(cancel_, &QPushButton::clicked, this, &GeneratePanel::cancelRequested);
  auto* dropJob = new QAction(queue_);
  dropJob->setShortcut(QKeySequence::Delete);
  dropJob->setShortcutContext(Qt::WidgetShortcut);
  queue_->addAction(dropJob);
  connect(dropJob, &QAction::triggered, this, [this] {
    if (const QModelIndex job = queue_->currentIndex(); job.isValid())
      emit dropRequested(job.data(JobQueueModel::JobIdRole).toULongLong());
  });
  setTabOrder(style_, generate_);
  setTabOrder(generate_, cancel_);
}

void GeneratePanel::showProgress(const Progress& p) {
  const int segments = std::max(1, p.segmentCount);
  const int step = std::clamp(int(p.stage) - 1, 0, kStepsPerSegment);  // Preparing and Text are the first
  progress_->setRange(0, segments * kStepsPerSegment);
  progress_->setValue(p.segment * kStepsPerSegment + step);
  progress_->setFormat(tr("segment %1 of %2 · %3").arg(p.segment + 1).arg(segments).arg(stageName(p.stage)));
  if (p.elapsedSeconds > 0 && p.tokens > 0)
    figures_->setText(tr("%1 tokens/s · %2 s elapsed")
                          .arg(p.tokens / p.elapsedSeconds, 0, 'f', 1)
                          .arg(p.elapsedSeconds, 0, 'f', 1));
}

void GeneratePanel::showFinished(const Take& take) {
  progress_->setFormat(tr("done"));
  progress_->setValue(progress_->maximum());
  figures_->setText(tr("RTF %1 · first audio after %2 s · %3 tokens/s")
                        .arg(take.realTimeFactor, 0, 'f', 2)
                        .arg(take.firstAudioSeconds, 0, 'f', 2)
                        .arg(take.totalSeconds > 0 ? take.speechTokens() / take.totalSeconds : 0.0, 0, 'f', 1));
}

void GeneratePanel::showEnded(const QString& how) {
  progress_->setFormat(how);
  progress_->setValue(0);
}

}  // namespace cosystudio::ui

#include "moc_generate_panel.cpp"
