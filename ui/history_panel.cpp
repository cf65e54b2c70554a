#include "history_panel.h"

#include "app_settings.h"
#include "engine_messages.h"
#include "file_dialogs.h"
#include "memory_meter.h"
#include "pcm_player.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QtConcurrent/QtConcurrentRun>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cosystudio::ui {

namespace {

// A file format and a sample format as one combo-box value.
constexpr int kFormatKeyBase = 16;
int formatKey(audio::FileFormat file, audio::WavEncoding encoding) {
  return int(file) * kFormatKeyBase + int(encoding);
}

}  // namespace

HistoryPanel::HistoryPanel(PcmPlayer* player, QWidget* parent)
    : QWidget(parent), player_(player), exporting_(new QFutureWatcher<ExportOutcome>(this)) {
  setObjectName(QStringLiteral("historyPanel"));
  list_ = new QTreeWidget(this);
  list_->setObjectName(QStringLiteral("takes"));
  list_->setHeaderLabels({tr("Text"), tr("Voice"), tr("Instruction"), tr("Seed"), tr("Length"), tr("RTF")});
  list_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  list_->setToolTip(tr("Takes of this session, with the segments of long ones; double-click to play"));

  play_ = new QPushButton(tr("Play"), this);
  play_->setObjectName(QStringLiteral("playTake"));
  play_->setToolTip(tr("Play or stop the selected take (Space)"));
  seek_ = new QSlider(Qt::Horizontal, this);
  seek_->setObjectName(QStringLiteral("seek"));
  seek_->setToolTip(tr("Position in the take; drag to seek"));
  time_ = new QLabel(this);
  time_->setObjectName(QStringLiteral("playbackTime"));
  output_ = new QComboBox(this);
  output_->setObjectName(QStringLiteral("playbackOutput"));
  output_->setToolTip(tr("Where takes, clips and voices are played (also in Settings)"));
  // Device names are long: the list shows them whole, the box a start.
  output_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  output_->setMinimumContentsLength(14);
  encoding_ = new QComboBox(this);
  encoding_->setObjectName(QStringLiteral("exportEncoding"));
  // One item per file format and sample format: the item's data holds both.
  const auto addFormat = [this](const QString& name, audio::FileFormat file, audio::WavEncoding encoding) {
    encoding_->addItem(name, formatKey(file, encoding));
  };
  addFormat(tr("WAV 16-bit"), audio::FileFormat::Wav, audio::WavEncoding::PCM16);
  addFormat(tr("WAV 24-bit"), audio::FileFormat::Wav, audio::WavEncoding::PCM24);
  addFormat(tr("WAV 32-bit float"), audio::FileFormat::Wav, audio::WavEncoding::Float32);
  addFormat(tr("FLAC 16-bit"), audio::FileFormat::Flac, audio::WavEncoding::PCM16);
  addFormat(tr("FLAC 24-bit"), audio::FileFormat::Flac, audio::WavEncoding::PCM24);
  addFormat(tr("MP3"), audio::FileFormat::Mp3, audio::WavEncoding::PCM16);
  addFormat(tr("Ogg Opus"), audio::FileFormat::OggOpus, audio::WavEncoding::PCM16);
  encoding_->setToolTip(tr("Format of exported files: WAV and FLAC are lossless, MP3 and Ogg Opus small"));
  rate_ = new QComboBox(this);
  rate_->setObjectName(QStringLiteral("exportRate"));
  rate_->addItem(tr("24 kHz (model rate)"), 24000);
  rate_->addItem(tr("44.1 kHz"), 44100);
  rate_->addItem(tr("48 kHz"), 48000);
  rate_->setToolTip(tr("Exports at other rates are resampled with high-quality sinc interpolation"));
  pause_ = new QComboBox(this);
  pause_->setObjectName(QStringLiteral("exportPause"));
  pause_->addItem(tr("no pause"), 0.0);
  for (const double seconds : {0.25, 0.5, 1.0}) pause_->addItem(tr("%1 s pause").arg(seconds), seconds);
  pause_->setToolTip(tr("Silence added between segments in exported files"));
  loudness_ = new QComboBox(this);
  loudness_->setObjectName(QStringLiteral("exportLoudness"));
  loudness_->addItem(tr("loudness as generated"), QVariant());
  loudness_->addItem(tr("-16 LUFS (podcast)"), -16.0);
  loudness_->addItem(tr("-23 LUFS (broadcast)"), -23.0);
  loudness_->setToolTip(tr("Loudness of exported files (EBU R128). A peak guard keeps every export from clipping."));
  level_ = new QCheckBox(tr("Level segments"), this);
  level_->setObjectName(QStringLiteral("exportLevel"));
  level_->setToolTip(tr("Bring every segment of a long take to the same loudness in exported files"));
  trim_ = new QCheckBox(tr("Trim silence"), this);
  trim_->setObjectName(QStringLiteral("exportTrim"));
  trim_->setToolTip(tr("Cut long silence at the start and end of exported files"));
  regenerate_ = new QPushButton(tr("&Regenerate segment"), this);
  regenerate_->setObjectName(QStringLiteral("regenerateSegment"));
  edit_ = new QPushButton(tr("E&dit segment…"), this);
  edit_->setObjectName(QStringLiteral("editSegment"));
  exportOne_ = new QPushButton(tr("&Export…"), this);
  exportOne_->setObjectName(QStringLiteral("exportTake"));
  exportAllButton_ = new QPushButton(tr("Export &all…"), this);
  exportAllButton_->setObjectName(QStringLiteral("exportAll"));
  exportTakeAction_ = new QAction(tr("&Export take…"), this);
  exportTakeAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  exportAllAction_ = new QAction(tr("Export &all takes…"), this);

  auto* transport = new QHBoxLayout;
  transport->addWidget(play_);
  transport->addWidget(seek_, 1);
  transport->addWidget(time_);
  transport->addWidget(output_);
  auto* exportRow = new QHBoxLayout;
  exportRow->addWidget(encoding_);
  exportRow->addWidget(rate_);
  exportRow->addWidget(pause_);
  exportRow->addWidget(loudness_);
  exportRow->addWidget(level_);
  exportRow->addWidget(trim_);
  exportRow->addStretch(1);
  // Actions on a row of their own: with the export settings beside them the
  // panel would be wider than a laptop screen.
  auto* actionRow = new QHBoxLayout;
  actionRow->addWidget(regenerate_);
  actionRow->addWidget(edit_);
  actionRow->addStretch(1);
  actionRow->addWidget(exportOne_);
  actionRow->addWidget(exportAllButton_);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(list_, 1);
  layout->addLayout(transport);
  layout->addLayout(exportRow);
  layout->addLayout(actionRow);

  connect(play_, &QPushButton::clicked, this, &HistoryPanel::playCurrent);
  connect(list_, &QTreeWidget::itemDoubleClicked, this, &HistoryPanel::playCurrent);
  connect(regenerate_, &QPushButton::clicked, this, &HistoryPanel::regenerateSegment);
  connect(edit_, &QPushButton::clicked, this, &HistoryPanel::editSegment);
  connect(exportOne_, &QPushButton::clicked, this, &HistoryPanel::exportCurrentWithDialog);
  connect(exportAllButton_, &QPushButton::clicked, this, &HistoryPanel::exportAll);
  connect(exportTakeAction_, &QAction::triggered, this, &HistoryPanel::exportCurrentWithDialog);
  connect(exportAllAction_, &QAction::triggered, this, &HistoryPanel::exportAll);
  // Released, the slider plays what it shows from where it was left.
  connect(seek_, &QSlider::sliderReleased, this, [this] {
    if (!playingHere()) {
      playing_ = currentIndex();
      playingSegment_ = currentSegment();
    }
    if (playing_ < 0 || playing_ >= takes_.size()) return;
    const int rate = takes_[playing_].sampleRate;
    player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
    if (player_->play(audioOf(playing_, playingSegment_), rate, qint64(seek_->value()) * rate / 1000))
      play_->setText(tr("Stop"));
  });
  connect(list_, &QTreeWidget::currentItemChanged, this, &HistoryPanel::showSelected);
  connect(list_, &QTreeWidget::currentItemChanged, this, &HistoryPanel::updateActions);
  updateActions();
  auto* playKey = new QAction(list_);
  playKey->setShortcut(Qt::Key_Space);
  playKey->setShortcutContext(Qt::WidgetShortcut);
  list_->addAction(playKey);
  connect(playKey, &QAction::triggered, this, &HistoryPanel::playCurrent);
  // Chosen here or in Settings, saved either way; the list follows devices
  // coming and going (the player reports both).
  connect(output_, &QComboBox::activated, this, [this] {
    const QByteArray id = output_->currentData().toByteArray();
    AppSettings::saveAudioOutput(id);
    player_->setOutputId(id);
  });
  const auto showOutputs = [this] {
    PcmPlayer::listOutputs(output_, player_->outputId());
    player_->guard(play_, true);
    player_->guard(output_, true);
  };
  connect(player_, &PcmPlayer::availabilityChanged, this, showOutputs);
  showOutputs();
  connect(player_, &PcmPlayer::positionChanged, this, [this](double seconds) {
    if (!playingHere()) return;
    if (!seek_->isSliderDown()) seek_->setValue(int(seconds * 1000));
    showPosition(seconds);
  });
  connect(player_, &PcmPlayer::finished, this, [this] {
    play_->setText(tr("Play"));
    // A stream stopped before its take was made leaves nothing to seek in.
    if (playing_ < 0) showSelected();
  });
}

bool HistoryPanel::playingHere() const {
  return player_->isPlaying() && player_->property("owner").value<QObject*>() == this;
}

bool HistoryPanel::streamingHere() const { return playing_ < 0 && playingHere(); }

void HistoryPanel::showPosition(double seconds) {
  // "…": the job still generates, and the length is that of the audio so far.
  const QString format = streamingHere() ? tr("%1 s of %2 s…") : tr("%1 s of %2 s");
  time_->setText(format.arg(seconds, 0, 'f', 1).arg(seek_->maximum() / 1000.0, 0, 'f', 1));
}

void HistoryPanel::streamAudio(quint64 jobId, const QVector<float>& samples, int sampleRate) {
  if (jobId != streamJob_) {
    streamJob_ = jobId;
    streamFrames_ = 0;
    player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
    if (!player_->startStream(sampleRate)) return;
    playing_ = playingSegment_ = -1;
    play_->setText(tr("Stop"));
  }
  if (!streamingHere()) return;  // stopped, or other audio plays now
  player_->append(samples);
  streamFrames_ += samples.size();
  seek_->setMaximum(int(streamFrames_ * 1000 / sampleRate));
  showPosition(player_->positionSeconds());
}

void HistoryPanel::stopStream(quint64 jobId) {
  if (jobId == streamJob_ && streamingHere()) player_->stop();  // finished() resets the transport
}

void HistoryPanel::updateActions() {
  const int index = currentIndex();
  const bool selected = index >= 0;
  const bool hasText = selected && takes_[index].spec.settings.mode != Mode::VoiceConversion;
  const QString noTake = takes_.isEmpty() ? tr("No takes yet: generate one first") : tr("Select a take first");
  const QString noText = selected ? tr("A voice conversion has no text to make again") : noTake;
  const auto offer = [](QObject* control, bool enabled, const QString& what, const QString& whyNot) {
    control->setProperty("enabled", enabled);
    control->setProperty("toolTip", enabled ? what : whyNot);
  };
  offer(regenerate_, hasText, tr("Make the selected segment (or one of the selected take's) again with a new seed"),
        noText);
  offer(edit_, hasText, tr("Change the text of the selected segment and make it again"), noText);
  const QString exportTip = tr("Save the selected take as WAV with a JSON file of its settings (Ctrl+E)");
  offer(exportOne_, selected, exportTip, noTake);
  offer(exportTakeAction_, selected, exportTip, noTake);
  const QString exportAllTip = tr("Save every take in the list to a folder");
  offer(exportAllButton_, !takes_.isEmpty(), exportAllTip, tr("No takes yet: generate one first"));
  offer(exportAllAction_, !takes_.isEmpty(), exportAllTip, tr("No takes yet: generate one first"));
}

void HistoryPanel::showSelected() {
  if (playingHere()) return;  // the transport follows what plays
  const int index = currentIndex();
  const qint64 ms = index < 0 ? 0
                              : qint64(audioOf(index, currentSegment()).size()) * 1000 / takes_[index].sampleRate;
  seek_->setRange(0, int(ms));
  seek_->setValue(0);
  if (index < 0)
    time_->clear();
  else
    showPosition(0);
}

void HistoryPanel::addTake(const Take& take) {
  takes_ << take;
  const auto seconds = [&](qsizetype samples) { return tr("%1 s").arg(double(samples) / take.sampleRate, 0, 'f', 2); };
  auto* item = new QTreeWidgetItem(list_, {take.spec.text.simplified(), take.spec.voiceName, take.spec.instruction,
                                           QString::number(take.seed), seconds(take.samples.size()),
                                           QString::number(take.realTimeFactor, 'f', 2)});
  if (!take.warnings().isEmpty()) {
    // A run-away segment: the user should listen and maybe regenerate with another seed.
    item->setText(0, QStringLiteral("⚠ ") + item->text(0));
    item->setToolTip(0, take.warnings().join(QLatin1Char('\n')));
  }
  item->setToolTip(1, take.wavPath);
  // Memory around the job: allocated and reserved apart, since the caching allocator keeps what it freed.
  QString memory = tr("RAM %1 → %2").arg(formatBytes(take.memoryBefore.hostResident),
                                        formatBytes(take.memoryAfter.hostResident));
  if (take.memoryAfter.deviceTotal > 0)
    memory += tr("\nVRAM allocated %1 → %2, reserved %3 → %4")
                  .arg(formatBytes(take.memoryBefore.deviceAllocated), formatBytes(take.memoryAfter.deviceAllocated),
                       formatBytes(take.memoryBefore.deviceReserved), formatBytes(take.memoryAfter.deviceReserved));
  if (take.memoryAfter.hostResident > 0)  // not for takes read back from an earlier session
    for (const int column : {4, 5}) item->setToolTip(column, memory);
  if (take.segments.size() > 1)
    for (qsizetype i = 0; i < take.segments.size(); ++i) {
      const TakeSegment& segment = take.segments[i];
      QString status = segment.warnings.isEmpty() ? QString() : QStringLiteral("⚠ ");
      if (segment.regeneratedSeed) status += QStringLiteral("↻ ");
      auto* row = new QTreeWidgetItem(
          item, {tr("%1. %2").arg(i + 1).arg(status + segment.text), QString(), QString(),
                 QString::number(segment.regeneratedSeed.value_or(take.seed)), seconds(segment.samples.size())});
      QStringList tip = segment.warnings;
      if (segment.regeneratedSeed) tip << tr("Made again with seed %1").arg(*segment.regeneratedSeed);
      row->setToolTip(0, tip.join(QLatin1Char('\n')));
    }
  list_->setCurrentItem(item);
}

Take HistoryPanel::addFinishedTake(const Take& finished) {
  Take take = finished;
  int remade = -1;  // the segment made again, in a spliced take
  if (const Take* whole = this->take(finished.spec.regenerates))
    if (const std::optional<Take> spliced = spliceRegeneratedSegment(*whole, finished)) {
      take = *spliced;
      remade = finished.spec.replacesSegment;
    }
  addTake(take);
  if (finished.jobId == streamJob_ && streamingHere()) {
    playing_ = int(takes_.size()) - 1;
    playingSegment_ = remade;
    player_->endStream();
    showPosition(player_->positionSeconds());  // the final length
  }
  return take;
}

int HistoryPanel::waitingForFile(quint64 jobId) const {
  for (int i = 0; i < takes_.size(); ++i)
    if (takes_[i].jobId == jobId && takes_[i].wavPath.isEmpty()) return i;
  return -1;
}

void HistoryPanel::markSaved(quint64 jobId, const QString& wavPath) {
  const int index = waitingForFile(jobId);
  if (index < 0) return;
  takes_[index].wavPath = wavPath;
  list_->topLevelItem(index)->setToolTip(1, wavPath);
}

void HistoryPanel::markUnsaved(quint64 jobId, const QString& why) {
  const int index = waitingForFile(jobId);
  if (index < 0) {  // the list was read again from another folder meanwhile
    emit errorOccurred(why);
    return;
  }
  const QString kept = tr("The take stays in this list until you quit: export it (File → Export take…) to keep it.");
  list_->topLevelItem(index)->setToolTip(1, why + QLatin1Char('\n') + kept);
  emit errorOccurred(tr("Take #%1 could not be saved in the outputs folder.\n%2\n%3").arg(jobId).arg(why, kept));
}

void HistoryPanel::clear() {
  if (player_->property("owner").value<QObject*>() == this) player_->stop();
  play_->setText(tr("Play"));
  takes_.clear();
  list_->clear();
  playing_ = playingSegment_ = -1;
}

const Take* HistoryPanel::take(quint64 jobId) const {
  for (const Take& take : takes_)
    if (take.jobId == jobId) return &take;
  return nullptr;
}

int HistoryPanel::currentIndex() const {
  QTreeWidgetItem* item = list_->currentItem();
  if (!item) return -1;
  return list_->indexOfTopLevelItem(item->parent() ? item->parent() : item);
}

int HistoryPanel::currentSegment() const {
  QTreeWidgetItem* item = list_->currentItem();
  return item && item->parent() ? item->parent()->indexOfChild(item) : -1;
}

const QVector<float>& HistoryPanel::audioOf(int take, int segment) const {
  return segment < 0 ? takes_[take].samples : takes_[take].segments[segment].samples;
}

ExportFormat HistoryPanel::exportFormat() const {
  ExportFormat format;
  const int key = encoding_->currentData().toInt();
  format.file = audio::FileFormat(key / kFormatKeyBase);
  format.encoding = audio::WavEncoding(key % kFormatKeyBase);
  format.sampleRate = rate_->currentData().toInt();
  format.pauseSeconds = pause_->currentData().toDouble();
  if (loudness_->currentData().isValid()) format.loudnessLufs = loudness_->currentData().toDouble();
  format.levelSegments = level_->isChecked();
  format.trimSilence = trim_->isChecked();
  return format;
}

void HistoryPanel::setExportFormat(const ExportFormat& format) {
  encoding_->setCurrentIndex(std::max(0, encoding_->findData(formatKey(format.file, format.encoding))));
  rate_->setCurrentIndex(std::max(0, rate_->findData(format.sampleRate)));
  pause_->setCurrentIndex(std::max(0, pause_->findData(format.pauseSeconds)));
  loudness_->setCurrentIndex(
      format.loudnessLufs ? std::max(0, loudness_->findData(*format.loudnessLufs)) : 0);
  level_->setChecked(format.levelSegments);
  trim_->setChecked(format.trimSilence);
}

QString HistoryPanel::masteringNote(const audio::MasteringReport& mastering, std::optional<double> target) const {
  if (target && mastering.loudnessAfter) {
    const QString reached = tr(" at %1 LUFS").arg(*mastering.loudnessAfter, 0, 'f', 1);
    if (mastering.peakLimited)
      return reached + tr(", %1 dB short of the %2 LUFS target: its peaks would have needed more than %3 dB of "
                          "limiting")
                           .arg(mastering.heldBackDb, 0, 'f', 1)
                           .arg(*target, 0, 'f', 0)
                           .arg(audio::kMaxLimitingDb, 0, 'f', 0);
    if (mastering.limitedDb > 0)
      return reached + tr(", peaks limited by up to %1 dB").arg(mastering.limitedDb, 0, 'f', 1);
    return reached;
  }
  return mastering.peakLimited ? tr(", turned down %1 dB so that it does not clip").arg(mastering.heldBackDb, 0, 'f', 1)
                               : QString();
}

void HistoryPanel::playCurrent() {
  const int index = currentIndex();
  const int segment = currentSegment();
  if (playingHere()) {
    // Stop stops what plays; with another take selected, that one plays next.
    const bool stopOnly = streamingHere() || (index == playing_ && segment == playingSegment_);
    player_->stop();
    play_->setText(tr("Play"));
    if (stopOnly) return;
  }
  if (index < 0) return;
  playing_ = index;
  playingSegment_ = segment;
  const QVector<float>& samples = audioOf(index, segment);
  const int rate = takes_[index].sampleRate;
  seek_->setRange(0, int(qint64(samples.size()) * 1000 / rate));
  player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
  if (player_->play(samples, rate)) play_->setText(tr("Stop"));
}

bool HistoryPanel::exportCurrent(const QString& path) {
  const int index = currentIndex();
  if (index < 0) {
    emit errorOccurred(tr("Select a take to export."));
    return false;
  }
  return startExport({{takes_[index], path}}, [this, path](const ExportOutcome& outcome) {
    emit message(tr("Exported %1").arg(path) + masteringNote(outcome.last, outcome.format.loudnessLufs));
  });
}

bool HistoryPanel::startExport(QVector<QPair<Take, QString>> files,
                               std::function<void(const ExportOutcome&)> onDone) {
  if (exportRunning_) {
    emit message(tr("An export is still being written; try again when it is done."));
    return false;
  }
  // Resampling, limiting and writing a long take take seconds: on a pool
  // thread, with copies of the takes, so the window stays responsive.
  const ExportFormat format = exportFormat();
  exportRunning_ = true;
  exporting_->disconnect(this);
  connect(exporting_, &QFutureWatcher<ExportOutcome>::finished, this, [this, onDone = std::move(onDone)] {
    exportRunning_ = false;
    const ExportOutcome outcome = exporting_->result();
    if (!outcome.error.isEmpty())
      emit errorOccurred(outcome.error);
    else
      onDone(outcome);
    emit exportsFinished();
  });
  exporting_->setFuture(QtConcurrent::run([files = std::move(files), format] {
    ExportOutcome outcome;
    outcome.format = format;
    try {
      for (const auto& [take, path] : files) {
        outcome.last = exportTake(take, path, format);
        outcome.heldBack += outcome.last.peakLimited ? 1 : 0;
        ++outcome.done;
      }
    } catch (const std::exception& e) {
      outcome.error = errorText(e);
    }
    return outcome;
  }));
  return true;
}

void HistoryPanel::exportCurrentWithDialog() {
  const int index = currentIndex();
  if (index < 0) return;
  const audio::FileFormat file = exportFormat().file;
  const QString suffix = QString::fromLatin1(audio::fileSuffix(file));
  const QString suggested =
      (takes_[index].wavPath.isEmpty() ? QStringLiteral("take") : QFileInfo(takes_[index].wavPath).completeBaseName()) +
      suffix;
  const QString path = chooseSavePath(this, tr("Export take"), FileKind::Export, suggested,
                                      tr("%1 files (*%2)").arg(encoding_->currentText().section(QLatin1Char(' '), 0, 0), suffix));
  if (!path.isEmpty()) exportCurrent(path);
}

int HistoryPanel::segmentToRegenerate() {
  const int index = currentIndex();
  if (index < 0) return -1;
  const Take& take = takes_[index];
  if (take.spec.settings.mode == Mode::VoiceConversion) {
    emit errorOccurred(tr("A voice conversion has no text to make again; convert the source clip again instead."));
    return -1;
  }
  if (currentSegment() >= 0 || take.segments.size() == 1) return std::max(0, currentSegment());
  bool ok = false;
  const int segment = QInputDialog::getInt(this, tr("Regenerate segment"),
                                           tr("Segment (1 to %1):").arg(take.segments.size()), 1, 1,
                                           int(take.segments.size()), 1, &ok);
  return ok ? segment - 1 : -1;
}

void HistoryPanel::regenerateSegment() {
  const int segment = segmentToRegenerate();
  if (segment < 0) return;
  const Take& take = takes_[currentIndex()];
  emit regenerateRequested(take, segment, take.segments[segment].text);
}

void HistoryPanel::editSegment() {
  const int segment = segmentToRegenerate();
  if (segment < 0) return;
  const Take& take = takes_[currentIndex()];
  bool ok = false;
  const QString text = QInputDialog::getMultiLineText(this, tr("Edit segment"),
                                                      tr("Text of segment %1, made again when you press OK:")
                                                          .arg(segment + 1),
                                                      take.segments[segment].text, &ok)
                           .trimmed();
  if (ok && !text.isEmpty()) emit regenerateRequested(take, segment, text);
}

void HistoryPanel::exportAll() {
  if (takes_.isEmpty()) return;
  const QString folder = chooseFolder(this, tr("Export all takes to"), FileKind::Export);
  if (folder.isEmpty()) return;
  QVector<QPair<Take, QString>> files;
  for (const Take& take : takes_) {
    const QString name = (take.wavPath.isEmpty() ? QStringLiteral("take-%1").arg(take.jobId)
                                                 : QFileInfo(take.wavPath).completeBaseName()) +
                         QString::fromLatin1(audio::fileSuffix(exportFormat().file));
    files.append({take, QDir(folder).filePath(name)});
  }
  startExport(std::move(files), [this, folder](const ExportOutcome& outcome) {
    const QString held = outcome.format.loudnessLufs
                             ? tr("; %n short of the loudness target (see each file's sidecar)", nullptr,
                                  outcome.heldBack)
                             : tr("; %n turned down so as not to clip", nullptr, outcome.heldBack);
    emit message(tr("Exported %n take(s) to %1", nullptr, outcome.done).arg(folder) +
                 (outcome.heldBack > 0 ? held : QString()));
  });
}

}  // namespace cosystudio::ui
