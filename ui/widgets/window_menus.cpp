#include "window_menus.h"

#include "app_settings.h"
#include "clip_panel.h"
#include "engine_session.h"
#include "file_dialogs.h"
#include "help_dialogs.h"
#include "history_panel.h"
#include "engine_messages.h"
#include "model_download_dialog.h"
#include "script_files.h"
#include "text_panel.h"
#include "voice_library.h"
#include "window_server.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QKeySequence>

namespace cosystudio::ui {

FileMenu::FileMenu(const ClipPanel* clip, const HistoryPanel* history, TextPanel* text, VoiceLibrary* voices,
                   QWidget* parent)
    : QMenu(tr("&File"), parent) {
  setObjectName(QStringLiteral("fileMenu"));
  setToolTipsVisible(true);  // a disabled action says why
  addAction(tr("&Open prompt clip…"), this, [this] {
    if (const QString path = chooseAudioFile(parentWidget(), tr("Open prompt clip")); !path.isEmpty())
      emit clipChosen(path);
  })->setShortcut(QKeySequence::Open);
  addAction(tr("Open source clip for voice &conversion…"), this, &FileMenu::sourceClipRequested);
  addSeparator();
  addAction(tr("Open sc&ript…"), this, [this, text, voices] { openScript(text, voices); });
  addAction(tr("Save script &as…"), this, [this, text, voices] { saveScript(text, voices); });
  QAction* subtitles = addAction(tr("Open s&ubtitles…"), this, [this] {
    const QString path = chooseOpenPath(parentWidget(), tr("Open subtitles to dub"), FileKind::Subtitles,
                                        tr("Subtitles (*.srt *.vtt);;All files (*)"));
    if (!path.isEmpty()) emit subtitlesChosen(path);
  });
  subtitles->setObjectName(QStringLiteral("openSubtitlesAction"));
  subtitles->setToolTip(tr("Speak each cue of an SRT or WebVTT file at its time, in the voice and style in use, "
                           "as one take"));
  QAction* book = addAction(tr("Open &book…"), this, [this] {
    const QString path = chooseOpenPath(parentWidget(), tr("Open a book"), FileKind::Book,
                                        tr("Books (*.epub *.md *.markdown *.txt);;All files (*)"));
    if (!path.isEmpty()) emit bookChosen(path);
  });
  book->setObjectName(QStringLiteral("openBookAction"));
  book->setToolTip(tr("Read an EPUB, Markdown or text book into chapters and make each one a file"));
  addSeparator();
  addAction(history->exportTakeAction());
  addAction(history->exportAllAction());
  QAction* saveVoice = addAction(tr("&Save voice…"), this, &FileMenu::saveVoiceRequested);
  saveVoice->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  const auto offerSaveVoice = [clip, saveVoice] {
    saveVoice->setEnabled(clip->hasClip());
    saveVoice->setToolTip(clip->hasClip() ? tr("Save the selected part of the clip as a voice")
                                          : tr("Open or record a prompt clip first"));
  };
  connect(clip, &ClipPanel::clipChanged, this, offerSaveVoice);
  offerSaveVoice();
  addSeparator();
  addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows)->setShortcut(QKeySequence::Quit);
}

namespace {

constexpr const char* kScriptFilter = QT_TRANSLATE_NOOP("cosystudio::ui::FileMenu", "CosyStudio scripts (*.json)");

}  // namespace

void FileMenu::openScript(TextPanel* text, VoiceLibrary* voices) {
  const QString path = chooseOpenPath(parentWidget(), tr("Open script"), FileKind::Script, tr(kScriptFilter));
  if (path.isEmpty()) return;
  const auto askForVoice = [this](const QString& name, const QString& file) {
    return chooseOpenPath(parentWidget(),
                          tr("Where is the voice of “%1”? (%2 is gone)").arg(name, QFileInfo(file).fileName()),
                          FileKind::Voice, tr("CosyStudio voices (*%1)").arg(QLatin1String(VoiceLibrary::kSuffix)));
  };
  try {
    const OpenedScript opened = openScriptFile(path, *voices, askForVoice);
    text->setText(opened.text);
    emit message(opened.warnings.isEmpty() ? tr("Opened the script %1").arg(QFileInfo(path).fileName())
                                           : opened.warnings.join(QLatin1Char(' ')));
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Cannot open the script %1: %2").arg(QDir::toNativeSeparators(path), errorText(e)));
  }
}

void FileMenu::saveScript(const TextPanel* text, const VoiceLibrary* voices) {
  const QString path = chooseSavePath(parentWidget(), tr("Save script"), FileKind::Script,
                                      QStringLiteral("script.json"), tr(kScriptFilter));
  if (path.isEmpty()) return;
  try {
    saveScriptFile(path, text->text(), *voices, AppSettings::load().speakerPauseMs / 1000.0);
    emit message(tr("Saved the script as %1").arg(QFileInfo(path).fileName()));
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Cannot save the script %1: %2").arg(QDir::toNativeSeparators(path), errorText(e)));
  }
}

EngineMenu::EngineMenu(EngineSession* session, Transcriber* transcriber, QWidget* parent)
    : QMenu(tr("&Engine"), parent), session_(session) {
  setObjectName(QStringLiteral("engineMenu"));
  setToolTipsVisible(true);
  addAction(tr("Choose &model folder…"), this, &EngineMenu::chooseModelRequested);
  addAction(tr("&Download model…"), this, [this] {
    ModelDownloadDialog dialog(parentWidget());
    if (dialog.exec() == QDialog::Accepted) emit modelFolderChosen(dialog.folder());
  });
  QAction* recognizer = addAction(tr("Download recog&niser…"), this,
                                  [this, transcriber] { downloadRecognizer(transcriber, parentWidget()); });
  recognizer->setObjectName(QStringLiteral("downloadRecognizerAction"));
  recognizer->setToolTip(tr("SenseVoice-Small (about 900 MB) writes the transcript of a prompt clip and checks "
                            "the one you type"));
  addAction(tr("&Settings…"), this, &EngineMenu::settingsRequested)->setShortcut(QKeySequence::Preferences);
  addSeparator();
  addAction(tr("&Generate"), this, &EngineMenu::generateRequested)->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
  cancel_ = addAction(tr("&Cancel job"), session, [session] { session->cancel(session->runningJob()); });
  cancel_->setShortcut(QKeySequence(Qt::Key_Escape));
  addSeparator();
  reset_ = addAction(tr("&Reset engine"), this, &EngineMenu::resetRequested);
  reset_->setObjectName(QStringLiteral("resetAction"));
  reset_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  reset_->setToolTip(tr("Free every buffer the engine holds, release the GPU cache and reload; "
                        "clip, text, queue and takes are kept"));
  unload_ = addAction(tr("&Unload model"), session, &EngineSession::unload);
  unload_->setToolTip(tr("Free the model's memory for other programs"));
  restart_ = addAction(tr("Restart &application"), this, &EngineMenu::restartRequested);
  restart_->setObjectName(QStringLiteral("restartAction"));
  restart_->setToolTip(tr("After a device error only a new process can use the GPU again; "
                          "your text, clip, queue and settings are restored"));
  connect(session, &EngineSession::stateChanged, this, &EngineMenu::followState);
  followState();
}

void EngineMenu::followState() {
  using State = EngineSession::State;
  const State state = session_->state();
  const bool poisoned = state == State::Poisoned;
  const bool loaded = state == State::Ready || state == State::Busy;
  const bool remote = session_->model().isRemote();
  reset_->setEnabled(loaded);
  reset_->setStatusTip(poisoned ? tr("Reset cannot clear this device error; restart the application")
                       : remote ? tr("Reset the engine of the server at %1 once the requests before it are done; "
                                     "your clip, text, queue and takes are kept")
                                      .arg(session_->model().engineName())
                                : reset_->toolTip());
  unload_->setEnabled(loaded);
  restart_->setVisible(poisoned);
  cancel_->setEnabled(state == State::Busy);
}

ToolsMenu::ToolsMenu(const WindowSpeechServer* server, QWidget* parent)
    : QMenu(tr("&Tools"), parent), server_(server) {
  setObjectName(QStringLiteral("toolsMenu"));
  setToolTipsVisible(true);
  serve_ = addAction(tr("&Serve on localhost"));
  serve_->setObjectName(QStringLiteral("serveAction"));
  serve_->setCheckable(true);
  serve_->setToolTip(tr("Other programs speak with your saved voices through an OpenAI-compatible API "
                        "(POST /v1/audio/speech); their requests join this window's queue"));
  // Only a click asks: the check mark follows the server, which may fail to start.
  connect(serve_, &QAction::triggered, this, &ToolsMenu::serveToggled);
  copyUrl_ = addAction(tr("&Copy the API address"), this,
                       [this] { QApplication::clipboard()->setText(server_->url()); });
  addAction(tr("Server s&ettings…"), this, &ToolsMenu::serverSettingsRequested);
  connect(server, &WindowSpeechServer::changed, this, &ToolsMenu::followServer);
  followServer();
}

void ToolsMenu::followServer() {
  serve_->setChecked(server_->isRunning());
  copyUrl_->setEnabled(server_->isRunning());
  copyUrl_->setToolTip(server_->isRunning() ? server_->url() : tr("The server is not running"));
}

HelpMenu::HelpMenu(QWidget* parent) : QMenu(tr("&Help"), parent) {
  setObjectName(QStringLiteral("helpMenu"));
  addAction(tr("&Markup reference"), this, &HelpMenu::markupReferenceRequested)
      ->setShortcut(QKeySequence::HelpContents);
  addAction(tr("Save &diagnostics…"), this, [this] {
    const QString path = chooseSavePath(parentWidget(), tr("Save diagnostics"), FileKind::Diagnostics,
                                        QStringLiteral("cosystudio-diagnostics.json"), tr("JSON files (*.json)"));
    if (!path.isEmpty()) emit diagnosticsPathChosen(path);
  });
  addSeparator();
  addAction(tr("&About CosyStudio"), this, [this] { showAbout(parentWidget()); });
  addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

}  // namespace cosystudio::ui

#include "moc_window_menus.cpp"
