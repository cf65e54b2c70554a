#pragma once

#include "app_settings.h"
#include "book_panel.h"
#include "job.h"

#include <QObject>
#include <QRandomGenerator>

namespace cosystudio::ui {

class ClipPanel;
class EngineSession;
class GeneratePanel;
class StylePanel;
class TextPanel;
class VoiceLibrary;
class WindowStatusBar;

// The window's panels, as the jobs are made from them; the window builds them
// again in another language, and says so with setPanels().
struct WindowPanels {
  TextPanel* text = nullptr;
  ClipPanel* clip = nullptr;
  StylePanel* style = nullptr;
  VoiceLibrary* voices = nullptr;
  GeneratePanel* generate = nullptr;
  BookPanel* book = nullptr;
  WindowStatusBar* status = nullptr;
};

// The jobs the panels describe, checked and queued: Generate, a dubbing, a
// book's chapters, a segment made again and a runaway segment retried. The
// window only composes; what makes a job out of the panels is here.
class WindowJobs : public QObject {
  Q_OBJECT

 public:
  // `settings` and `modelFolder` are the window's, read as they are when a job is made.
  WindowJobs(EngineSession* session, const AppSettings& settings, const QString& modelFolder, QWidget* window);

  void setPanels(const WindowPanels& panels) { panels_ = panels; }

  // Queues the job the panels describe; 0, with the error shown, when they describe none.
  quint64 generate();
  // Queues a dubbing of the subtitles at `path` in the panels' voice and style.
  quint64 dubSubtitles(const QString& path);
  // Queues the book's chapters not made yet (again: the selected ones).
  void makeChapters(bool again);
  // What the book's chapters are made with: the voice, style and model in use.
  // `problem`, when given, says why the panels describe no job.
  BookPanel::Recipe bookRecipe(QString* problem = nullptr);
  // A request of the local speech server as a job of this window, or why none can run now.
  QString prepareServedJob(JobSpec& job);
  // Segment `segment` of `take` made again with `text` and a new seed.
  void regenerate(const Take& take, int segment, const QString& text);

  // The source clip of voice conversion.
  void chooseSourceClip();
  bool setSourceClip(const QString& path);
  QString sourceClip() const { return sourceClip_; }
  void restoreSourceClip(const QString& path) { sourceClip_ = path; }

  // The runaway watchdog of the device the model is on (Settings has one per kind).
  double watchdogSeconds() const;
  void seedFreshSeeds(quint32 seed) { seeds_.seed(seed); }

 signals:
  void errorOccurred(const QString& message);
  // A job was queued while the model the window remembers is not loaded (unloaded by hand or when idle).
  void modelWanted();

 private:
  // The job the panels describe (a script when lines name saved voices);
  // `problem` says what is wrong with the script, or with the clip when the
  // job needs one and the clip panel cannot give it. Without `script`, the
  // text's lines are not read as a script (the voice in use speaks).
  JobSpec jobFromPanels(QString* problem, bool script = true);
  // Queues a checked job, asking for the model when none is loaded.
  quint64 queueJob(const JobSpec& job);
  // A model folder, or a server (Settings → Engine), to make the jobs with.
  bool engineChosen() const;

  EngineSession* session_;
  const AppSettings& settings_;
  const QString& modelFolder_;
  QWidget* window_;
  WindowPanels panels_;
  QString sourceClip_;
  QRandomGenerator seeds_{QRandomGenerator::securelySeeded()};
};

}  // namespace cosystudio::ui
