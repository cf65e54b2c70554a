// The recogniser's part in the prompt clip's transcript, as a line under it.
// An empty transcript is filled with what the selection says (transcriber.h),
// marked as heard until the user edits it; a transcript the user typed is
// compared with what was heard (cosystudio/listen_check.h), and a mismatch,
// the cause of most bad output, is shown before anything is generated (it
// does not stop Generate). Without the recogniser the line offers its
// download (about 900 MB).
#pragma once

#include "job.h"

#include <QWidget>

#include <functional>

class QLabel;
class QPlainTextEdit;
class QTimer;

namespace cosystudio::ui {

class Transcriber;

class HeardTranscript : public QWidget {
  Q_OBJECT

 public:
  // What the note says.
  enum class State {
    Idle,       // nothing to say: no clip, no recogniser in use, or an empty transcript with nothing heard
    Missing,    // the recogniser is not installed: its download is offered
    Listening,  // a transcription is under way
    Heard,      // the transcript is what the recogniser heard, not yet edited
    Agrees,     // the typed transcript and what was heard agree
    Differs,    // they differ: what the clip seems to say, and how
    NoWords,    // the recogniser heard no words in the selection
    Failed,     // the recogniser could not listen
  };
  Q_ENUM(State)

  // The selection as the engine would take it; empty when it is no usable prompt.
  using ClipSource = std::function<PromptClip()>;

  // Typed transcripts differing from what was heard in more than this share
  // of their words (characters for Chinese, Japanese, Cantonese) are shown as
  // a mismatch: above what the recogniser itself gets wrong in clear speech.
  static constexpr double kDiffersAbove = 0.15;
  // How long the selection rests, or the typing pauses, before it is heard or compared again.
  static constexpr int kRestMs = 700;

  HeardTranscript(QPlainTextEdit* transcript, ClipSource clip, QWidget* parent = nullptr);

  // Without a transcriber the note stays idle.
  void setTranscriber(Transcriber* transcriber);
  // A clip was opened, recorded or dropped: heard at once.
  void clipReplaced();
  // The selection moved: heard again once it rests.
  void selectionMoved();

  State state() const { return state_; }
  // The transcript is still the text the recogniser heard (the user has not edited it).
  bool holdsHeardText() const;
  // What the recogniser heard in the current selection (empty until it has).
  QString heardText() const { return heardValid_ ? heardText_ : QString(); }

 signals:
  void stateChanged(cosystudio::ui::HeardTranscript::State state);

 private:
  void listen();
  void heard(quint64 id, const QString& text, const QString& language);
  void failed(quint64 id, const QString& message);
  void transcriptEdited();
  // The typed transcript against what was heard.
  void compare();
  // The transcript becomes what was heard, marked so until the user edits it.
  void fillWithHeard();
  void offerDownload();
  void say(State state, const QString& html, const QString& toolTip = {});

  QPlainTextEdit* transcript_;
  ClipSource clip_;
  Transcriber* transcriber_ = nullptr;
  QLabel* note_;
  QTimer* selectionRest_;
  QTimer* typingRest_;
  State state_ = State::Idle;
  quint64 asked_ = 0;       // the transcription awaited
  bool heardValid_ = false;  // heardText_ is of the current selection
  QString heardText_;
  QString heardLanguage_;
  QString filledWith_;  // the heard text put in the transcript, until the user edits it
  bool filling_ = false;
};

}  // namespace cosystudio::ui
