#include "clip_panel.h"

#include "session_state.h"

#include "engine_messages.h"
#include "file_dialogs.h"
#include "clip_recorder.h"
#include "elided_label.h"
#include "heard_transcript.h"
#include "pcm_player.h"
#include "waveform_view.h"

#include "services/app_data.h"

#include "cosystudio/audio/analysis.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMediaDevices>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cosystudio::ui {

namespace {

// The model's limits are the engine's (audio::ClipLimits); below its advice
// (audio::kShortPromptSeconds) and above this one the window advises.
constexpr double kRecommendedMaxSeconds = 10.0;
// Keep this much of the trailing silence so the clip never ends mid-word.
constexpr double kAutoTrimTailSeconds = 0.3;
constexpr double kAutoTrimLeadSeconds = 0.05;
// A selection whose loudest sample stays below this holds no speech to clone
// (a muted or unplugged microphone records about -90 dBFS of noise).
constexpr double kSilentPeakDbfs = -50.0;

std::filesystem::path toPath(const QString& path) { return std::filesystem::path(path.toStdString()); }

audio::Clip monoClip(const QVector<float>& samples, int rate, qint64 from, qint64 to) {
  audio::Clip clip;
  clip.sampleRate = rate;
  clip.channels.emplace_back(samples.begin() + from, samples.begin() + to);
  return clip;
}

QString recordingsFolder() {
  return services::appDataFolder() + QStringLiteral("/recordings");
}

}  // namespace

QString transcriptPlausibility(const QString& transcript, double seconds) {
  if (seconds <= 0) return {};
  // Syllables: one per CJK character, about 1.4 per Latin-script word.
  double syllables = 0;
  bool inWord = false;
  for (const QChar ch : transcript) {
    if (ch.script() == QChar::Script_Han || ch.script() == QChar::Script_Hiragana ||
        ch.script() == QChar::Script_Katakana || ch.script() == QChar::Script_Hangul) {
      syllables += 1;
      inWord = false;
    } else if (ch.isLetterOrNumber()) {
      if (!inWord) syllables += 1.4;
      inWord = true;
    } else {
      inWord = false;
    }
  }
  const double rate = syllables / seconds;
  if (syllables == 0) return QObject::tr("Zero-shot needs the transcript of the clip.");
  if (rate < 1.0)
    return QObject::tr("The transcript looks too short for %1 s of speech: type every word "
                       "that is spoken in the selection.")
        .arg(seconds, 0, 'f', 1);
  if (rate > 9.0)
    return QObject::tr("The transcript looks too long for %1 s of speech: it must contain only "
                       "what is spoken in the selection.")
        .arg(seconds, 0, 'f', 1);
  return {};
}

ClipPanel::ClipPanel(PcmPlayer* player, Transcriber* transcriber, QWidget* parent)
    : QWidget(parent), player_(player), recorder_(new ClipRecorder(this)) {
  setObjectName(QStringLiteral("clipPanel"));
  speakingVoice_ = new QLabel(this);
  speakingVoice_->setObjectName(QStringLiteral("speakingVoice"));
  speakingVoice_->setWordWrap(true);
  speakingVoice_->setFrameShape(QFrame::StyledPanel);
  speakingVoice_->setMargin(6);
  speakingVoice_->hide();
  // Everything below the banner, greyed out together while a saved voice speaks.
  clipArea_ = new QWidget(this);
  microphones_ = new QComboBox(this);
  microphones_->setObjectName(QStringLiteral("microphones"));
  microphones_->setToolTip(tr("Microphone to record the prompt clip with"));
  microphones_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  microphones_->setMinimumContentsLength(12);
  record_ = new QPushButton(tr("&Record"), this);
  record_->setObjectName(QStringLiteral("recordButton"));
  levelMeter_ = new QWidget(this);
  levelMeter_->setObjectName(QStringLiteral("levelMeter"));
  levelMeter_->setToolTip(tr("Microphone level"));
  level_ = new QProgressBar(levelMeter_);
  level_->setRange(0, 100);
  level_->setTextVisible(false);
  // Thin, as meters are: at full height an empty bar looks like a text field.
  level_->setFixedSize(80, 6);
  auto* meterLayout = new QHBoxLayout(levelMeter_);
  meterLayout->setContentsMargins(0, 0, 0, 0);
  meterLayout->addWidget(new QLabel(tr("Level"), levelMeter_));
  meterLayout->addWidget(level_);
  auto* open = new QPushButton(tr("&Open…"), this);
  open->setToolTip(tr("Open a WAV, FLAC, OGG or MP3 file (or drop one on the window)"));
  play_ = new QPushButton(tr("&Play selection"), this);
  play_->setObjectName(QStringLiteral("playSelection"));
  play_->setToolTip(tr("Listen to the part of the clip the voice will be taken from"));
  trim_ = new QPushButton(tr("Auto-&trim"), this);
  trim_->setToolTip(tr("Cut the silence at the start and keep a short tail at the end"));

  auto* recording = new QHBoxLayout;
  recording->addWidget(microphones_, 1);
  recording->addWidget(record_);
  recording->addWidget(levelMeter_);
  auto* editing = new QHBoxLayout;
  editing->addWidget(open);
  editing->addWidget(play_);
  editing->addWidget(trim_);
  editing->addStretch(1);

  waveform_ = new WaveformView(this);
  fileLabel_ = new ElidedLabel(this);
  fileLabel_->setObjectName(QStringLiteral("clipFile"));
  fileLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  adviceLabel_ = new QLabel(this);
  adviceLabel_->setObjectName(QStringLiteral("clipAdvice"));
  adviceLabel_->setWordWrap(true);

  transcript_ = new QPlainTextEdit(this);
  transcript_->setObjectName(QStringLiteral("transcript"));
  transcript_->setPlaceholderText(tr("Transcript: exactly what is said in the selected part of the clip"));
  transcript_->setToolTip(tr("Required for zero-shot: the words spoken in the clip"));
  transcript_->setTabChangesFocus(true);
  transcript_->setMinimumHeight(4 * transcript_->fontMetrics().lineSpacing());
  heard_ = new HeardTranscript(transcript_, [this] {
    QString unusable;  // no usable prompt, nothing worth hearing
    return clipForEngine(&unusable);
  }, this);
  transcriptWarning_ = new QLabel(this);
  transcriptWarning_->setObjectName(QStringLiteral("transcriptWarning"));
  transcriptWarning_->setWordWrap(true);

  auto* clipLayout = new QVBoxLayout(clipArea_);
  clipLayout->setContentsMargins(0, 0, 0, 0);
  clipLayout->addLayout(recording);
  clipLayout->addLayout(editing);
  // A taller window gives room to the transcript, not to the waveform.
  waveform_->setMaximumHeight(2 * waveform_->sizeHint().height());
  clipLayout->addWidget(waveform_, 1);
  clipLayout->addWidget(fileLabel_);
  clipLayout->addWidget(adviceLabel_);
  clipLayout->addWidget(transcript_, 2);
  clipLayout->addWidget(heard_);
  clipLayout->addWidget(transcriptWarning_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(speakingVoice_);
  layout->addWidget(clipArea_, 1);

  connect(open, &QPushButton::clicked, this, &ClipPanel::openFile);
  connect(record_, &QPushButton::clicked, this, &ClipPanel::toggleRecording);
  connect(play_, &QPushButton::clicked, this, &ClipPanel::playSelection);
  connect(trim_, &QPushButton::clicked, this, &ClipPanel::autoTrim);
  connect(waveform_, &WaveformView::selectionChanged, this, [this] {
    if (!transcript().isEmpty() && !heard_->holdsHeardText() && transcriptDoubt_ == TranscriptDoubt::None)
      transcriptDoubt_ = TranscriptDoubt::TrimChanged;
    analyseSelection();
    checkTranscript();
    heard_->selectionMoved();
    emit clipChanged();
  });
  connect(transcript_, &QPlainTextEdit::textChanged, this, [this] {
    transcriptDoubt_ = TranscriptDoubt::None;
    checkTranscript();
  });
  // The recogniser hears what the transcript says: it matches the clip, whenever it was typed.
  connect(heard_, &HeardTranscript::stateChanged, this, [this](HeardTranscript::State state) {
    if (state != HeardTranscript::State::Agrees || transcriptDoubt_ == TranscriptDoubt::None) return;
    transcriptDoubt_ = TranscriptDoubt::None;
    checkTranscript();
  });
  connect(recorder_, &ClipRecorder::level, this,
          [this](float peak) { level_->setValue(int(std::lround(peak * 100))); });
  connect(recorder_, &ClipRecorder::progress, this, [this](double seconds) {
    record_->setText(tr("Stop (%1 s)").arg(seconds, 0, 'f', 1));
  });
  connect(recorder_, &ClipRecorder::finished, this, &ClipPanel::recordingFinished);
  connect(recorder_, &ClipRecorder::error, this, &ClipPanel::errorOccurred);
  connect(player_, &PcmPlayer::availabilityChanged, this, [this] { player_->guard(play_, hasClip()); });
  // Another panel taking the player over ends this playback too.
  connect(player_, &PcmPlayer::finished, this, [this] { play_->setText(tr("&Play selection")); });
  connect(player_, &PcmPlayer::positionChanged, this, [this](double seconds) {
    if (player_->property("owner").value<QObject*>() == this) waveform_->setPlayhead(seconds);
  });
  auto* devices = new QMediaDevices(this);
  connect(devices, &QMediaDevices::audioInputsChanged, this, &ClipPanel::refreshMicrophones);
  refreshMicrophones();
  analyseSelection();
  heard_->setTranscriber(transcriber);
}

void ClipPanel::refreshMicrophones() {
  const QByteArray current = microphones_->currentData().toByteArray();
  microphones_->clear();
  for (const QAudioDevice& device : QMediaDevices::audioInputs()) {
    microphones_->addItem(device.description(), device.id());
    if (device.id() == current || (current.isEmpty() && device.isDefault()))
      microphones_->setCurrentIndex(microphones_->count() - 1);
  }
  const bool found = microphones_->count() > 0;
  record_->setEnabled(found || recorder_->isRecording());
  record_->setToolTip(found ? tr("Record %1 to %2 seconds of clear speech (press again to stop)")
                                  .arg(audio::kShortPromptSeconds)
                                  .arg(audio::kMaxPromptSeconds)
                            : tr("No microphone found: connect one to record a clip"));
  // Without a microphone there is no level to show.
  levelMeter_->setVisible(found || recorder_->isRecording());
  microphones_->setEnabled(found);
  if (!found) microphones_->addItem(tr("No microphone found"));
}

void ClipPanel::setSpeakingVoice(const QString& voiceName) {
  speakingVoice_->setText(tr("The saved voice “%1” speaks; this clip is not used.").arg(voiceName));
  speakingVoice_->setVisible(!voiceName.isEmpty());
  clipArea_->setEnabled(voiceName.isEmpty());
}

bool ClipPanel::loadFile(const QString& path, QString* error) {
  audio::Clip mono;
  try {
    mono = audio::downmixToMono(audio::loadClip(toPath(path), openedClipLimits()));
  } catch (const std::exception& e) {
    if (error) *error = errorText(e);
    return false;
  }
  player_->stop();
  const std::vector<float>& samples = mono.channels.front();
  mono_ = QVector<float>(samples.begin(), samples.end());
  sampleRate_ = mono.sampleRate;
  handedOut_ = {};
  sourcePath_ = QFileInfo(path).absoluteFilePath();
  fileLabel_->setText(tr("%1 · %2 Hz · %3 s")
                          .arg(QFileInfo(path).fileName())
                          .arg(sampleRate_)
                          .arg(mono.durationSeconds(), 0, 'f', 2));
  waveform_->setSamples(mono_, sampleRate_);
  // A clip longer than the model accepts starts with the first 30 s selected.
  if (mono.durationSeconds() > audio::kMaxPromptSeconds)
    waveform_->setSelection(0, qint64(audio::kMaxPromptSeconds * sampleRate_));
  // A transcript typed for the clip before (or before a recording) is flagged,
  // not lost; one the recogniser wrote is written again for this clip.
  transcriptDoubt_ = transcript().isEmpty() || heard_->holdsHeardText() ? TranscriptDoubt::None
                                                                         : TranscriptDoubt::ClipReplaced;
  analyseSelection();
  checkTranscript();
  heard_->clipReplaced();
  emit clipChanged();
  return true;
}

void ClipPanel::openFile() {
  const QString path = chooseAudioFile(this, tr("Open prompt clip"));
  if (path.isEmpty()) return;
  QString error;
  if (!loadFile(path, &error)) emit errorOccurred(error);
}

void ClipPanel::toggleRecording() {
  if (recorder_->isRecording()) {
    recorder_->stop();
    return;
  }
  player_->stop();  // the speakers must not be recorded
  const QByteArray id = microphones_->currentData().toByteArray();
  QAudioDevice device = QMediaDevices::defaultAudioInput();
  for (const QAudioDevice& candidate : QMediaDevices::audioInputs())
    if (candidate.id() == id) device = candidate;
  if (recorder_->start(device)) record_->setText(tr("Stop"));
}

void ClipPanel::recordingFinished(const QVector<float>& samples, int sampleRate) {
  record_->setText(tr("&Record"));
  level_->setValue(0);
  const double seconds = sampleRate > 0 ? double(samples.size()) / sampleRate : 0;
  if (seconds < audio::kShortPromptSeconds) {
    emit errorOccurred(tr("The recording is %1 s long; record at least %2 s of speech.")
                           .arg(seconds, 0, 'f', 1)
                           .arg(audio::kShortPromptSeconds));
    return;
  }
  QDir().mkpath(recordingsFolder());
  const QString path = recordingsFolder() + QStringLiteral("/recording-%1.wav").arg(
      QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
  try {
    audio::writeWav(toPath(path), monoClip(samples, sampleRate, 0, samples.size()),
                    audio::WavEncoding::PCM16);
  } catch (const std::exception& e) {
    emit errorOccurred(errorText(e));
    return;
  }
  QString error;
  if (!loadFile(path, &error)) emit errorOccurred(error);
}

void ClipPanel::playSelection() {
  if (player_->isPlaying() && player_->property("owner").value<QObject*>() == this) {
    player_->stop();
    play_->setText(tr("&Play selection"));
    return;
  }
  if (!hasClip()) return;
  player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
  if (player_->play(mono_, sampleRate_, waveform_->inFrame(), waveform_->outFrame())) play_->setText(tr("&Stop"));
}

void ClipPanel::autoTrim() {
  if (!hasClip()) return;
  const audio::ClipAnalysis a = audio::analyseClip(monoClip(mono_, sampleRate_, 0, mono_.size()));
  const qint64 lead = qint64(std::max(0.0, a.leadingSilenceSeconds - kAutoTrimLeadSeconds) * sampleRate_);
  const qint64 tail =
      qint64(std::max(0.0, a.trailingSilenceSeconds - kAutoTrimTailSeconds) * sampleRate_);
  qint64 out = mono_.size() - tail;
  out = std::min(out, lead + qint64(audio::kMaxPromptSeconds * sampleRate_));
  if (lead == inFrame() && out == outFrame()) {
    emit message(tr("Auto-trim found nothing to cut: the selection already starts at the speech and ends "
                    "with a short tail."));
    return;
  }
  waveform_->setSelection(lead, out);
  emit message(tr("Auto-trim kept %1 s of the clip.").arg(selectionSeconds(), 0, 'f', 2));
}

QString ClipPanel::transcript() const { return transcript_->toPlainText().trimmed(); }

void ClipPanel::setTranscript(const QString& text) { transcript_->setPlainText(text); }

qint64 ClipPanel::inFrame() const { return waveform_->inFrame(); }
qint64 ClipPanel::outFrame() const { return waveform_->outFrame(); }
void ClipPanel::setSelection(qint64 in, qint64 out) { waveform_->setSelection(in, out); }

double ClipPanel::selectionSeconds() const {
  return sampleRate_ > 0 ? double(outFrame() - inFrame()) / sampleRate_ : 0;
}

QString ClipPanel::adviceText(const audio::Advice& advice) {
  using Kind = audio::Advice::Kind;
  switch (advice.kind) {
    case Kind::LowSampleRate:
    case Kind::TooLong:
    case Kind::TooShort: return {};
    case Kind::NoSound: return tr("The selection contains no sound.");
    case Kind::Clipped:
      return tr("%1 samples are at full scale: the recording is probably clipped (distorted). "
                "Record again with less input gain.")
          .arg(qint64(advice.value));
    case Kind::Quiet:
      return tr("The recording is quiet (%1 dBFS RMS). Speak closer to the microphone or raise the input gain.")
          .arg(advice.value, 0, 'f', 1);
    case Kind::Noisy:
      return tr("Background noise is audible (noise floor %1 dBFS). The clone will copy it; record in a "
                "quieter place.")
          .arg(advice.value, 0, 'f', 1);
    case Kind::LeadingSilence: return tr("%1 s of silence at the start: trim it.").arg(advice.value, 0, 'f', 1);
    case Kind::TrailingSilence: return tr("%1 s of silence at the end: trim it.").arg(advice.value, 0, 'f', 1);
    case Kind::LongPause:
      return tr("There is a %1 s pause inside the clip; the clone may copy long pauses. Shorten it.")
          .arg(advice.value, 0, 'f', 1);
  }
  return QString::fromStdString(advice.text);
}

void ClipPanel::analyseSelection() {
  advice_.clear();
  selectionPeakDbfs_ = -std::numeric_limits<double>::infinity();
  player_->guard(play_, hasClip());
  trim_->setEnabled(hasClip());
  if (!hasClip()) {
    adviceLabel_->setText(tr("No prompt clip yet."));
    return;
  }
  const double seconds = selectionSeconds();
  if (seconds > audio::kMaxPromptSeconds)
    advice_ << tr("The selection is %1 s long; the model accepts at most %2 s. Trim it.")
                   .arg(seconds, 0, 'f', 1)
                   .arg(audio::kMaxPromptSeconds);
  else if (seconds < audio::kShortPromptSeconds)
    advice_ << tr("The selection is only %1 s long; use at least %2 s of speech.")
                   .arg(seconds, 0, 'f', 1)
                   .arg(audio::kShortPromptSeconds);
  else if (seconds > kRecommendedMaxSeconds)
    advice_ << tr("%1 to %2 s of speech usually clones best; this selection is %3 s.")
                   .arg(audio::kShortPromptSeconds)
                   .arg(kRecommendedMaxSeconds)
                   .arg(seconds, 0, 'f', 1);
  if (sampleRate_ < audio::kMinPromptSampleRate)
    advice_ << tr("The clip is sampled at %1 Hz; the model needs at least %2 Hz.")
                   .arg(sampleRate_)
                   .arg(audio::kMinPromptSampleRate);
  if (outFrame() > inFrame()) {
    const audio::ClipAnalysis a =
        audio::analyseClip(monoClip(mono_, sampleRate_, inFrame(), outFrame()));
    selectionPeakDbfs_ = a.peakDbfs;
    for (const audio::Advice& item : a.advice)
      if (const QString text = adviceText(item); !text.isEmpty()) advice_ << text;
    adviceLabel_->setToolTip(tr("Peak %1 dBFS · level %2 dBFS · noise floor %3 dBFS · "
                                "silence %4 s at the start, %5 s at the end")
                                 .arg(a.peakDbfs, 0, 'f', 1)
                                 .arg(a.rmsDbfs, 0, 'f', 1)
                                 .arg(a.noiseFloorDbfs, 0, 'f', 1)
                                 .arg(a.leadingSilenceSeconds, 0, 'f', 2)
                                 .arg(a.trailingSilenceSeconds, 0, 'f', 2));
  }
  adviceLabel_->setText(advice_.isEmpty() ? tr("✓ The clip looks good.")
                                          : QStringLiteral("⚠ ") + advice_.join(QStringLiteral("\n⚠ ")));
}

void ClipPanel::checkTranscript() {
  QString warning = hasClip() ? transcriptPlausibility(transcript(), selectionSeconds()) : QString();
  const QString doubt =
      transcriptDoubt_ == TranscriptDoubt::TrimChanged
          ? tr("The trim changed after the transcript was typed: check that it still matches.")
      : transcriptDoubt_ == TranscriptDoubt::ClipReplaced
          ? tr("The transcript was typed before this clip was opened or recorded: check that it matches, "
               "or clear it.")
          : QString();
  if (!doubt.isEmpty()) warning = doubt + (warning.isEmpty() ? QString() : QLatin1Char(' ') + warning);
  transcriptWarning_->setText(warning);
}

PromptClip ClipPanel::clipForEngine(QString* error) const {
  if (!hasClip()) {
    if (error) *error = tr("Choose a prompt clip first (open, drop or record one).");
    return {};
  }
  const double seconds = selectionSeconds();
  if (seconds > audio::kMaxPromptSeconds || seconds < audio::kMinPromptSeconds) {
    if (error) *error = advice_.value(0);
    return {};
  }
  if (selectionPeakDbfs_ < kSilentPeakDbfs) {
    if (error)
      *error = tr("The selected part of the clip is silent (no sample louder than %1 dBFS): check the "
                  "microphone and record again.")
                   .arg(kSilentPeakDbfs);
    return {};
  }
  if (handedOut_.inFrame != inFrame() || handedOut_.outFrame != outFrame() || !handedOut_.isLoaded()) {
    handedOut_.path = sourcePath_;
    handedOut_.inFrame = inFrame();
    handedOut_.outFrame = outFrame();
    handedOut_.samples = mono_.mid(inFrame(), outFrame() - inFrame());
    handedOut_.sampleRate = sampleRate_;
    handedOut_.digest = promptClipDigest(handedOut_.samples, sampleRate_);
  }
  return handedOut_;
}

void ClipPanel::saveSession(SessionState& state) const {
  state.clip = sourcePath();
  state.clipIn = inFrame();
  state.clipOut = outFrame();
  state.transcript = transcript();
}

void ClipPanel::restoreSession(const SessionState& state) {
  QString ignored;  // a clip that went away is simply not restored
  const QString clip = services::movedAppDataPath(state.clip);
  if (!clip.isEmpty() && QFileInfo::exists(clip) && loadFile(clip, &ignored))
    setSelection(state.clipIn, state.clipOut < 0 ? outFrame() : state.clipOut);
  if (!state.clip.isEmpty() || !state.transcript.isEmpty()) setTranscript(state.transcript);
}

}  // namespace cosystudio::ui
