// The recogniser's home thread (cosystudio/recognizer.h): what a prompt clip
// says, heard off the GUI thread. The recogniser is independent of the speech
// engine and its thread; it runs on the CPU (about 900 MB), is loaded on the
// first request from its folder and stays loaded. Only the newest request is
// answered: one made while another waits or runs supersedes it (the user
// opened another clip, or moved the selection).
#pragma once

#include "job.h"

#include <QObject>
#include <QString>

#include <atomic>

class QThread;

namespace cosystudio::ui {

class TranscriberWorker;

// Where the window looks for the recogniser when Settings names no folder:
// appDataFolder()/models/SenseVoiceSmall, the folder the engine's
// defaultRecognizerFolder() names (where `cosystudio-cli model download
// --recognizer` puts it) in the window's data folder.
QString defaultRecognizerFolderPath();

// Whether `folder` holds every file the recogniser reads (requiredRecognizerFiles()).
bool recognizerInstalled(const QString& folder);

class Transcriber : public QObject {
  Q_OBJECT

 public:
  // `folder`: the recogniser's, as Settings names it; empty: defaultRecognizerFolderPath().
  explicit Transcriber(const QString& folder = {}, QObject* parent = nullptr);
  // Waits for a transcription under way (a second or two), then frees the recogniser.
  ~Transcriber() override;

  // Another folder is loaded at the next request.
  void setFolder(const QString& folder);
  // The folder in use (never empty).
  QString folder() const { return folder_; }
  bool isInstalled() const { return installed_; }
  // Looks at the folder again (after a download): availabilityChanged() when
  // the recogniser came or went.
  void recheck();

  // Asks what the clip says (its samples at their own rate); the answer comes
  // as transcribed() or failed() with the id returned, unless a newer request
  // supersedes it first. 0, and no answer, when the recogniser is not installed.
  quint64 transcribe(const PromptClip& clip);
  // The request whose answer is awaited; 0 when none.
  quint64 pending() const { return pending_; }

 signals:
  // The text without the recogniser's tags, written out with punctuation;
  // `language` as the recogniser identified it ("en", "zh", …; "" when none).
  void transcribed(quint64 id, const QString& text, const QString& language);
  void failed(quint64 id, const QString& message);
  void availabilityChanged(bool installed);
  // setFolder() took another folder (as given: empty for the default), for the settings to keep.
  void folderChanged(const QString& folder);

 private:
  friend class TranscriberWorker;
  void answer(quint64 id, const QString& text, const QString& language);
  void fail(quint64 id, const QString& message);

  QString folder_;
  bool installed_ = false;
  QThread* thread_;
  TranscriberWorker* worker_;
  quint64 nextId_ = 1;
  quint64 pending_ = 0;
  // The newest request, read by the worker to skip the ones it supersedes.
  std::atomic<quint64> newest_{0};
};

}  // namespace cosystudio::ui
