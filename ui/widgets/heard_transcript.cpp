#include "heard_transcript.h"

#include "model_download_dialog.h"
#include "transcriber.h"

#include "cosystudio/listen_check.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QTimer>
#include <QVBoxLayout>

namespace cosystudio::ui {

namespace {

// The note stays within three lines or so of a narrow dock: what was heard
// and the differences are shortened there, and given whole in its tooltip.
constexpr int kShownDifferences = 2;
constexpr int kShownHeardChars = 60;
constexpr int kShownDifferenceChars = 20;

constexpr char kDownloadLink[] = "download";
constexpr char kUseHeardLink[] = "use";

// `text` cut to `chars` characters with "…", for rich text.
QString shortened(const QString& text, int chars) {
  if (text.size() <= chars) return text.toHtmlEscaped();
  int cut = chars - 1;
  if (text.at(cut - 1).isHighSurrogate()) --cut;  // never half a character
  return (text.left(cut) + QStringLiteral("…")).toHtmlEscaped();
}

QString shortened(const std::string& text) { return shortened(QString::fromStdString(text), kShownDifferenceChars); }

}  // namespace

HeardTranscript::HeardTranscript(QPlainTextEdit* transcript, ClipSource clip, QWidget* parent)
    : QWidget(parent), transcript_(transcript), clip_(std::move(clip)) {
  setObjectName(QStringLiteral("heardTranscript"));
  note_ = new QLabel(this);
  note_->setObjectName(QStringLiteral("heardNote"));
  note_->setWordWrap(true);
  note_->setTextFormat(Qt::RichText);
  note_->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(note_);
  hide();

  selectionRest_ = new QTimer(this);
  selectionRest_->setSingleShot(true);
  selectionRest_->setInterval(kRestMs);
  typingRest_ = new QTimer(this);
  typingRest_->setSingleShot(true);
  typingRest_->setInterval(kRestMs);
  connect(selectionRest_, &QTimer::timeout, this, &HeardTranscript::listen);
  connect(typingRest_, &QTimer::timeout, this, &HeardTranscript::compare);
  connect(transcript_, &QPlainTextEdit::textChanged, this, &HeardTranscript::transcriptEdited);
  connect(note_, &QLabel::linkActivated, this, [this](const QString& link) {
    if (link == QLatin1String(kDownloadLink) && transcriber_) {
      downloadRecognizer(transcriber_, window());  // the transcriber says when it is there
    } else if (link == QLatin1String(kUseHeardLink) && heardValid_) {
      fillWithHeard();
    }
  });
}

void HeardTranscript::setTranscriber(Transcriber* transcriber) {
  if (transcriber_) disconnect(transcriber_, nullptr, this, nullptr);
  transcriber_ = transcriber;
  if (!transcriber_) return listen();
  connect(transcriber_, &Transcriber::transcribed, this, &HeardTranscript::heard);
  connect(transcriber_, &Transcriber::failed, this, &HeardTranscript::failed);
  // Downloaded (or gone): the clip is heard now, or the download offered.
  connect(transcriber_, &Transcriber::availabilityChanged, this, &HeardTranscript::listen);
  listen();
}

void HeardTranscript::clipReplaced() { listen(); }

void HeardTranscript::selectionMoved() {
  heardValid_ = false;  // what was heard was another part of the clip
  typingRest_->stop();
  selectionRest_->start();
}

bool HeardTranscript::holdsHeardText() const {
  return !filledWith_.isEmpty() && transcript_->toPlainText() == filledWith_;
}

void HeardTranscript::listen() {
  selectionRest_->stop();
  typingRest_->stop();
  heardValid_ = false;
  asked_ = 0;
  if (!transcriber_) return say(State::Idle, {});
  const PromptClip clip = clip_();
  if (!clip.isLoaded()) return say(State::Idle, {});
  asked_ = transcriber_->transcribe(clip);
  if (!asked_) return offerDownload();
  say(State::Listening, tr("Listening to the clip…"));
}

void HeardTranscript::heard(quint64 id, const QString& text, const QString& language) {
  if (id != asked_) return;
  asked_ = 0;
  heardValid_ = true;
  heardText_ = text;
  heardLanguage_ = language;
  if (text.isEmpty()) return say(State::NoWords, tr("The recogniser heard no words in the selection."));
  if (transcript_->toPlainText().trimmed().isEmpty() || holdsHeardText()) return fillWithHeard();
  compare();
}

void HeardTranscript::failed(quint64 id, const QString& message) {
  if (id != asked_) return;
  asked_ = 0;
  say(State::Failed, tr("The recogniser could not listen to the clip: %1").arg(message.toHtmlEscaped()));
}

void HeardTranscript::transcriptEdited() {
  if (filling_) return;
  filledWith_.clear();  // the user's now
  switch (state_) {
    case State::Missing: return offerDownload();  // "written for you" or "checked"
    case State::Listening:
    case State::NoWords:
    case State::Failed: return;  // the answer compares, or there is nothing to compare with
    case State::Heard: say(State::Idle, {}); break;
    case State::Idle:
    case State::Agrees:
    case State::Differs: break;
  }
  if (heardValid_) typingRest_->start();
}

void HeardTranscript::compare() {
  const QString typed = transcript_->toPlainText().trimmed();
  if (!heardValid_ || heardText_.isEmpty() || typed.isEmpty()) return say(State::Idle, {});
  const HeardScore score =
      scoreHeard(typed.toStdString(), heardText_.toStdString(), heardLanguage_.toStdString());
  const QString summary = QString::fromStdString(describeDifferences(score));
  if (score.errorRate <= kDiffersAbove)
    return say(State::Agrees, tr("✓ The recogniser hears what the transcript says."), summary);
  QStringList differences;
  for (const HeardDifference& difference : score.differences) {
    switch (difference.kind) {
      case HeardDifference::Kind::Same: break;
      case HeardDifference::Kind::Substituted:
        differences << tr("“%1” for “%2”").arg(shortened(difference.heard), shortened(difference.meant));
        break;
      case HeardDifference::Kind::Missing: differences << tr("“%1” not heard").arg(shortened(difference.meant)); break;
      case HeardDifference::Kind::Extra:
        differences << tr("“%1” not in the transcript").arg(shortened(difference.heard));
        break;
    }
  }
  const int more = int(differences.size()) - kShownDifferences;
  if (more > 0) {
    differences = differences.mid(0, kShownDifferences);
    differences << tr("and %1 more").arg(more);
  }
  say(State::Differs,
      tr("⚠ The clip seems to say “%1”: %2. <a href=\"%3\">Use what was heard</a>")
          .arg(shortened(heardText_, kShownHeardChars), differences.join(tr("; ")), QLatin1String(kUseHeardLink)),
      heardText_ + QStringLiteral("\n\n") + summary);
}

void HeardTranscript::fillWithHeard() {
  filling_ = true;
  transcript_->setPlainText(heardText_);
  filledWith_ = heardText_;
  filling_ = false;
  say(State::Heard, tr("Heard by the recogniser — check it"),
      tr("Written by the recogniser from the selection: play it and correct what it misheard."));
}

void HeardTranscript::offerDownload() {
  const QString link = QLatin1String(kDownloadLink);
  say(State::Missing, transcript_->toPlainText().trimmed().isEmpty()
                          ? tr("Have the transcript written for you: <a href=\"%1\">download the recogniser</a> "
                               "(about 900 MB).")
                                .arg(link)
                          : tr("Have the transcript checked against the clip: <a href=\"%1\">download the "
                               "recogniser</a> (about 900 MB).")
                                .arg(link));
}

void HeardTranscript::say(State state, const QString& html, const QString& toolTip) {
  note_->setText(html);
  note_->setToolTip(toolTip);
  setVisible(!html.isEmpty());
  if (state == state_) return;
  state_ = state;
  emit stateChanged(state);
}

}  // namespace cosystudio::ui

#include "moc_heard_transcript.cpp"
