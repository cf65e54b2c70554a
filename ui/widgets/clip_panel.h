// The prompt clip: open, drop or record it, trim it, hear the selection, read
// the engine's advice about it, and type its transcript, or have the
// recogniser write it and check it (heard_transcript.h).
#pragma once

#include "job.h"

#include "cosystudio/audio/clip.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace cosystudio::audio {
struct Advice;
}

namespace cosystudio::ui {

class ClipRecorder;
class ElidedLabel;
class HeardTranscript;
class PcmPlayer;
class Transcriber;
class WaveformView;

struct SessionState;

class ClipPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ClipPanel(PcmPlayer* player, QWidget* parent = nullptr) : ClipPanel(player, nullptr, parent) {}
  // With a transcriber, an empty transcript is filled with what the clip says
  // and a typed one is checked against it.
  ClipPanel(PcmPlayer* player, Transcriber* transcriber, QWidget* parent = nullptr);

  // Loads an audio file as the prompt clip. On failure nothing changes and
  // `error` says why: a sentence naming the file, then after a blank line
  // ("\n\n") the details (the whole path and the audio library's words).
  bool loadFile(const QString& path, QString* error);
  bool hasClip() const { return !mono_.isEmpty(); }
  QString sourcePath() const { return sourcePath_; }
  QString transcript() const;
  void setTranscript(const QString& text);
  double selectionSeconds() const;
  qint64 inFrame() const;
  qint64 outFrame() const;
  void setSelection(qint64 in, qint64 out);
  // The selection as the engine takes it: its samples, kept in memory (no file
  // is written), and the file and frames it was cut from. Empty with `error`
  // set when the selection is not a usable prompt.
  PromptClip clipForEngine(QString* error) const;
  // Advice about the current selection (empty = looks fine).
  QStringList advice() const { return advice_; }
  // The saved voice that speaks instead of the clip, named above the clip,
  // which is greyed out as not in use; empty when the clip speaks.
  void setSpeakingVoice(const QString& voiceName);
  // Its part of what is kept across quitting (session_state.h): the clip's
  // file and selection, and the transcript. A clip gone since is not restored.
  void saveSession(SessionState& state) const;
  void restoreSession(const SessionState& state);

 signals:
  void clipChanged();
  void errorOccurred(const QString& message);
  void message(const QString& text);  // for the status bar

 private:
  // The engine's advice in the user's language; empty for what the panel
  // already advises on the selection in its own words (length, sample rate).
  static QString adviceText(const audio::Advice& advice);
  void openFile();
  void toggleRecording();
  void recordingFinished(const QVector<float>& samples, int sampleRate);
  void playSelection();
  void autoTrim();
  void refreshMicrophones();
  void analyseSelection();
  void checkTranscript();

  PcmPlayer* player_;
  ClipRecorder* recorder_;
  QLabel* speakingVoice_;
  QWidget* clipArea_;
  QComboBox* microphones_;
  QPushButton* record_;
  QWidget* levelMeter_;
  QProgressBar* level_;
  QPushButton* play_;
  QPushButton* trim_;
  WaveformView* waveform_;
  ElidedLabel* fileLabel_;
  QLabel* adviceLabel_;
  QPlainTextEdit* transcript_;
  HeardTranscript* heard_;
  QLabel* transcriptWarning_;

  QVector<float> mono_;
  int sampleRate_ = 0;
  QString sourcePath_;
  QStringList advice_;
  // The selection last handed out: asked again, the same buffer is shared.
  mutable PromptClip handedOut_;
  double selectionPeakDbfs_ = 0;  // of the selection, from its last analysis
  // Why the transcript may no longer match the clip (shown under it).
  enum class TranscriptDoubt { None, TrimChanged, ClipReplaced };
  TranscriptDoubt transcriptDoubt_ = TranscriptDoubt::None;
};

// How plausible a transcript is for `seconds` of speech: empty when it is,
// otherwise a sentence saying what looks wrong.
QString transcriptPlausibility(const QString& transcript, double seconds);

}  // namespace cosystudio::ui
