#include "pcm_player.h"

#include "audio_streams.h"

#include "cosystudio/audio/clip.h"

#include <QAudioSink>
#include <QComboBox>
#include <QDateTime>
#include <QMediaDevices>
#include <QSignalBlocker>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cstring>
#include <utility>

namespace cosystudio::ui {

namespace {

// QAudioSink reports Idle while about 0.2 s is still queued in the device:
// stopping at Idle cuts the tail, so playback ends this long after it.
constexpr qint64 kDrainMs = 300;

}  // namespace

PcmPlayer::PcmPlayer(QObject* parent)
    : QObject(parent), devices_(new QMediaDevices(this)), outputs_(QMediaDevices::audioOutputs()) {
  connect(devices_, &QMediaDevices::audioOutputsChanged, this, &PcmPlayer::checkOutputs);
  // Qt 6.4's PulseAudio backend keeps the list current but never emits
  // audioOutputsChanged (fixed upstream in 2023): the list is compared too.
  auto* poll = new QTimer(this);
  connect(poll, &QTimer::timeout, this, &PcmPlayer::checkOutputs);
  poll->start(2000);
  timer_ = new QTimer(this);
  timer_->setInterval(20);
  connect(timer_, &QTimer::timeout, this, &PcmPlayer::pump);
}

PcmPlayer::~PcmPlayer() {
  const QSignalBlocker quiet(this);  // no finished() to panels being torn down
  stop();
}

void PcmPlayer::checkOutputs() {
  const QList<QAudioDevice> outputs = QMediaDevices::audioOutputs();
  if (outputs == outputs_) return;
  outputs_ = outputs;
  if (!output().isNull()) outageReported_ = false;
  emit availabilityChanged();
}

void PcmPlayer::setOutputId(const QByteArray& id) {
  outputId_ = id;
  emit availabilityChanged();
}

QAudioDevice PcmPlayer::output() const {
  for (const QAudioDevice& device : QMediaDevices::audioOutputs())
    if (!outputId_.isEmpty() && device.id() == outputId_) return device;
  return QMediaDevices::defaultAudioOutput();
}

void PcmPlayer::listOutputs(QComboBox* box, const QByteArray& chosen) {
  box->clear();
  box->addItem(tr("System default"), QByteArray());
  for (const QAudioDevice& device : QMediaDevices::audioOutputs()) box->addItem(device.description(), device.id());
  box->setCurrentIndex(std::max(0, box->findData(chosen)));
}

QString PcmPlayer::unavailableReason() const {
  return output().isNull() ? tr("No audio output device is available: connect speakers or headphones.") : QString();
}

void PcmPlayer::guard(QWidget* control, bool enabled) const {
  // The control's own tooltip comes back when the output does.
  if (!control->property("playToolTip").isValid()) control->setProperty("playToolTip", control->toolTip());
  const QString reason = unavailableReason();
  control->setEnabled(enabled && reason.isEmpty());
  control->setToolTip(reason.isEmpty() ? control->property("playToolTip").toString() : reason);
}

bool PcmPlayer::open(int sampleRate) {
  stop();
  const QAudioDevice device = output();
  if (device.isNull()) {
    if (!std::exchange(outageReported_, true)) emit error(unavailableReason());
    return false;
  }
  QAudioFormat format;
  format.setSampleFormat(QAudioFormat::Float);
  format.setSampleRate(sampleRate);
  format.setChannelCount(1);
  if (!device.isFormatSupported(format)) {
    // Mono/stereo-only devices and fixed-rate devices: follow the device.
    format = device.preferredFormat();
    format.setSampleFormat(QAudioFormat::Float);
    if (!device.isFormatSupported(format)) format = device.preferredFormat();
  }
  sourceRate_ = sampleRate;
  deviceRate_ = format.sampleRate();
  channels_ = format.channelCount();
  sink_ = new QAudioSink(device, format, this);
  sink_->setBufferSize(format.bytesForDuration(200000));
  out_ = sink_->start();
  if (!out_) {
    delete sink_;
    sink_ = nullptr;
    emit error(tr("The audio output device could not be opened."));
    return false;
  }
  drainingSinceMs_ = -1;
  timer_->start();
  return true;
}

bool PcmPlayer::play(const QVector<float>& samples, int sampleRate, qint64 from, qint64 to) {
  if (to < 0 || to > samples.size()) to = samples.size();
  from = std::clamp<qint64>(from, 0, to);
  if (!open(sampleRate)) return false;
  startFrame_ = from;
  streamEnded_ = false;
  append(samples.mid(from, to - from));
  endStream();
  return true;
}

bool PcmPlayer::startStream(int sampleRate) {
  if (!open(sampleRate)) return false;
  startFrame_ = 0;
  streamEnded_ = false;
  return true;
}

void PcmPlayer::append(const QVector<float>& samples) {
  if (!sink_ || samples.isEmpty()) return;
  const QAudioFormat format = sink_->format();
  std::vector<float> mono(samples.begin(), samples.end());
  if (deviceRate_ != sourceRate_) {
    audio::Clip clip;
    clip.sampleRate = sourceRate_;
    clip.channels.push_back(std::move(mono));
    mono = audio::resampleForUser(clip, deviceRate_).channels.front();
  }
  const int bytesPerSample = format.bytesPerSample();
  QByteArray bytes(qsizetype(mono.size()) * channels_ * bytesPerSample, Qt::Uninitialized);
  char* out = bytes.data();
  for (float value : mono) {
    value = std::clamp(value, -1.0f, 1.0f);
    for (int c = 0; c < channels_; ++c) {
      switch (format.sampleFormat()) {
        case QAudioFormat::Float: std::memcpy(out, &value, 4); break;
        case QAudioFormat::Int32: {
          const qint32 v = qint32(value * 2147483647.0);
          std::memcpy(out, &v, 4);
          break;
        }
        case QAudioFormat::UInt8: *reinterpret_cast<quint8*>(out) = quint8(128 + value * 127); break;
        default: {
          const qint16 v = qint16(value * 32767.0f);
          std::memcpy(out, &v, 2);
        }
      }
      out += bytesPerSample;
    }
  }
  pending_ += bytes;
  pump();
}

void PcmPlayer::endStream() {
  streamEnded_ = true;
  pump();
}

void PcmPlayer::pump() {
  if (!sink_) return;
  if (!pending_.isEmpty()) {
    const qint64 free = sink_->bytesFree();
    const qint64 frameBytes = sink_->format().bytesPerFrame();
    const qint64 n = std::min<qint64>(free - free % frameBytes, pending_.size());
    if (n > 0) {
      out_->write(pending_.constData(), n);
      pending_.remove(0, n);
    }
  }
  emit positionChanged(positionSeconds());
  if (streamEnded_ && pending_.isEmpty()) {
    const bool drained = sink_->bytesFree() >= sink_->bufferSize() ||
                         sink_->state() == QAudio::IdleState;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (drained && drainingSinceMs_ < 0) drainingSinceMs_ = now;
    if (drainingSinceMs_ >= 0 && now - drainingSinceMs_ >= kDrainMs) stop();
  }
}

double PcmPlayer::positionSeconds() const {
  if (!sink_ || sourceRate_ <= 0) return 0;
  return double(startFrame_) / sourceRate_ + sink_->processedUSecs() / 1e6;
}

void PcmPlayer::stop() {
  timer_->stop();
  pending_.clear();
  if (!sink_) return;
  QAudioSink* sink = std::exchange(sink_, nullptr);
  out_ = nullptr;
  sink->stop();
  noteAudioStreamStopped();
  // Deleted now, not with deleteLater: Qt 6.4's PulseAudio sink runs the event
  // loop in its destructor, which then delivered a pending deleteLater to the
  // sink being destroyed (a double delete when its parent went first). Nothing
  // is connected to the sink, so no signal of it can still be on the stack.
  delete sink;
  emit finished();
}

}  // namespace cosystudio::ui
