#include "main_window.h"

#include "engine_messages.h"
#include "file_dialogs.h"
#include "cosystudio/audio/clip.h"
#include "cosystudio/version.h"
#include "language.h"
#include "clip_panel.h"
#include "engine_session.h"
#include "generate_panel.h"
#include "history_panel.h"
#include "job_check.h"
#include "memory_meter.h"
#include "memory_monitor.h"
#include "diagnostics.h"
#include "elided_label.h"
#include "help_dialogs.h"
#include "pcm_player.h"
#include "reset_report.h"
#include "quit_prompts.h"
#include "runaway_prompt.h"
#include "saved_queue.h"
#include "session_state.h"
#include "style_panel.h"
#include "take_store.h"
#include "text_panel.h"
#include "voice_library.h"


#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeySequence>
#include <QMenuBar>
#include <QMetaEnum>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

#include <utility>

namespace cosystudio::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      session_(new EngineSession(this)),
      player_(new PcmPlayer(this)),
      settings_(AppSettings::load()),
      store_(new TakeStore(settings_.outputsFolder)) {
  setWindowTitle(QStringLiteral("CosyStudio"));
  setObjectName(QStringLiteral("mainWindow"));
  setAcceptDrops(true);
  resize(1200, 780);

  player_->setOutputId(settings_.audioOutput);

  createPanels();
  createMenus();
  connectSession();

  engineStatus_ = new ElidedLabel(this);
  engineStatus_->setObjectName(QStringLiteral("engineStatus"));
  engineStatus_->setText(tr("No model loaded"));
  memory_ = new MemoryMeter(this);
  statusBar()->addPermanentWidget(memory_);
  statusBar()->addPermanentWidget(engineStatus_);
  statusBar()->showMessage(tr("Ready"));
  auto* monitor = new MemoryMonitor(session_, this);
  connect(monitor, &MemoryMonitor::sampled, memory_, &MemoryMeter::add);
  connect(monitor, &MemoryMonitor::keepsGrowing, this, [this](int jobs, qint64 from, qint64 to) {
    statusBar()->showMessage(tr("Memory grew after each of the last %1 jobs (%2 → %3). Engine → Reset engine "
                                "frees it.")
                                 .arg(jobs)
                                 .arg(formatBytes(from), formatBytes(to)),
                             15000);
  });
  idleTimer_ = new QTimer(this);
  idleTimer_->setSingleShot(true);
  connect(idleTimer_, &QTimer::timeout, this, [this] {
    if (session_->state() != EngineSession::State::Ready || !session_->jobs().isEmpty()) return;
    session_->unload();
    statusBar()->showMessage(tr("The model was unloaded after %n idle minute(s); it loads again for the next job.",
                                nullptr, settings_.idleUnloadMinutes),
                             10000);
  });

  const SessionState saved = SessionState::load();
  if (!restoreGeometry(saved.windowGeometry)) {
    // First start: most of the screen, in its middle (keepOnScreen below fits it).
    const QRect available = screen()->availableGeometry();
    resize(size().expandedTo(available.size() * 0.8).boundedTo(available.size()));
    move(available.center() - rect().center());
  }
  if (!restoreState(saved.windowState)) {
    // First start: the text gets the room, the side panels what they need.
    resizeDocks({findChild<QDockWidget*>(QStringLiteral("clipDock")), findChild<QDockWidget*>(QStringLiteral("generateDock"))},
                {380, 330}, Qt::Horizontal);
  }
  keepOnScreen();
  store_->applyRetention(settings_.retentionDays);
  restoreHistory();
  updateActions();
}

MainWindow::~MainWindow() {
  // Qt's audio sink runs the event loop in its destructor: stopped first, it
  // cannot deliver to panels already being torn down.
  player_->stop();
  delete store_;
}

void MainWindow::createPanels() {
  text_ = new TextPanel(this);
  setCentralWidget(text_);

  auto dock = [this](const QString& title, const char* name, QWidget* content, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(QLatin1String(name));
    d->setWidget(content);
    addDockWidget(area, d);
    return d;
  };

  clip_ = new ClipPanel(player_, this);
  dock(tr("Prompt clip"), "clipDock", clip_, Qt::LeftDockWidgetArea);

  generatePanel_ = new GeneratePanel(session_->queue(), this);
  style_ = generatePanel_->style();
  dock(tr("Voice, style and generate"), "generateDock", generatePanel_, Qt::RightDockWidgetArea);

  history_ = new HistoryPanel(player_, this);
  dock(tr("Takes"), "takesDock", history_, Qt::BottomDockWidgetArea);
  voices_ = new VoiceLibrary(player_, this);
  tabifyDockWidget(findChild<QDockWidget*>(QStringLiteral("clipDock")),
                   dock(tr("Voices"), "voicesDock", voices_, Qt::LeftDockWidgetArea));
  findChild<QDockWidget*>(QStringLiteral("clipDock"))->raise();
  connect(voices_, &VoiceLibrary::saveRequested, this, &MainWindow::saveVoice);
  connect(voices_, &VoiceLibrary::errorOccurred, this, &MainWindow::showError);
  connect(voices_, &VoiceLibrary::message, this, [this](const QString& text) { statusBar()->showMessage(text, 5000); });

  connect(style_, &StylePanel::modeChanged, this,
          [this](Mode mode) { text_->setCrossLingual(mode == Mode::CrossLingual); });
  const auto offerStreaming = [this] { style_->setNoAudioOutput(player_->unavailableReason()); };
  connect(player_, &PcmPlayer::availabilityChanged, this, offerStreaming);
  offerStreaming();
  connect(generatePanel_, &GeneratePanel::generateRequested, this, &MainWindow::generate);
  connect(generatePanel_, &GeneratePanel::cancelRequested, this,
          [this](quint64 job) { session_->cancel(job ? job : session_->runningJob()); });
  connect(generatePanel_, &GeneratePanel::cancelAllRequested, session_, &EngineSession::cancelAll);
  connect(generatePanel_, &GeneratePanel::moveRequested, session_, &EngineSession::move);
  connect(clip_, &ClipPanel::errorOccurred, this, &MainWindow::showError);
  connect(text_, &TextPanel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
  connect(clip_, &ClipPanel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 5000); });
  connect(history_, &HistoryPanel::errorOccurred, this, &MainWindow::showError);
  connect(store_, &TakeStore::saved, history_, &HistoryPanel::markSaved);
  connect(store_, &TakeStore::saveFailed, history_, &HistoryPanel::markUnsaved);
  // No output device: said once in the status bar, not in a box on every Play.
  connect(player_, &PcmPlayer::error, this, [this](const QString& message) {
    errors_.record(message);
    statusBar()->showMessage(message, 15000);
  });
  connect(history_, &HistoryPanel::regenerateRequested, this,
          [this](const Take& take, int segment, const QString& text) {
            JobSpec job = regenerationJob(take, segment, text, randomSeed(seeds_));
            job.settings.segmentTimeLimitSeconds = watchdogSeconds();  // of the device now, not the take's
            session_->enqueue(job);
          });
  connect(history_, &HistoryPanel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 5000); });

  setTabOrder(text_->editor(), clip_);
  setTabOrder(clip_, generatePanel_);
  setTabOrder(generatePanel_->cancelButton(), history_);
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->setToolTipsVisible(true);  // a disabled action says why
  file->setObjectName(QStringLiteral("fileMenu"));
  QAction* open = file->addAction(tr("&Open prompt clip…"), this, [this] {
    const QString path = chooseAudioFile(this, tr("Open prompt clip"));
    if (!path.isEmpty()) openClip(path);
  });
  open->setShortcut(QKeySequence::Open);
  file->addAction(tr("Open source clip for voice &conversion…"), this, &MainWindow::chooseSourceClip);
  file->addAction(history_->exportTakeAction());
  file->addAction(history_->exportAllAction());
  QAction* saveVoiceAction = file->addAction(tr("&Save voice…"), this, &MainWindow::saveVoice);
  saveVoiceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  const auto offerSaveVoice = [this, saveVoiceAction] {
    saveVoiceAction->setEnabled(clip_->hasClip());
    saveVoiceAction->setToolTip(clip_->hasClip() ? tr("Save the selected part of the clip as a voice")
                                                 : tr("Open or record a prompt clip first"));
  };
  connect(clip_, &ClipPanel::clipChanged, this, offerSaveVoice);
  offerSaveVoice();
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* engine = menuBar()->addMenu(tr("&Engine"));
  engine->setObjectName(QStringLiteral("engineMenu"));
  engine->addAction(tr("Choose &model folder…"), this, &MainWindow::chooseModelFolder);
  QAction* settings = engine->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
  settings->setShortcut(QKeySequence::Preferences);
  engine->addSeparator();
  generateAction_ = engine->addAction(tr("&Generate"), this, &MainWindow::generate);
  generateAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
  cancelAction_ = engine->addAction(tr("&Cancel job"), this, [this] { session_->cancel(session_->runningJob()); });
  cancelAction_->setShortcut(QKeySequence(Qt::Key_Escape));
  engine->addSeparator();
  resetAction_ = engine->addAction(tr("&Reset engine"), this, &MainWindow::resetEngine);
  resetAction_->setObjectName(QStringLiteral("resetAction"));
  resetAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  resetAction_->setToolTip(tr("Free every buffer the engine holds, release the GPU cache and reload; "
                              "clip, text, queue and takes are kept"));
  unloadAction_ = engine->addAction(tr("&Unload model"), session_, &EngineSession::unload);
  unloadAction_->setToolTip(tr("Free the model's memory for other programs"));
  restartAction_ = engine->addAction(tr("Restart &application"), this, &MainWindow::restartApplication);
  restartAction_->setObjectName(QStringLiteral("restartAction"));
  restartAction_->setToolTip(tr("After a device error only a new process can use the GPU again; "
                                "your text, clip, queue and settings are restored"));
  engine->setToolTipsVisible(true);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->setObjectName(QStringLiteral("helpMenu"));
  QAction* reference = help->addAction(tr("&Markup reference"), this,
                                       [this] { showMarkupReference(this, text_->knownTags()); });
  reference->setShortcut(QKeySequence::HelpContents);
  help->addAction(tr("Save &diagnostics…"), this, [this] {
    const QString path = chooseSavePath(this, tr("Save diagnostics"), FileKind::Diagnostics,
                                        QStringLiteral("cosystudio-diagnostics.json"), tr("JSON files (*.json)"));
    if (path.isEmpty()) return;
    if (saveDiagnostics(path))
      statusBar()->showMessage(tr("Diagnostics saved to %1: attach it to a bug report.").arg(path), 8000);
    else
      showError(tr("Cannot write %1").arg(path));
  });
  help->addSeparator();
  help->addAction(tr("&About CosyStudio"), this, [this] { showAbout(this); });
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::connectSession() {
  connect(session_, &EngineSession::stateChanged, this, &MainWindow::updateActions);
  connect(session_, &EngineSession::gpuUnavailable, this, [this](int index, const QString& problem) {
    settings_.device = Device{};
    settings_.precision = Precision::Float32;
    gpuNotice_ = tr("GPU %1 cannot be used (%2); the CPU is used instead. See Engine → Settings.").arg(index).arg(problem);
  });
  connect(session_, &EngineSession::loadStep, this, [this](const QString& what) {
    engineStatus_->setText(tr("Loading: %1").arg(what));
  });
  connect(session_, &EngineSession::loaded, this, [this](double seconds) {
    // Why the model runs on the CPU, said with the load it explains: a GPU
    // chosen and refused, or a GPU build that can use no GPU at all.
    QString notice = std::exchange(gpuNotice_, QString());
    if (notice.isEmpty() && settings_.device.kind == DeviceKind::Cpu && builtWithCuda())
      if (const std::string why = gpuUnavailableReason(); !why.empty())
        notice = tr("No GPU can be used: %1").arg(QString::fromStdString(why));
    const QString loaded = tr("Model loaded in %1 s").arg(seconds, 0, 'f', 1);
    statusBar()->showMessage(notice.isEmpty() ? loaded : loaded + QStringLiteral(" — ") + notice,
                             notice.isEmpty() ? 8000 : 30000);
    updateActions();
  });
  connect(session_, &EngineSession::loadFailed, this, [this](const QString& message, bool previousKept) {
    if (!previousKept) {
      showError(tr("The model could not be loaded: %1").arg(message));
      return;
    }
    // The model loaded before is back: it stays the remembered one.
    const QString kept = session_->model().folder;
    modelFolder_ = kept;
    rememberModelFolder(kept);
    text_->loadTokenizer(kept);
    showError(tr("The new model could not be loaded; the model from %1 is still loaded.\n%2").arg(kept, message));
  });
  connect(session_, &EngineSession::resetDone, this, [this](const ResetReport& report) {
    statusBar()->showMessage(tr("Engine reset in %1 s").arg(report.teardownSeconds + report.reloadSeconds, 0, 'f', 1), 8000);
    showResetReport(this, report, session_->model().device.kind == DeviceKind::Cuda);
  });
  connect(session_, &EngineSession::resetFailed, this, [this](const QString& message) {
    showError(tr("The engine could not be reset: %1\nNo model is loaded now: choose one with Engine → Choose model "
                 "folder…; the queue, text, clip and takes are kept.")
                  .arg(message));
  });
  connect(session_, &EngineSession::jobProgress, generatePanel_,
          [this](quint64, const Progress& progress) { generatePanel_->showProgress(progress); });
  connect(session_, &EngineSession::jobAudio, history_, &HistoryPanel::streamAudio);
  connect(session_, &EngineSession::jobFinished, this, [this](const Take& finished) {
    // Listed at once; the store writes it in the background and reports to the list.
    const Take take = history_->addFinishedTake(finished);
    store_->save(take);
    style_->showUsedSeed(finished.seed);
    if (!take.warnings().isEmpty())
      statusBar()->showMessage(tr("Listen to take #%1: %2")
                                   .arg(take.jobId)
                                   .arg(take.warnings().join(QLatin1Char(' '))),
                               15000);
    generatePanel_->showFinished(finished);
  });
  connect(session_, &EngineSession::jobFailed, this, [this](quint64 id, const QString& message, bool cancelled) {
    history_->stopStream(id);
    generatePanel_->showEnded(cancelled ? tr("cancelled") : tr("failed"));
    if (cancelled)
      statusBar()->showMessage(tr("Job #%1 cancelled").arg(id), 5000);
    else
      showError(tr("Job #%1 failed: %2").arg(id).arg(message));
  });
  connect(session_, &EngineSession::jobRanAway, this, [this](const JobSpec& job, int segment, const QString& message) {
    history_->stopStream(job.id);
    generatePanel_->showEnded(tr("ran away"));
    offerRunawayRetry(this, job, segment, message, [this, job] {
      JobSpec retry = job;
      retry.settings.seed = randomSeed(seeds_);
      session_->enqueue(retry);
    });
  });
  connect(session_, &EngineSession::voiceSaved, this, [this](const QString& file) {
    voices_->refresh();
    statusBar()->showMessage(tr("Voice saved: %1").arg(QFileInfo(file).completeBaseName()), 5000);
  });
  connect(session_, &EngineSession::voiceFailed, this, [this](const QString& file, const QString& message) {
    showError(tr("The voice %1 could not be saved: %2").arg(QFileInfo(file).completeBaseName(), message));
  });
  connect(session_, &EngineSession::poisoned, this, [this](const QString& message) {
    showError(tr("The GPU reported an error that only a restart can clear (%1). Use Engine → "
                 "Restart application; your text, clip and settings are kept.")
                  .arg(message));
  });
}

bool MainWindow::setModelFolder(const QString& folder) {
  const QStringList problems = modelFolderProblems(folder);
  if (!problems.isEmpty()) {
    showError(tr("%1 is not a usable model folder:\n%2").arg(folder, problems.join(QLatin1Char('\n'))));
    return false;
  }
  modelFolder_ = folder;
  rememberModelFolder(folder);
  text_->loadTokenizer(folder);
  session_->load(
      ModelChoice{folder, settings_.device, settings_.precision, settings_.llmCheckpoint, settings_.cpuThreads});
  engineStatus_->setText(tr("Loading %1…").arg(folder));
  return true;
}

void MainWindow::promptForModelOnFirstRun() {
  const QString remembered = rememberedModelFolder();
  if (!remembered.isEmpty() && modelFolderProblems(remembered).isEmpty()) {
    setModelFolder(remembered);
    return;
  }
  chooseModelFolder();
}

void MainWindow::chooseModelFolder() {
  ModelFolderDialog dialog(modelFolder_.isEmpty() ? rememberedModelFolder() : modelFolder_, this);
  if (dialog.exec() == QDialog::Accepted) setModelFolder(dialog.folder());
}

void MainWindow::showSettings() {
  SettingsDialog dialog(settings_, this);
  if (dialog.exec() != QDialog::Accepted) return;
  const AppSettings chosen = dialog.settings();
  const bool reload = chosen.device.kind != settings_.device.kind ||
                      chosen.device.index != settings_.device.index || chosen.precision != settings_.precision ||
                      chosen.llmCheckpoint != settings_.llmCheckpoint || chosen.cpuThreads != settings_.cpuThreads;
  if (chosen.language != settings_.language)
    statusBar()->showMessage(tr("The language changes when CosyStudio starts again."), 8000);
  const bool otherOutputs = chosen.outputsFolder != settings_.outputsFolder;
  settings_ = chosen;
  settings_.save();
  if (otherOutputs) setOutputsFolder(settings_.outputsFolder);
  player_->setOutputId(settings_.audioOutput);
  updateActions();
  store_->applyRetention(settings_.retentionDays);
  if (reload && !modelFolder_.isEmpty()) setModelFolder(modelFolder_);
}

void MainWindow::chooseSourceClip() {
  const QString path = chooseAudioFile(this, tr("Open source clip"));
  if (!path.isEmpty()) setSourceClip(path);
}

bool MainWindow::setSourceClip(const QString& path) {
  // The speech tokenizer takes what a prompt clip may be (16 kHz or more, at most 30 s).
  QString problem;
  try {
    if (const auto violation = audio::limitViolation(audio::probeClip(path.toStdString()), audio::ClipLimits{}))
      problem = translated(*violation);
  } catch (const audio::AudioError& e) {
    problem = errorText(e);
  }
  if (!problem.isEmpty()) {
    showError(tr("Cannot use %1 as the source clip: %2").arg(path, problem));
    return false;
  }
  sourceClip_ = path;
  statusBar()->showMessage(tr("Source clip for voice conversion: %1").arg(path), 5000);
  return true;
}

bool MainWindow::openClip(const QString& path) {
  QString error;
  if (!clip_->loadFile(path, &error)) {
    showError(tr("Cannot use %1 as the prompt clip: %2").arg(path, error));
    return false;
  }
  statusBar()->showMessage(tr("Prompt clip: %1").arg(path), 5000);
  return true;
}

JobSpec MainWindow::jobFromPanels(QString* clipError) {
  JobSpec job;
  job.text = text_->textToSpeak().trimmed();
  job.instruction = style_->instruction();
  style_->writeSettings(job.settings);
  text_->writeSettings(job.settings);
  job.settings.segmentTimeLimitSeconds = watchdogSeconds();
  if (style_->randomSeed()) job.settings.seed = randomSeed(seeds_);
  job.voiceFile = voices_->activeVoiceFile();
  if (!job.voiceFile.isEmpty()) {
    job.voiceName = voices_->activeVoiceName();
  } else {
    job.clip = clip_->clipForEngine(clipError);
    job.voiceName = QFileInfo(clip_->sourcePath()).completeBaseName();
    if (job.settings.mode == Mode::ZeroShot) job.transcript = clip_->transcript();
  }
  if (job.settings.mode == Mode::VoiceConversion) job.sourceClipPath = sourceClip_;
  return job;
}

double MainWindow::watchdogSeconds() const {
  return session_->model().device.kind == DeviceKind::Cuda ? settings_.watchdogSeconds : 0;
}

quint64 MainWindow::generate() {
  // An error of an earlier action must not read as this one's.
  if (!statusBar()->currentMessage().isEmpty() && statusBar()->currentMessage() == errorInStatusBar_)
    statusBar()->clearMessage();
  if (style_->mode() == Mode::VoiceConversion && sourceClip_.isEmpty()) chooseSourceClip();
  QString problem;
  const JobSpec job = jobFromPanels(&problem);
  if (problem.isEmpty()) problem = jobProblem(job);  // the clip panel says best what is wrong with the clip
  if (!problem.isEmpty()) {
    showError(problem);
    return 0;
  }
  const QStringList unknown = text_->unknownTags();
  if (!unknown.isEmpty())
    statusBar()->showMessage(tr("Unknown tags will be spoken as text: %1").arg(unknown.join(QLatin1Char(' '))), 8000);
  if (session_->state() == EngineSession::State::NoModel) {
    if (!modelFolder_.isEmpty())
      setModelFolder(modelFolder_);  // unloaded (by hand or when idle): load it again
    else
      statusBar()->showMessage(tr("The job waits until a model is loaded (Engine → Choose model folder)."), 8000);
  }
  if (!job.voiceFile.isEmpty()) voices_->markUsed(job.voiceName);
  showCloningNoticeOnce(this);
  return session_->enqueue(job);
}

void MainWindow::saveVoice() {
  QString error;
  const PromptClip clip = clip_->clipForEngine(&error);
  if (clip.isEmpty()) {
    showError(error);
    return;
  }
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("Save voice"), tr("Name of the voice:"), QLineEdit::Normal,
                                             QFileInfo(clip_->sourcePath()).completeBaseName(), &ok);
  if (!ok || voiceFileName(name).isEmpty()) return;
  QDir().mkpath(voices_->folder());
  session_->saveVoice(clip, clip_->transcript(), voices_->fileFor(name));
}

void MainWindow::resetEngine() {
  if (session_->runningJob())
    statusBar()->showMessage(tr("Cancelling the running job, then resetting; it stays in the queue."), 5000);
  session_->reset();
}

void MainWindow::restartApplication() {
  saveSession();
  // No time to ask here: the queue is kept if it can be.
  saveQueue(savedQueueFile(), session_->jobs(), nullptr);
  QStringList arguments;
  if (!modelFolder_.isEmpty()) arguments << QStringLiteral("--model") << modelFolder_;
  // The program itself, started directly: no shell is involved.
  if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments)) {
    showError(tr("CosyStudio could not be started again; please start it yourself."));
    return;
  }
  qApp->quit();
}

void MainWindow::updateActions() {
  using State = EngineSession::State;
  const State state = session_->state();
  if (state == State::Ready && settings_.idleUnloadMinutes > 0)
    idleTimer_->start(settings_.idleUnloadMinutes * 60 * 1000);
  else
    idleTimer_->stop();
  const bool poisoned = state == State::Poisoned;
  resetAction_->setEnabled(!poisoned && (state == State::Ready || state == State::Busy));
  resetAction_->setStatusTip(poisoned ? tr("Reset cannot clear this device error; restart the application")
                                      : resetAction_->toolTip());
  unloadAction_->setEnabled(!poisoned && (state == State::Ready || state == State::Busy));
  restartAction_->setVisible(poisoned);
  cancelAction_->setEnabled(state == State::Busy);
  QString status;
  switch (state) {
    case State::NoModel: status = tr("No model loaded"); break;
    case State::Loading: status = tr("Loading model…"); break;
    case State::Ready: status = tr("Ready · %1").arg(modelFolder_); break;
    case State::Busy: status = tr("Generating…"); break;
    case State::Resetting: status = tr("Resetting engine…"); break;
    case State::Poisoned: status = tr("Device error: restart needed"); break;
  }
  engineStatus_->setText(status);
}

void MainWindow::showError(const QString& message) {
  errors_.record(message);
  const QStringList lines = message.split(QLatin1Char('\n'));
  errorInStatusBar_ = lines.constFirst();
  statusBar()->showMessage(errorInStatusBar_, 10000);
  emit errorShown(message);
  // A long list (every tensor of a wrong checkpoint) would make a box taller
  // than the screen: its head, a count, and the whole list under Show Details.
  constexpr int kShownLines = 8;
  QString summary = message;
  if (lines.size() > kShownLines + 1)
    summary = lines.mid(0, kShownLines).join(QLatin1Char('\n')) + QLatin1Char('\n') +
              tr("… and %n more line(s): see Show Details.", nullptr, int(lines.size()) - kShownLines);
  auto* box = new QMessageBox(QMessageBox::Warning, tr("CosyStudio"), summary, QMessageBox::Ok, this);
  if (summary != message) box->setDetailedText(message);
  box->setObjectName(QStringLiteral("errorMessage"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void MainWindow::setOutputsFolder(const QString& folder) {
  store_->setFolder(folder);
  restoreHistory();
}

void MainWindow::restoreHistory() {
  history_->clear();
  QStringList problems;
  // Numbered afresh: every session counts its jobs from 1.
  quint64 id = 0;
  for (Take take : store_->load(&problems)) {
    take.jobId = take.spec.id = ++id;
    history_->addTake(take);
  }
  session_->continueIdsAfter(id);
  if (!problems.isEmpty())
    statusBar()->showMessage(tr("%n earlier take(s) could not be read back: %1", nullptr, int(problems.size()))
                                 .arg(problems.constFirst()),
                             15000);
}

void MainWindow::saveSession() const {
  SessionState state;
  state.text = text_->text();
  style_->writeSettings(state.settings);
  text_->writeSettings(state.settings);
  state.clip = clip_->sourcePath();
  state.clipIn = clip_->inFrame();
  state.clipOut = clip_->outFrame();
  state.transcript = clip_->transcript();
  state.voice = voices_->activeVoiceName();
  state.sourceClip = sourceClip_;
  state.instruction = style_->instruction();
  state.randomSeed = style_->randomSeed();
  state.exportFormat = history_->exportFormat();
  state.windowGeometry = saveGeometry();
  state.windowState = saveState();
  state.save();
}

void MainWindow::restoreSession() {
  const SessionState state = SessionState::load();
  text_->setText(state.text);
  text_->showSettings(state.settings);
  if (!state.clip.isEmpty() && QFileInfo::exists(state.clip)) {
    QString ignored;  // a clip that went away is simply not restored
    if (clip_->loadFile(state.clip, &ignored))
      clip_->setSelection(state.clipIn, state.clipOut < 0 ? clip_->outFrame() : state.clipOut);
  }
  clip_->setTranscript(state.transcript);
  if (!state.voice.isEmpty()) voices_->setActiveVoice(state.voice);  // a voice deleted since is simply not restored
  if (QFileInfo::exists(state.sourceClip)) sourceClip_ = state.sourceClip;
  style_->showSettings(state.settings);
  style_->setInstruction(state.instruction);
  style_->setSeed(state.settings.seed, state.randomSeed);
  history_->setExportFormat(state.exportFormat);
  restoreQueue();
}

void MainWindow::restoreQueue() {
  SavedQueue saved = takeSavedQueue(savedQueueFile());
  if (!saved.jobs.isEmpty() && !askResumeQueue(this, int(saved.jobs.size()))) return;
  for (const JobSpec& job : saved.jobs) session_->enqueue(job);
  const QString restored = tr("%n job(s) restored from the last session.", nullptr, int(saved.jobs.size()));
  if (!saved.error.isEmpty())
    showError(tr("The queue of the last session is lost: %1").arg(saved.error));
  else if (!saved.dropped.isEmpty())
    showError(restored + QLatin1Char('\n') +
              tr("%n job(s) could not be restored:", nullptr, int(saved.dropped.size())) + QLatin1Char('\n') +
              saved.dropped.join(QLatin1Char('\n')));
  else if (!saved.jobs.isEmpty())
    statusBar()->showMessage(restored, 15000);
}

void MainWindow::keepOnScreen() {
  const QRect available = screen()->availableGeometry();
  // Before the window is shown there is no frame yet: leave room for a title bar.
  const QSize frame = isVisible() ? frameGeometry().size() - size() : QSize(0, 40);
  QRect wanted = geometry();
  wanted.setSize(wanted.size().boundedTo(available.size() - frame));
  wanted.moveLeft(std::clamp(wanted.left(), available.left(), available.right() - frame.width() - wanted.width() + 1));
  wanted.moveTop(std::clamp(wanted.top(), available.top() + frame.height(),
                            available.bottom() - wanted.height() + 1));
  if (wanted != geometry()) setGeometry(wanted);
}

bool MainWindow::confirmQuit() {
  const QList<JobSpec>& jobs = session_->jobs();
  if (!jobs.isEmpty()) {
    const int lost = int(std::count_if(jobs.begin(), jobs.end(),
                                       [](const JobSpec& job) { return !isKeptAcrossSessions(job); }));
    switch (askQuitWithJobs(this, int(jobs.size()), lost)) {
      case QuitChoice::Stay: return false;
      case QuitChoice::DropQueue: QFile::remove(savedQueueFile()); return true;
      case QuitChoice::KeepQueue: break;
    }
  }
  QString error;
  return saveQueue(savedQueueFile(), jobs, &error) || askQuitWithoutQueue(this, error);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!confirmQuit()) {
    event->ignore();
    return;
  }
  saveSession();
  QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.size() == 1 && urls.first().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.size() != 1 || !urls.first().isLocalFile()) return;
  event->acceptProposedAction();
  openClip(urls.first().toLocalFile());
}

bool MainWindow::saveDiagnostics(const QString& path) const {
  DiagnosticsContext context;
  context.modelFolder = modelFolder_;
  context.engineState = QString::fromLatin1(QMetaEnum::fromType<EngineSession::State>().valueToKey(int(session_->state())));
  context.recentErrors = errors_.recent();
  context.memoryHistory = memory_->history();
  return cosystudio::ui::saveDiagnostics(path, context);
}

}  // namespace cosystudio::ui

#include "moc_main_window.cpp"
