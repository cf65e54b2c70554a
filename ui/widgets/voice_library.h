// Saved voices: a clip + transcript whose features the engine computed once.
// Each voice is one file in the voices folder; using it skips feature extraction.
#pragma once

#include "services/app_data.h"

#include <QWidget>

class QCheckBox;
class QLineEdit;
class QListWidget;

namespace cosystudio::ui {

class ClipPanel;
class EngineSession;
class PcmPlayer;
struct SessionState;

class VoiceLibrary : public QWidget {
  Q_OBJECT

 public:
  // The voice files the CLI writes and reads (voice save, synth --voice).
  static constexpr const char* kSuffix = services::kVoiceSuffix;
  // What the library called them before; found ones are renamed when the folder is set.
  static constexpr const char* kEarlierSuffix = ".cosyvoice";

  // `player` plays the previews.
  explicit VoiceLibrary(PcmPlayer* player, QWidget* parent = nullptr);

  static QString defaultFolder();
  void setFolder(const QString& folder);
  const QString& folder() const { return folder_; }
  QString fileFor(const QString& name) const;

  // The voices in the folder, the most recently used first, then by name.
  QStringList names() const;
  // Remembers that `name` was just used for a job (it moves to the top).
  void markUsed(const QString& name);
  // The chosen voice's file when "use saved voice" is on, else empty.
  QString activeVoiceFile() const;
  QString activeVoiceName() const;
  // Selects `name` and turns "use saved voice" on; false when there is no such voice.
  bool setActiveVoice(const QString& name);
  // Turns "use saved voice" off: the prompt clip speaks.
  void useClip();
  // Its part of what is kept across quitting (session_state.h; a voice deleted since is not restored).
  void saveSession(SessionState& state) const;
  void restoreSession(const SessionState& state);
  // Asks for a name and has `session` save the clip's selection and transcript
  // as that voice (voiceSaved/voiceFailed tell how it went); the reason when
  // there is no clip to save. Empty also when the user cancels.
  QString saveClipAsVoice(const ClipPanel& clip, EngineSession* session);
  // Plays the clip the selected voice was made from; false (and errorOccurred) when it cannot be read.
  bool previewSelected();
  // Shows only the voices whose name contains `text` (case-insensitive).
  void setFilter(const QString& text);

  // Each returns false and sets `error` on failure; nothing changes then.
  bool rename(const QString& from, const QString& to, QString* error);
  bool remove(const QString& name, QString* error);
  bool importFile(const QString& path, QString* error);
  bool exportVoice(const QString& name, const QString& path, QString* error) const;

 public slots:
  void refresh();

 signals:
  void errorOccurred(const QString& message);
  void message(const QString& text);
  void saveRequested();
  // The voice that will speak changed: `name`, or empty when the clip speaks.
  void activeVoiceChanged(const QString& name);
  // The saved voices were listed again (names() may differ).
  void refreshed();

 private:
  QString selectedName() const;
  void renameSelected();
  void removeSelected();
  void importWithDialog();
  void exportWithDialog();

  QString folder_;
  PcmPlayer* player_;
  QListWidget* list_;
  QLineEdit* filter_;
  QCheckBox* use_;
};

// A name safe to use as a file name ("" when nothing usable is left).
QString voiceFileName(const QString& name);

}  // namespace cosystudio::ui
