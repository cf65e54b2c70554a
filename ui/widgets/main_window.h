#pragma once

#include "book_panel.h"
#include "diagnostics.h"
#include "job.h"
#include "model_dialogs.h"

#include <QMainWindow>


namespace cosystudio::ui {

class ClipPanel;
class EngineSession;
class GeneratePanel;
class HistoryPanel;
class PcmPlayer;
class StylePanel;
class TakeStore;
class TextPanel;
class Transcriber;
class VoiceLibrary;
class WindowJobs;
class WindowSpeechServer;
class WindowStatusBar;
struct SessionState;

// The CosyStudio main window: the text in the middle, the prompt clip, the
// voice/style and generate queue, and the takes around it in docks.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Checks the folder, remembers it and loads it in the background. Returns
  // false (and shows the problems) when the folder is not a usable model.
  bool setModelFolder(const QString& folder);
  QString modelFolder() const { return modelFolder_; }
  // Asks for the model folder when none is remembered.
  void promptForModelOnFirstRun();
  // The engine Settings choose: a server's, or the model in modelFolder_ (none: unloaded).
  void loadChosenEngine();
  // Text, clip, transcript, style: saved on exit, restored on start; with the
  // queue, when it was kept on quitting.
  void saveSession() const;
  void restoreSession();
  // Sets the panels as `state` has them (a restored session, or a take's settings).
  void showSession(const SessionState& state);
  // Builds the panels, menus and status bar again in the language now chosen
  // in the settings; text, clip, style, takes, queue, model and layout stay.
  void switchLanguage();

  // Loads an audio file as the prompt clip (File → Open and drag and drop).
  bool openClip(const QString& path);
  // Opens an EPUB, Markdown or text book in the book view (File → Open book…),
  // to be made into <outputs>/books/<its name>; false, with the error shown, when it cannot be read.
  bool openBook(const QString& path);
  QString lastError() const { return errors_.last(); }
  // Writes the diagnostics report (diagnostics.h) to `path`; false when it cannot be written.
  bool saveDiagnostics(const QString& path) const;

  EngineSession* session() const { return session_; }
  // Generate, dubbing, a book's chapters: the jobs made from the panels.
  WindowJobs* jobs() const { return jobs_; }
  ClipPanel* clipPanel() const { return clip_; }
  TextPanel* textPanel() const { return text_; }
  StylePanel* stylePanel() const { return style_; }
  HistoryPanel* historyPanel() const { return history_; }
  BookPanel* bookPanel() const { return book_; }
  VoiceLibrary* voiceLibrary() const { return voices_; }
  TakeStore* takeStore() const { return store_; }
  Transcriber* transcriber() const { return transcriber_; }
  WindowSpeechServer* speechServer() const { return server_; }
  // Tools → Serve on localhost: starts or stops the local speech server, as
  // the settings say, and remembers the choice for the next start.
  void setServing(bool on);
  void setOutputsFolder(const QString& folder);

 signals:
  void errorShown(const QString& message);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createPanels();
  SessionState panelState() const;
  // Says which voice the next job speaks with, by Generate and on the clip tab.
  void showSpeaker();
  void createMenus();
  void connectSession();
  void showError(const QString& message);
  void chooseModelFolder();
  void showSettings(bool serverPage = false);
  void showServerState();
  void resetEngine();
  void restartApplication();
  void saveVoice();
  // The takes of earlier sessions, read back from the outputs folder.
  void restoreHistory();

  EngineSession* session_;
  PcmPlayer* player_;
  AppSettings settings_;
  TakeStore* store_;
  // The recogniser, shared by the clip panels of every language the window is built in.
  Transcriber* transcriber_;
  WindowStatusBar* status_;
  WindowSpeechServer* server_;
  WindowJobs* jobs_;
  QString modelFolder_;
  ErrorLog errors_;  // for lastError() and the diagnostics report

  ClipPanel* clip_ = nullptr;
  TextPanel* text_ = nullptr;
  StylePanel* style_ = nullptr;
  HistoryPanel* history_ = nullptr;
  BookPanel* book_ = nullptr;
  VoiceLibrary* voices_ = nullptr;
  GeneratePanel* generatePanel_ = nullptr;
};

}  // namespace cosystudio::ui
