#include "main_window.h"

#include "clip_panel.h"
#include "diagnostics.h"
#include "engine_session.h"
#include "error_box.h"
#include "file_dialogs.h"
#include "generate_panel.h"
#include "help_dialogs.h"
#include "history_panel.h"
#include "language.h"
#include "memory_meter.h"
#include "model_folder_dialog.h"
#include "pcm_player.h"
#include "quit_prompts.h"
#include "session_problems.h"
#include "session_state.h"
#include "style_panel.h"
#include "take_store.h"
#include "text_panel.h"
#include "transcriber.h"
#include "voice_library.h"
#include "window_drops.h"
#include "window_jobs.h"
#include "window_layout.h"
#include "window_menus.h"
#include "window_server.h"
#include "window_status_bar.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMetaEnum>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>

namespace cosystudio::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      session_(new EngineSession(this)),
      player_(new PcmPlayer(this)),
      settings_(AppSettings::load()),
      store_(new TakeStore(settings_.outputsFolder)),
      transcriber_(new Transcriber(settings_.recognizerFolder, this)),
      status_(new WindowStatusBar(session_, this)),
      server_(new WindowSpeechServer(session_, [this](JobSpec& job) { return jobs_->prepareServedJob(job); }, this)),
      jobs_(new WindowJobs(session_, settings_, modelFolder_, this)) {
  setWindowTitle(QStringLiteral("CosyStudio"));
  setObjectName(QStringLiteral("mainWindow"));
  setStatusBar(status_);
  resize(1200, 780);

  loadServerToken(settings_.server);
  player_->setOutputId(settings_.audioOutput);

  createPanels();
  createMenus();
  connectSession();

  session_->setIdleUnloadMinutes(settings_.idleUnloadMinutes);
  session_->setListening(jobListening(settings_, false), jobListening(settings_, true));

  const SessionState saved = SessionState::load();
  restoreWindowLayout(this, saved.windowGeometry, saved.windowState);
  store_->applyRetention(settings_.retentionDays);
  restoreHistory();
  connect(server_, &WindowSpeechServer::changed, this, &MainWindow::showServerState);
  auto* drops = new WindowDrops(this);
  connect(drops, &WindowDrops::clipDropped, this, &MainWindow::openClip);
  connect(drops, &WindowDrops::subtitlesDropped, jobs_, &WindowJobs::dubSubtitles);
  connect(drops, &WindowDrops::bookDropped, this, &MainWindow::openBook);
  // A recogniser downloaded into another folder is looked for there from now on.
  connect(transcriber_, &Transcriber::folderChanged, this, [this](const QString& folder) {
    settings_.recognizerFolder = folder;
    settings_.save();
  });
  // Once the window is up: a port taken by another program is said over it.
  if (settings_.server.enabled) QTimer::singleShot(0, this, [this] { setServing(true); });
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

  clip_ = new ClipPanel(player_, transcriber_, this);
  dock(tr("Prompt clip"), "clipDock", clip_, Qt::LeftDockWidgetArea);

  generatePanel_ = new GeneratePanel(session_, this);
  style_ = generatePanel_->style();
  dock(tr("Voice, style and generate"), "generateDock", generatePanel_, Qt::RightDockWidgetArea);

  history_ = new HistoryPanel(player_, store_, this);
  history_->follow(session_);
  text_->follow(session_);
  history_->setKeepServedTakes(settings_.server.keepTakes);
  QDockWidget* takesDock = dock(tr("Takes"), "takesDock", history_, Qt::BottomDockWidgetArea);
  book_ = new BookPanel(this);
  QDockWidget* bookDock = dock(tr("Book"), "bookDock", book_, Qt::BottomDockWidgetArea);
  tabifyDockWidget(takesDock, bookDock);
  bookDock->hide();  // until a book is opened: its tab bar costs the takes height
  takesDock->raise();
  voices_ = new VoiceLibrary(player_, this);
  tabifyDockWidget(findChild<QDockWidget*>(QStringLiteral("clipDock")),
                   dock(tr("Voices"), "voicesDock", voices_, Qt::LeftDockWidgetArea));
  findChild<QDockWidget*>(QStringLiteral("clipDock"))->raise();
  const auto sayFor = [this](int ms) { return [this, ms](const QString& text) { status_->say(text, ms); }; };
  connect(voices_, &VoiceLibrary::saveRequested, this, &MainWindow::saveVoice);
  connect(voices_, &VoiceLibrary::errorOccurred, this, &MainWindow::showError);
  connect(voices_, &VoiceLibrary::message, this, sayFor(5000));
  connect(voices_, &VoiceLibrary::activeVoiceChanged, this, &MainWindow::showSpeaker);
  connect(voices_, &VoiceLibrary::refreshed, text_, [this] {
    text_->setSpeakers(voices_->names());
    showSpeaker();
  });
  text_->setSpeakers(voices_->names());
  connect(clip_, &ClipPanel::clipChanged, this, &MainWindow::showSpeaker);
  connect(text_, &TextPanel::textChanged, this, &MainWindow::showSpeaker);
  connect(text_, &TextPanel::textChanged, status_, &WindowStatusBar::clearStaleError);  // "type the text first"

  connect(style_, &StylePanel::message, this, sayFor(5000));
  connect(style_, &StylePanel::modeChanged, this,
          [this](Mode mode) { text_->setCrossLingual(mode == Mode::CrossLingual); });
  const auto offerStreaming = [this] { style_->setNoAudioOutput(player_->unavailableReason()); };
  connect(player_, &PcmPlayer::availabilityChanged, style_, offerStreaming);
  offerStreaming();
  connect(generatePanel_, &GeneratePanel::generateRequested, jobs_, &WindowJobs::generate);
  connect(generatePanel_, &GeneratePanel::cancelRequested, this,
          [this](quint64 job) { session_->cancel(job ? job : session_->runningJob()); });
  connect(generatePanel_, &GeneratePanel::cancelAllRequested, session_, &EngineSession::cancelAll);
  connect(generatePanel_, &GeneratePanel::moveRequested, session_, &EngineSession::move);
  connect(clip_, &ClipPanel::errorOccurred, this, &MainWindow::showError);
  connect(text_, &TextPanel::message, this, sayFor(8000));
  connect(clip_, &ClipPanel::message, this, sayFor(5000));
  connect(history_, &HistoryPanel::errorOccurred, this, &MainWindow::showError);
  connect(history_, &HistoryPanel::useSettingsRequested, this,
          [this](const Take& take) { showSession(SessionState::ofTake(take)); });
  connect(store_, &TakeStore::saved, history_, &HistoryPanel::markSaved);
  connect(store_, &TakeStore::saveFailed, history_, &HistoryPanel::markUnsaved);
  connect(store_, &TakeStore::failed, history_, [this](const QString& message) { showError(message); });
  connect(session_, &EngineSession::voiceSaved, voices_, &VoiceLibrary::refresh);
  connect(session_, &EngineSession::jobFinished, style_, [this](const Take& take) {
    if (!take.spec.served) style_->showUsedSeed(take.seed);  // a program's seed is its own
  });
  // No output device: said once in the status bar, not in a box on every Play.
  connect(player_, &PcmPlayer::error, status_, [this](const QString& message) {
    errors_.record(message);
    status_->say(message, 15000);
  });
  connect(history_, &HistoryPanel::regenerateRequested, jobs_, &WindowJobs::regenerate);
  connect(history_, &HistoryPanel::resumeRequested, session_, &EngineSession::enqueue);
  connect(history_, &HistoryPanel::message, this, sayFor(5000));
  connect(book_, &BookPanel::makeRequested, jobs_, &WindowJobs::makeChapters);
  connect(book_, &BookPanel::stopRequested, this, [this](const QList<quint64>& jobs) {
    for (quint64 id : jobs) session_->cancel(id);
  });
  connect(book_, &BookPanel::errorShown, this, &MainWindow::showError);
  connect(book_, &BookPanel::said, this, sayFor(8000));
  book_->follow(session_);
  showSpeaker();

  jobs_->setPanels({text_, clip_, style_, voices_, generatePanel_, book_, status_});

  setTabOrder(text_->editor(), clip_);
  setTabOrder(clip_, generatePanel_);
  setTabOrder(generatePanel_->cancelButton(), history_);
}

void MainWindow::createMenus() {
  // In the menu bar: a new bar (another language) takes them along.
  auto* file = new FileMenu(clip_, history_, text_, voices_, menuBar());
  connect(file, &FileMenu::errorOccurred, this, &MainWindow::showError);
  connect(file, &FileMenu::message, status_, [this](const QString& text) { status_->say(text, 8000); });
  menuBar()->addMenu(file);
  connect(file, &FileMenu::clipChosen, this, &MainWindow::openClip);
  connect(file, &FileMenu::subtitlesChosen, jobs_, &WindowJobs::dubSubtitles);
  connect(file, &FileMenu::bookChosen, this, &MainWindow::openBook);
  connect(file, &FileMenu::sourceClipRequested, jobs_, &WindowJobs::chooseSourceClip);
  connect(file, &FileMenu::saveVoiceRequested, this, &MainWindow::saveVoice);

  auto* engine = new EngineMenu(session_, transcriber_, menuBar());
  menuBar()->addMenu(engine);
  connect(engine, &EngineMenu::chooseModelRequested, this, &MainWindow::chooseModelFolder);
  connect(engine, &EngineMenu::modelFolderChosen, this, &MainWindow::setModelFolder);
  connect(engine, &EngineMenu::settingsRequested, this, [this] { showSettings(); });
  connect(engine, &EngineMenu::generateRequested, jobs_, &WindowJobs::generate);
  connect(engine, &EngineMenu::resetRequested, this, &MainWindow::resetEngine);
  connect(engine, &EngineMenu::restartRequested, this, &MainWindow::restartApplication);

  auto* tools = new ToolsMenu(server_, menuBar());
  menuBar()->addMenu(tools);
  connect(tools, &ToolsMenu::serveToggled, this, &MainWindow::setServing);
  connect(tools, &ToolsMenu::serverSettingsRequested, this, [this] { showSettings(true); });

  auto* help = new HelpMenu(menuBar());
  menuBar()->addMenu(help);
  connect(help, &HelpMenu::markupReferenceRequested, this, [this] { showMarkupReference(this, text_->knownTags()); });
  connect(help, &HelpMenu::diagnosticsPathChosen, this, [this](const QString& path) {
    if (!saveDiagnostics(path)) return showError(tr("Cannot write %1").arg(path));
    status_->say(tr("Diagnostics saved to %1: attach it to a bug report.").arg(path), 8000);
  });
}

void MainWindow::connectSession() {
  connect(new SessionProblems(session_, this), &SessionProblems::problem, this, &MainWindow::showError);
  connect(session_, &EngineSession::gpuUnavailable, this, [this] { settings_.useTheCpu(); });
  connect(session_, &EngineSession::loadFailed, this, [this](const QString& message, bool previousKept) {
    if (!previousKept) return;  // said by SessionProblems
    modelFolder_ = session_->model().folder;  // the model loaded before is back: it stays the remembered one
    rememberModelFolder(modelFolder_);
    text_->loadTokenizer(modelFolder_);
    showError(tr("The new model could not be loaded; the model from %1 is still loaded.\n%2").arg(modelFolder_, message));
  });
  connect(jobs_, &WindowJobs::errorOccurred, this, &MainWindow::showError);
  connect(jobs_, &WindowJobs::modelWanted, this, &MainWindow::loadChosenEngine);
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
  session_->load(modelChoice(settings_, folder));
  return true;
}

void MainWindow::promptForModelOnFirstRun() {
  const QString remembered = rememberedModelFolder();
  if (!remembered.isEmpty() && modelFolderProblems(remembered).isEmpty())
    setModelFolder(remembered);
  else if (settings_.engineServer.use)
    loadChosenEngine();  // the server's model makes the speech: none is needed here
  else
    chooseModelFolder();
}

void MainWindow::loadChosenEngine() {
  if (settings_.engineServer.use)
    session_->load(modelChoice(settings_, modelFolder_));
  else if (!modelFolder_.isEmpty())
    setModelFolder(modelFolder_);
  else
    session_->unload();
}

void MainWindow::chooseModelFolder() {
  ModelFolderDialog dialog(modelFolder_.isEmpty() ? rememberedModelFolder() : modelFolder_, this);
  if (dialog.exec() == QDialog::Accepted) setModelFolder(dialog.folder());
}

void MainWindow::showSettings(bool serverPage) {
  SettingsDialog dialog(settings_, this);
  dialog.showModelInUse(session_->isLoaded() ? session_->model().folder : QString());
  if (serverPage) dialog.showServerPage();
  if (dialog.exec() != QDialog::Accepted) return;
  AppSettings chosen = dialog.settings();
  chosen.server.enabled = settings_.server.enabled;  // the Tools menu's
  const bool otherServer = chosen.server.servesOtherwiseThan(settings_.server);
  const bool reload = !(modelChoice(chosen, modelFolder_) == modelChoice(settings_, modelFolder_));
  const bool otherLanguage = chosen.language != settings_.language;
  const bool otherOutputs = chosen.outputsFolder != settings_.outputsFolder;
  const bool otherToken = chosen.server.token != settings_.server.token;
  settings_ = chosen;
  settings_.save();
  if (otherToken) keepServerToken(settings_.server);
  session_->setIdleUnloadMinutes(settings_.idleUnloadMinutes);
  session_->setListening(jobListening(settings_, false), jobListening(settings_, true));
  if (otherOutputs) setOutputsFolder(settings_.outputsFolder);
  player_->setOutputId(settings_.audioOutput);
  transcriber_->setFolder(settings_.recognizerFolder);
  store_->applyRetention(settings_.retentionDays);
  history_->setKeepServedTakes(settings_.server.keepTakes);
  if (otherServer && server_->isRunning()) setServing(true);
  if (reload) loadChosenEngine();
  if (otherLanguage) switchLanguage();
}

void MainWindow::setServing(bool on) {
  QString error;
  if (!server_->serve(on, settings_.server, &error)) showError(error);
  settings_.save();
  if (server_->isRunning()) status_->say(tr("Other programs can now speak through %1").arg(server_->url()), 8000);
}

void MainWindow::showServerState() { status_->showServer(serverNote(*server_, settings_.server)); }

bool MainWindow::openClip(const QString& path) {
  QString error;
  if (!clip_->loadFile(path, &error)) {
    showError(error);
    return false;
  }
  // The clip just opened is the one that speaks, even where a saved voice did.
  const QString voice = voices_->activeVoiceName();
  voices_->useClip();
  status_->say(voice.isEmpty() ? tr("Prompt clip: %1").arg(path)
                               : tr("Prompt clip: %1; it speaks now instead of the saved voice “%2”.").arg(path, voice),
               5000);
  return true;
}

void MainWindow::showSpeaker() {
  generatePanel_->showSpeaker(voices_->activeVoiceName(), clip_->hasClip() ? clip_->sourcePath() : QString(),
                              text_->speakersInText());
  clip_->setSpeakingVoice(voices_->activeVoiceName());
}

bool MainWindow::openBook(const QString& path) {
  const QString folder = QDir(store_->folder()).filePath(QStringLiteral("books/") + QFileInfo(path).completeBaseName());
  QString error;
  if (!book_->openBook(path, folder, &error)) {
    showError(tr("The book %1 cannot be opened: %2").arg(QFileInfo(path).fileName(), error));
    return false;
  }
  auto* dock = findChild<QDockWidget*>(QStringLiteral("bookDock"));
  dock->show();
  dock->raise();
  book_->showRecipe(jobs_->bookRecipe());
  return true;
}

void MainWindow::saveVoice() {
  if (const QString problem = voices_->saveClipAsVoice(*clip_, session_); !problem.isEmpty()) showError(problem);
}

void MainWindow::resetEngine() {
  if (session_->runningJob()) status_->say(tr("Cancelling the running job, then resetting; it stays in the queue."));
  session_->reset();
}

void MainWindow::restartApplication() {
  saveSession();
  if (restartKeepingQueue(session_->jobs(), modelFolder_))
    qApp->quit();
  else
    showError(tr("CosyStudio could not be started again; please start it yourself."));
}

void MainWindow::showError(const QString& message) {
  errors_.record(message);
  status_->sayError(errorSentence(message));
  emit errorShown(message);
  showErrorBox(this, message);
}

void MainWindow::setOutputsFolder(const QString& folder) {
  store_->setFolder(folder);
  restoreHistory();
}

void MainWindow::restoreHistory() {
  session_->continueIdsAfter(history_->showStoredTakes());  // every session counts its jobs from 1
}

SessionState MainWindow::panelState() const {
  SessionState state;
  text_->saveSession(state);
  style_->saveSession(state);
  clip_->saveSession(state);
  voices_->saveSession(state);
  history_->saveSession(state);
  state.sourceClip = jobs_->sourceClip();
  state.book = book_->bookPath();
  return state;
}

void MainWindow::saveSession() const {
  SessionState state = panelState();
  state.windowGeometry = saveGeometry();
  state.windowState = saveState();
  state.save();
}

void MainWindow::switchLanguage() {
  i18n::installTranslators();
  const SessionState state = panelState();
  const QList<Take> takes = history_->takes();
  const QByteArray layout = saveState();
  player_->stop();  // what plays belongs to a panel about to go
  qDeleteAll(findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly));
  setMenuBar(new QMenuBar(this));
  setStatusBar(status_ = new WindowStatusBar(session_, this));
  createPanels();  // the new text panel replaces the old one
  createMenus();
  showServerState();
  for (const Take& take : takes) history_->addTake(take);
  showSession(state);
  restoreDockLayout(this, layout);
  if (!modelFolder_.isEmpty()) text_->loadTokenizer(modelFolder_);
}

void MainWindow::restoreSession() {
  showSession(SessionState::load());
  const ResumedQueue resumed = resumeSavedQueue(this, session_);
  history_->recoverUnclaimedParts(session_);
  if (!resumed.error.isEmpty()) showError(resumed.error);
  if (!resumed.message.isEmpty()) status_->say(resumed.message, 15000);
}

void MainWindow::showSession(const SessionState& state) {
  text_->restoreSession(state);
  clip_->restoreSession(state);
  voices_->restoreSession(state);
  style_->restoreSession(state);
  history_->restoreSession(state);
  if (QFileInfo::exists(state.sourceClip)) jobs_->restoreSourceClip(state.sourceClip);
  if (!state.book.isEmpty() && state.book != book_->bookPath() && QFileInfo::exists(state.book)) openBook(state.book);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!confirmQuit(this, session_->jobs())) return event->ignore();
  saveSession();
  QMainWindow::closeEvent(event);
}

bool MainWindow::saveDiagnostics(const QString& path) const {
  DiagnosticsContext context;
  context.modelFolder = modelFolder_;
  context.engineState = QString::fromLatin1(QMetaEnum::fromType<EngineSession::State>().valueToKey(int(session_->state())));
  context.recentErrors = errors_.recent();
  context.memoryHistory = status_->memoryMeter()->history();
  return cosystudio::ui::saveDiagnostics(path, context);
}

}  // namespace cosystudio::ui

#include "moc_main_window.cpp"
