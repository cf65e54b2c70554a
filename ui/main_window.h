#pragma once

#include "book_panel.h"
#include "diagnostics.h"
#include "job.h"
#include "model_dialogs.h"

#include <QMainWindow>
#include <QRandomGenerator>


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
  // The clip that voice conversion re-speaks in the prompt's voice.
  bool setSourceClip(const QString& path);
  QString sourceClip() const { return sourceClip_; }
  // Queues a job from the current panels; 0 when something is missing (see lastError()).
  quint64 generate();
  // Queues the dubbing of the subtitles at `path` in the voice and style in
  // use (File → Open subtitles…); 0, with the error shown, when it cannot.
  quint64 dubSubtitles(const QString& path);
  // Opens an EPUB, Markdown or text book in the book view (File → Open book…),
  // to be made into <outputs>/books/<its name>; false, with the error shown, when it cannot be read.
  bool openBook(const QString& path);
  QString lastError() const { return errors_.last(); }
  // Writes the diagnostics report (diagnostics.h) to `path`; false when it cannot be written.
  bool saveDiagnostics(const QString& path) const;

  EngineSession* session() const { return session_; }
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
  // The seeds the window draws (a random seed, Regenerate segment, the runaway
  // retry) come from one generator; seeding it makes them repeatable.
  void seedFreshSeeds(quint32 seed) { seeds_.seed(seed); }

 signals:
  void errorShown(const QString& message);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createPanels();
  SessionState panelState() const;
  // The job the panels describe (a script when lines name saved voices);
  // `problem` says what is wrong with the script, or with the clip when the
  // job needs one and the clip panel cannot give it. Without `script`, the
  // text's lines are not read as a script (the voice in use speaks).
  JobSpec jobFromPanels(QString* problem, bool script = true);
  // Queues a checked job, loading the model again when it was unloaded.
  quint64 queueJob(const JobSpec& job);
  // The runaway watchdog of the device the model is on (Settings has one per kind).
  double watchdogSeconds() const;
  // Says which voice the next job speaks with, by Generate and on the clip tab.
  void showSpeaker();
  void createMenus();
  void connectSession();
  void showError(const QString& message);
  void chooseModelFolder();
  void chooseSourceClip();
  void showSettings(bool serverPage = false);
  // What the book's chapters are made with: the voice, style and model in use.
  // `problem`, when given, says why the panels describe no job.
  BookPanel::Recipe bookRecipe(QString* problem = nullptr);
  // Queues the book's chapters not made yet (again: the selected ones).
  void makeChapters(bool again);
  // A request of the local speech server as a job of this window, or why none can run now.
  QString prepareServedJob(JobSpec& job);
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
  QString modelFolder_;
  QString sourceClip_;  // voice conversion
  ErrorLog errors_;  // for lastError() and the diagnostics report

  ClipPanel* clip_ = nullptr;
  TextPanel* text_ = nullptr;
  StylePanel* style_ = nullptr;
  HistoryPanel* history_ = nullptr;
  BookPanel* book_ = nullptr;
  VoiceLibrary* voices_ = nullptr;
  GeneratePanel* generatePanel_ = nullptr;
  QRandomGenerator seeds_{QRandomGenerator::securelySeeded()};
};

}  // namespace cosystudio::ui
