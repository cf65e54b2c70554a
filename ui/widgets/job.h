// What the window asks the engine to do, and what comes back: plain values
// that travel between the GUI thread and the engine thread by queued signals.
#pragma once

#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/crossfade.h"
#include "cosystudio/engine.h"
#include "cosystudio/script.h"
#include "cosystudio/text/subtitles.h"
#include "services/server/remote_speech.h"

#include <QByteArray>
#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>
#include <variant>

class QRandomGenerator;

namespace cosystudio::ui {

// The prompt clip of a job without a voice file: the selected samples the
// engine is given, and where they were cut from, so that a saved queue or a
// take's sidecar can cut them again in a later session (loadPromptClip).
struct PromptClip {
  QString path;          // the file the selection was cut from
  qint64 inFrame = 0;    // the selection, in frames of that file
  qint64 outFrame = -1;  // -1: to its end
  // Mono at sampleRate; implicitly shared, so every copy of a job holds the
  // same buffer. Empty in a job read back from disk until cut again.
  QVector<float> samples;
  int sampleRate = 0;
  // promptClipDigest of the samples: the key of the prepared voice, and the
  // check that a clip cut again is the one the job was made with.
  QByteArray digest;

  bool isEmpty() const { return path.isEmpty() && samples.isEmpty(); }
  bool isLoaded() const { return !samples.isEmpty(); }
};

// SHA-256 of `samples` and `sampleRate`.
QByteArray promptClipDigest(const QVector<float>& samples, int sampleRate);

// What a file opened to cut a prompt clip from must satisfy: the model's
// limits, except that a long recording may be opened to cut one out of it.
audio::ClipLimits openedClipLimits();

// Cuts clip.samples again out of clip.path at the selection. False with
// `error` naming the file when it is gone, unreadable, shorter than the
// selection, or no longer holds the samples of clip.digest.
bool loadPromptClip(PromptClip& clip, QString* error);

// The samples as the engine takes them.
audio::Clip engineClip(const PromptClip& clip);

// Listening back to what a job makes (cosystudio/checked_synthesis.h): set
// on each job from Settings as it is queued (EngineSession::setListening).
struct JobListening {
  bool check = false;        // each segment transcribed and measured
  QString recognizerFolder;  // the recogniser's folder (never empty when checking)
  CheckThresholds thresholds;
  int retakes = 0;  // a failing segment made again with new seeds up to this many times
};

// One synthesis request as the user set it up.
struct JobSpec {
  quint64 id = 0;
  QString text;
  QString instruction;     // body only; the engine adds the CosyVoice3 wrapping
  PromptClip clip;         // the prompt clip, already trimmed
  QString transcript;      // zero-shot only
  QString voiceFile;       // a saved voice; when set, clip/transcript are not used
  QString voiceName;       // for display and the take's metadata
  QString sourceClipPath;  // voice conversion only: an audio file, or a served request's .voice file
  SynthesisSettings settings;  // mode, speed, seed, streaming, text handling, the watchdog
  // Set when the job makes one segment of a take again: that take, and the
  // segment (0-based) whose text — as the model received it, maybe edited —
  // is this job's text.
  quint64 regenerates = 0;
  int replacesSegment = -1;
  // Asked for by a program through the local speech server (speech_server.h):
  // it ends with that program's connection, so it is never kept for a later session.
  bool served = false;
  // A program's request for one segment (SynthesisRequest's): that segment of
  // the text alone, or the text spoken as one segment.
  std::optional<int> onlySegment;
  bool textIsSegment = false;
  // A program's request to listen (JobSpec::listening, as the window's server
  // sets it): the most bytes its figures may take (a header's, or no limit).
  std::size_t servedCheckBytes = 0;
  JobListening listening;
  // Where the parts it makes are kept until its take is whole (job_parts.h);
  // empty: none are kept.
  QString partsFolder;

  // Subtitles dubbed (dubbing_job.h): each cue spoken in the job's voice at its
  // start on their timeline, one take.
  struct Dubbing {
    QString file;  // where the cues were read from
    std::vector<text::SubtitleCue> cues;
    double maxSpeed = 1.5;  // the fastest a cue may be made to fit its time (DubbingOptions::maxSpeed)
  };

  // A chapter of a book (book_panel.h): its text is the job's, and once made it
  // is written into the book's folder and recorded in its book.json as made
  // from that text and key.
  struct Chapter {
    QString book;       // the book's file
    QString bookTitle;
    QString folder;     // where its chapters are made
    int number = 0;  // 1-based
    int count = 0;   // chapters in the book
    QString title;
    QString textHash;
    QString renderKey;
  };

  // What the job makes: the text in its one voice (std::monostate), a script
  // (script.h: its lines spoken by saved voices as one take, the cast's voice
  // files absolute), subtitles dubbed, or a chapter of a book.
  std::variant<std::monostate, Script, Dubbing, Chapter> kind;

  bool isScript() const { return std::holds_alternative<Script>(kind); }
  bool isDubbing() const { return std::holds_alternative<Dubbing>(kind); }
  bool isChapter() const { return std::holds_alternative<Chapter>(kind); }
  // What only a job of that kind has; an empty one for a job of another kind.
  const Script& script() const { return kindOr<Script>(); }
  const Dubbing& dubbing() const { return kindOr<Dubbing>(); }
  const Chapter& chapter() const { return kindOr<Chapter>(); }
  // The same to fill in, the job made one of that kind first if it is not.
  Script& asScript() { return becomes<Script>(); }
  Dubbing& asDubbing() { return becomes<Dubbing>(); }
  Chapter& asChapter() { return becomes<Chapter>(); }

  QString summary() const;  // one line for the queue
  QString shownText() const;  // the text on one line, shortened for a list

 private:
  template <typename Kind>
  const Kind& kindOr() const {
    static const Kind none{};
    const Kind* own = std::get_if<Kind>(&kind);
    return own ? *own : none;
  }
  template <typename Kind>
  Kind& becomes() {
    if (!std::holds_alternative<Kind>(kind)) kind.template emplace<Kind>();
    return std::get<Kind>(kind);
  }
};

// One try of a segment as the recogniser heard it (SegmentTry, as plain values
// the sidecar keeps).
struct HeardTry {
  quint64 seed = 0;
  QString heard;          // what the recogniser heard
  QString heardLanguage;  // "" when it named none
  bool characters = false;  // errorRate counts characters (zh, yue, ja), else words
  double errorRate = 0;
  QString differences;  // the meant words against the heard ones, in short (describeDifferences)
  double similarity = 0;  // speaker cosine with the voice
  double rateRatio = 0;   // 0: the voice's rate is unknown
  QStringList failures;   // the engine's reasons (checked_synthesis.cpp); empty: it passed
  QStringList failureKinds;  // what each is about, as checkFailureName() names it: the window words it
  bool passed() const { return failures.isEmpty(); }
};

// What listening back found of a segment: every try, and which one it kept.
struct TakeCheck {
  QVector<HeardTry> tries;  // as first made, then each retake
  int kept = 0;
  bool passed() const { return kept >= 0 && kept < tries.size() && tries[kept].passed(); }
  const HeardTry& keptTry() const { return tries[kept]; }
};

// One segment of a take as the engine rendered it, before the join.
struct TakeSegment {
  QString text;  // what the model received
  QVector<float> samples;
  QStringList warnings;  // e.g. it ran to its token cap (probable babble)
  int speechTokens = 0;
  // Set when the segment was made again after the take (its text as a job
  // of its own, JobSpec::replacesSegment): the seed of that run.
  std::optional<quint64> regeneratedSeed;
  // The user's words it was made from, before normalisation (its subtitle);
  // empty: `text` stands for them.
  QString userText;
  // Of a script's take: who speaks it, the script line it was made from, and
  // the silence before it where the speaker changes (joinSegments keeps it).
  QString speaker;
  int line = -1;
  double pauseBefore = 0;
  // Of a dubbing's take: the cue it speaks (its number in the subtitles) and
  // where its speech starts in the take's audio, in samples (-1: joined, not placed).
  int cue = 0;
  qint64 placedAt = -1;
  // What listening back found, when the job listened (JobListening::check).
  std::optional<TakeCheck> check;

  const QString& wordsAsWritten() const { return userText.isEmpty() ? text : userText; }
};

// A finished synthesis: the audio and everything needed to reproduce it.
struct Take {
  quint64 jobId = 0;
  JobSpec spec;
  QVector<float> samples;  // the segments joined with the engine's crossfade
  int sampleRate = 24000;
  QVector<TakeSegment> segments;
  QString modelFolder;  // the model that made it
  QString llmCheckpoint;  // and its language-model checkpoint (llm.rl.pt or llm.pt)
  quint64 seed = 0;     // the seed actually used
  double firstAudioSeconds = 0;
  double totalSeconds = 0;
  double realTimeFactor = 0;
  MemoryStats memoryBefore, memoryAfter;  // of the job that made it: a growing baseline shows here first
  QDateTime created;
  QString wavPath;  // set once written to the outputs folder
  QString label;    // the user's name for it; empty: its text names it
  // Of a job that stopped before its end (job_parts.h): the parts (a text's
  // segments, a script's lines) it made and the parts it has; 0: it is whole.
  int madeParts = 0;
  int plannedParts = 0;
  // Of a served job that listened: what listening found, as the server answers
  // it (checkFiguresJson); never kept with the take.
  QByteArray servedCheck;

  bool isIncomplete() const { return plannedParts > 0; }
  double durationSeconds() const {
    return sampleRate > 0 ? double(samples.size()) / sampleRate : 0.0;
  }
  QStringList segmentTexts() const;
  QStringList warnings() const;  // every segment's, in order
  int speechTokens() const;
  bool isChecked() const;           // some segment was listened to
  QList<int> segmentsFailing() const;  // 0-based segments whose kept try fails its check
  // Of a script's or a chapter's take: its 0-based lines with a segment still failing.
  QList<int> linesFailing() const;
};

// A segment as the engine made it, before any listening back.
TakeSegment takeSegment(const SegmentResult& segment);

// The segments' audio joined with the engine's crossfade, with `pauseSeconds`
// of silence between segments (or a segment's own pauseBefore, when longer); `spans`, when given, receives where each
// segment lies in it.
QVector<float> joinSegments(const QVector<TakeSegment>& segments, int sampleRate, double pauseSeconds = 0,
                            std::vector<audio::SampleSpan>* spans = nullptr);

// `whole` with one segment replaced by the segments of `redo`, the finished run
// of a job that made it again (JobSpec::regenerates = whole.jobId), and the
// audio rejoined: a new take under redo's job id, so the original stays as it
// was. Empty when redo does not fit `whole` (another model or checkpoint, or
// no such segment).
std::optional<Take> spliceRegeneratedSegment(const Take& whole, const Take& redo);

// The job that makes segment `segment` of `take` again from `text` (its own
// text, or an edited one) with `seed`; it comes back spliced into a copy of the take.
JobSpec regenerationJob(const Take& take, int segment, const QString& text, quint64 seed);

// Which model to load and where it should run.
struct ModelChoice {
  QString folder;
  Device device;
  Precision precision = Precision::Float32;
  QString llmCheckpoint;  // empty: the RL-tuned one when the folder has it (LoadOptions::llmCheckpoint)
  int cpuThreads = 0;     // 0: one per physical core (LoadOptions::cpuThreads)
  // A CosyStudio server whose engine makes the speech instead (its url set):
  // nothing is loaded here, and the fields above are the server's business.
  services::RemoteServer server;

  bool isRemote() const { return !server.url.isEmpty(); }
  // What makes the takes, as the window names it: the server's address, or the model's folder.
  QString engineName() const { return isRemote() ? server.url.toString() : folder; }
  // Equal choices load the same model the same way: a change of any field reloads.
  bool operator==(const ModelChoice& other) const {
    return folder == other.folder && device.kind == other.device.kind && device.index == other.device.index &&
           precision == other.precision && llmCheckpoint == other.llmCheckpoint && cpuThreads == other.cpuThreads &&
           server.url == other.server.url && server.token == other.server.token &&
           server.certificateFile == other.server.certificateFile;
  }
};

QString modeName(Mode mode);  // translated, for the window
// A seed for a job the user did not fix one for, drawn from `seeds`.
quint64 randomSeed(QRandomGenerator& seeds);
QString stageName(Stage stage);

}  // namespace cosystudio::ui

Q_DECLARE_METATYPE(cosystudio::ui::JobSpec)
Q_DECLARE_METATYPE(cosystudio::ui::Take)
Q_DECLARE_METATYPE(cosystudio::ui::ModelChoice)
Q_DECLARE_METATYPE(cosystudio::Progress)
Q_DECLARE_METATYPE(cosystudio::AudioChunk)
Q_DECLARE_METATYPE(cosystudio::MemoryStats)
Q_DECLARE_METATYPE(cosystudio::ResetReport)
