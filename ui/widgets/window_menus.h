// The window's menus. Each asks the window for what it cannot do itself and
// enables an action only when it can act, with the reason as tooltip.
#pragma once

#include <QMenu>

class QAction;

namespace cosystudio::ui {

class ClipPanel;
class EngineSession;
class HistoryPanel;
class TextPanel;
class Transcriber;
class VoiceLibrary;
class WindowSpeechServer;

// File: open the prompt clip or voice conversion's source clip, open and save
// a script (script_files.h), open subtitles to dub, open a book (book_panel.h),
// export takes, save the clip as a voice, quit.
class FileMenu : public QMenu {
  Q_OBJECT

 public:
  FileMenu(const ClipPanel* clip, const HistoryPanel* history, TextPanel* text, VoiceLibrary* voices,
           QWidget* parent);

 signals:
  void clipChosen(const QString& path);
  // SRT or WebVTT subtitles to dub in the voice and style in use (dubbing_job.h).
  void subtitlesChosen(const QString& path);
  // An EPUB, Markdown or text book to make chapter by chapter (book_panel.h).
  void bookChosen(const QString& path);
  void errorOccurred(const QString& message);
  void message(const QString& text);
  void sourceClipRequested();
  void saveVoiceRequested();

 private:
  void openScript(TextPanel* text, VoiceLibrary* voices);
  void saveScript(const TextPanel* text, const VoiceLibrary* voices);
};

// Engine: the model (chosen or downloaded), the recogniser's download, Settings, Generate and
// Cancel, Reset, Unload, and Restart after a device error, each as the session's state allows.
class EngineMenu : public QMenu {
  Q_OBJECT

 public:
  EngineMenu(EngineSession* session, Transcriber* transcriber, QWidget* parent = nullptr);

 signals:
  void chooseModelRequested();
  // A folder downloaded with Download model…, to load.
  void modelFolderChosen(const QString& folder);
  void settingsRequested();
  void generateRequested();
  void resetRequested();
  void restartRequested();

 private:
  void followState();

  EngineSession* session_;
  QAction* cancel_;
  QAction* reset_;
  QAction* unload_;
  QAction* restart_;
};

// Tools: the local speech server (window_server.h), through which other
// programs speak with the saved voices; its address to copy; its settings.
class ToolsMenu : public QMenu {
  Q_OBJECT

 public:
  ToolsMenu(const WindowSpeechServer* server, QWidget* parent);

 signals:
  void serveToggled(bool on);
  void serverSettingsRequested();

 private:
  void followServer();

  const WindowSpeechServer* server_;
  QAction* serve_;
  QAction* copyUrl_;
};

// Help: the markup reference, diagnostics for a bug report, About.
class HelpMenu : public QMenu {
  Q_OBJECT

 public:
  explicit HelpMenu(QWidget* parent);

 signals:
  void markupReferenceRequested();
  void diagnosticsPathChosen(const QString& path);
};

}  // namespace cosystudio::ui
