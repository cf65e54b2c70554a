#include "window_status_bar.h"

#include "elided_label.h"
#include "memory_meter.h"
#include "memory_monitor.h"

#include "cosystudio/version.h"

#include <QFileInfo>
#include <QLabel>
#include <QResizeEvent>
#include <QTimer>

#include <algorithm>
#include <initializer_list>

namespace cosystudio::ui {

WindowStatusBar::WindowStatusBar(EngineSession* session, QWidget* parent)
    : QStatusBar(parent),
      server_(new QLabel(this)),
      engineState_(new ElidedLabel(this)),
      memory_(new MemoryMeter(this)),
      session_(session) {
  engineState_->setObjectName(QStringLiteral("engineStatus"));
  engineState_->setText(tr("No model loaded"));
  server_->setObjectName(QStringLiteral("serverStatus"));
  server_->hide();
  addPermanentWidget(server_);
  addPermanentWidget(memory_);
  addPermanentWidget(engineState_);
  auto* monitor = new MemoryMonitor(session, this);
  connect(monitor, &MemoryMonitor::sampled, memory_, &MemoryMeter::add);
  connect(monitor, &MemoryMonitor::sampled, this, &WindowStatusBar::sayGraphFailure);
  connect(monitor, &MemoryMonitor::keepsGrowing, this, [this](int jobs, qint64 from, qint64 to) {
    say(tr("Memory grew after each of the last %1 jobs (%2 → %3). Engine → Reset engine frees it.")
            .arg(jobs)
            .arg(formatBytes(from), formatBytes(to)),
        15000);
  });
  follow(session);
  showEngineState();
  say(tr("Ready"), 0);
  // A message that timed out, or a menu's status tip that replaced it, takes its tooltip along.
  connect(this, &QStatusBar::messageChanged, this, [this](const QString& shown) {
    if (shown.isEmpty()) {
      full_.clear();
      showingError_ = false;
    }
    setToolTip(!shown.isEmpty() && shown != full_ && !full_.isEmpty() ? full_ : QString());
  });
}

// Said once per failure: the meter's tooltip and the diagnostics keep it.
void WindowStatusBar::sayGraphFailure(const MemoryStats& stats) {
  const QString failure = QString::fromStdString(stats.cudaGraphFailure);
  if (failure == graphFailure_) return;
  graphFailure_ = failure;
  if (!failure.isEmpty()) say(tr("GPU: %1").arg(failure), 30000);
}

void WindowStatusBar::showServer(const QString& note) {
  server_->setText(note);
  server_->setVisible(!note.isEmpty());
  // The message's room changes once the bar has laid its widgets out again.
  QTimer::singleShot(0, this, [this] {
    if (!full_.isEmpty() && !currentMessage().isEmpty()) showElided();
  });
}

void WindowStatusBar::say(const QString& text, int ms) {
  full_ = text;
  showingError_ = false;
  expires_ = ms > 0 ? QDeadlineTimer(ms) : QDeadlineTimer(QDeadlineTimer::Forever);
  showElided();
}

void WindowStatusBar::sayError(const QString& text) {
  say(text, 0);
  showingError_ = true;
}

void WindowStatusBar::clearStaleError() {
  if (showingError_) clearMessage();
}

void WindowStatusBar::showElided() {
  // QStatusBar draws its message as it is, under the widgets on its right:
  // what fits left of the first of them (the server's label, when it shows)
  // is shown, the rest is in the tooltip.
  int left = width();
  for (const QWidget* widget : std::initializer_list<const QWidget*>{server_, memory_, engineState_})
    if (widget->isVisible() && widget->x() > 0) left = std::min(left, widget->x());
  const int room = left < width() ? left - 16 : width() / 2;
  const QString shown = fontMetrics().elidedText(full_, Qt::ElideRight, std::max(room, 0));
  showMessage(shown, expires_.isForever() ? 0 : int(std::max<qint64>(1, expires_.remainingTime())));
  setToolTip(shown == full_ ? QString() : full_);
}

void WindowStatusBar::resizeEvent(QResizeEvent* event) {
  QStatusBar::resizeEvent(event);
  if (!full_.isEmpty() && !currentMessage().isEmpty()) showElided();
}

void WindowStatusBar::follow(EngineSession* session) {
  connect(session, &EngineSession::stateChanged, this, &WindowStatusBar::showEngineState);
  connect(session, &EngineSession::loadStep, this,
          [this](const QString& what) { engineState_->setText(tr("Loading: %1").arg(what)); });
  connect(session, &EngineSession::gpuUnavailable, this, [this](int index, const QString& problem) {
    gpuNotice_ = tr("GPU %1 cannot be used (%2); the CPU is used instead. See Engine → Settings.").arg(index).arg(problem);
  });
  connect(session, &EngineSession::loaded, this, &WindowStatusBar::showLoaded);
  connect(session, &EngineSession::resetDone, this, [this](const ResetReport& report) {
    say(tr("Engine reset in %1 s").arg(report.teardownSeconds + report.reloadSeconds, 0, 'f', 1), 8000);
  });
  connect(session, &EngineSession::unloadedWhenIdle, this, [this](int minutes) {
    say(tr("The model was unloaded after %n idle minute(s); it loads again for the next job.", nullptr, minutes),
        10000);
  });
  connect(session, &EngineSession::jobFailed, this, [this](quint64 id, const QString&, bool cancelled) {
    if (cancelled) say(tr("Job #%1 cancelled").arg(id));
  });
  connect(session, &EngineSession::voiceSaved, this,
          [this](const QString& file) { say(tr("Voice saved: %1").arg(QFileInfo(file).completeBaseName())); });
}

void WindowStatusBar::showLoaded(double seconds) {
  // Why the model runs on the CPU, said with the load it explains: a GPU
  // chosen and refused, or a GPU build that can use no GPU at all.
  QString notice = std::exchange(gpuNotice_, QString());
  if (notice.isEmpty() && session_->model().device.kind == DeviceKind::Cpu && builtWithCuda())
    if (const std::string why = gpuUnavailableReason(); !why.empty())
      notice = tr("No GPU can be used: %1").arg(QString::fromStdString(why));
  const QString loaded = tr("Model loaded in %1 s").arg(seconds, 0, 'f', 1);
  say(notice.isEmpty() ? loaded : loaded + QStringLiteral(" — ") + notice, notice.isEmpty() ? 8000 : 30000);
}

void WindowStatusBar::showEngineState() {
  using State = EngineSession::State;
  QString text;
  switch (session_->state()) {
    case State::NoModel: text = tr("No model loaded"); break;
    case State::Loading: text = tr("Loading model…"); break;
    case State::Ready: text = tr("Ready · %1").arg(session_->model().engineName()); break;
    case State::Busy: text = tr("Generating…"); break;
    case State::Resetting: text = tr("Resetting engine…"); break;
    case State::Poisoned: text = tr("Device error: restart needed"); break;
  }
  engineState_->setText(text);
}

}  // namespace cosystudio::ui

#include "moc_window_status_bar.cpp"
