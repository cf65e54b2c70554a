#include "take_transport.h"

#include "app_settings.h"
#include "history_panel.h"
#include "pcm_player.h"
#include "take_list_model.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>

#include <tuple>

// The row's words are the Takes dock's, translated in HistoryPanel's context.

namespace cosystudio::ui {

TakeTransport::TakeTransport(PcmPlayer* player, const TakeListModel* takes, Selection selected, QWidget* parent)
    : QWidget(parent), player_(player), takes_(takes), selected_(std::move(selected)) {
  setObjectName(QStringLiteral("takeTransport"));
  play_ = new QPushButton(HistoryPanel::tr("Play"), this);
  play_->setObjectName(QStringLiteral("playTake"));
  play_->setToolTip(HistoryPanel::tr("Play or stop the selected take (Space)"));
  seek_ = new QSlider(Qt::Horizontal, this);
  seek_->setObjectName(QStringLiteral("seek"));
  seek_->setToolTip(HistoryPanel::tr("Position in the take; drag to seek"));
  time_ = new QLabel(this);
  time_->setObjectName(QStringLiteral("playbackTime"));
  output_ = new QComboBox(this);
  output_->setObjectName(QStringLiteral("playbackOutput"));
  output_->setToolTip(HistoryPanel::tr("Where takes, clips and voices are played (also in Settings)"));
  // Device names are long: the list shows them whole, the box a start.
  output_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  output_->setMinimumContentsLength(14);

  // No margins of its own: the panel's layout spaces the row as it does its other rows.
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(play_);
  row->addWidget(seek_, 1);
  row->addWidget(time_);
  row->addWidget(output_);

  connect(play_, &QPushButton::clicked, this, &TakeTransport::playSelected);
  // Released, the slider plays what it shows from where it was left.
  connect(seek_, &QSlider::sliderReleased, this, [this] {
    if (!playingHere()) std::tie(playing_, playingSegment_) = selected_();
    if (playing_ < 0 || playing_ >= takes_->takes().size()) return;
    const int rate = takes_->takes()[playing_].sampleRate;
    player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
    if (player_->play(audioOf(playing_, playingSegment_), rate, qint64(seek_->value()) * rate / 1000))
      play_->setText(HistoryPanel::tr("Stop"));
  });
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
    play_->setText(HistoryPanel::tr("Play"));
    // A stream stopped before its take was made leaves nothing to seek in.
    if (playing_ < 0) showSelected();
  });
}

bool TakeTransport::playingHere() const {
  return player_->isPlaying() && player_->property("owner").value<QObject*>() == this;
}

bool TakeTransport::streamingHere() const { return playing_ < 0 && playingHere(); }

const QVector<float>& TakeTransport::audioOf(int take, int segment) const {
  return segment < 0 ? takes_->takes()[take].samples : takes_->takes()[take].segments[segment].samples;
}

void TakeTransport::showPosition(double seconds) {
  // "…": the job still generates, and the length is that of the audio so far.
  const QString format = streamingHere() ? HistoryPanel::tr("%1 s of %2 s…") : HistoryPanel::tr("%1 s of %2 s");
  time_->setText(format.arg(seconds, 0, 'f', 1).arg(seek_->maximum() / 1000.0, 0, 'f', 1));
}

void TakeTransport::playSelected() {
  const auto [index, segment] = selected_();
  if (playingHere()) {
    // Stop stops what plays; with another take selected, that one plays next.
    const bool stopOnly = streamingHere() || (index == playing_ && segment == playingSegment_);
    player_->stop();
    play_->setText(HistoryPanel::tr("Play"));
    if (stopOnly) return;
  }
  if (index < 0) return;
  playing_ = index;
  playingSegment_ = segment;
  const QVector<float>& samples = audioOf(index, segment);
  const int rate = takes_->takes()[index].sampleRate;
  seek_->setRange(0, int(qint64(samples.size()) * 1000 / rate));
  player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
  if (player_->play(samples, rate)) play_->setText(HistoryPanel::tr("Stop"));
}

void TakeTransport::showSelected() {
  if (playingHere()) return;  // the transport follows what plays
  const auto [index, segment] = selected_();
  const qint64 ms = index < 0 ? 0 : qint64(audioOf(index, segment).size()) * 1000 / takes_->takes()[index].sampleRate;
  seek_->setRange(0, int(ms));
  seek_->setValue(0);
  if (index < 0)
    time_->clear();
  else
    showPosition(0);
}

void TakeTransport::streamAudio(quint64 jobId, const QVector<float>& samples, int sampleRate) {
  if (jobId != streamJob_) {
    streamJob_ = jobId;
    streamFrames_ = 0;
    player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
    if (!player_->startStream(sampleRate)) return;
    playing_ = playingSegment_ = -1;
    play_->setText(HistoryPanel::tr("Stop"));
  }
  if (!streamingHere()) return;  // stopped, or other audio plays now
  player_->append(samples);
  streamFrames_ += samples.size();
  seek_->setMaximum(int(streamFrames_ * 1000 / sampleRate));
  showPosition(player_->positionSeconds());
}

void TakeTransport::stopStream(quint64 jobId) {
  if (jobId == streamJob_ && streamingHere()) player_->stop();  // finished() resets the transport
}

void TakeTransport::streamBecameTake(quint64 jobId, int take, int segment) {
  if (jobId != streamJob_ || !streamingHere()) return;
  playing_ = take;
  playingSegment_ = segment;
  player_->endStream();
  showPosition(player_->positionSeconds());  // the final length
}

void TakeTransport::takeRemoved(int row) {
  if (playing_ == row && playingHere()) player_->stop();
  if (playing_ > row) --playing_;
}

void TakeTransport::takeInserted(int row) {
  if (playing_ >= row) ++playing_;
}

void TakeTransport::clear() {
  if (player_->property("owner").value<QObject*>() == this) player_->stop();
  play_->setText(HistoryPanel::tr("Play"));
  playing_ = playingSegment_ = -1;
}

}  // namespace cosystudio::ui
