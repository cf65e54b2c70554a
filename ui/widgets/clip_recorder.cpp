#include "clip_recorder.h"

#include "audio_streams.h"

#include <QAudioSource>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace cosystudio::ui {

ClipRecorder::ClipRecorder(QObject* parent) : QObject(parent) {}

ClipRecorder::~ClipRecorder() {
  if (!source_) return;
  source_->stop();
  noteAudioStreamStopped();
  delete source_;  // not inside its signals here
}

bool ClipRecorder::start(const QAudioDevice& device) {
  if (source_ || device.isNull()) {
    if (device.isNull()) emit error(tr("No microphone is available."));
    return false;
  }
  format_ = device.preferredFormat();
  format_.setChannelCount(1);
  format_.setSampleFormat(QAudioFormat::Int16);
  if (!device.isFormatSupported(format_)) format_ = device.preferredFormat();
  samples_.clear();
  // No parent: it is stopped with deleteLater (stop() may run inside its own
  // readyRead), and a parent deleting it directly while that is pending made
  // Qt 6.4 destroy it twice (its destructor runs the event loop).
  source_ = new QAudioSource(device, format_);
  in_ = source_->start();
  if (!in_) {
    delete source_;
    source_ = nullptr;
    emit error(tr("The microphone could not be opened."));
    return false;
  }
  connect(in_, &QIODevice::readyRead, this, &ClipRecorder::readAvailable);
  return true;
}

double ClipRecorder::recordedSeconds() const {
  return format_.sampleRate() > 0 ? double(samples_.size()) / format_.sampleRate() : 0;
}

void ClipRecorder::readAvailable() {
  if (!in_) return;
  if (!consume(in_->readAll())) stop();
}

bool ClipRecorder::consume(const QByteArray& bytes) {
  const int channels = std::max(1, format_.channelCount());
  const int bytesPerSample = format_.bytesPerSample();
  const qsizetype frames = bytes.size() / (bytesPerSample * channels);
  const qint64 maxFrames = qint64(kMaxSeconds * format_.sampleRate());
  float peak = 0;
  for (qsizetype f = 0; f < frames && samples_.size() < maxFrames; ++f) {
    float sum = 0;
    for (int c = 0; c < channels; ++c) {
      const char* p = bytes.constData() + (f * channels + c) * bytesPerSample;
      sum += format_.normalizedSampleValue(p);
    }
    const float value = sum / channels;
    peak = std::max(peak, std::abs(value));
    samples_ << value;
  }
  emit level(peak);
  emit progress(recordedSeconds());
  return samples_.size() < maxFrames;
}

void ClipRecorder::stop() {
  if (!source_) return;
  QAudioSource* source = std::exchange(source_, nullptr);
  consume(std::exchange(in_, nullptr)->readAll());
  source->stop();
  noteAudioStreamStopped();
  source->deleteLater();
  emit finished(samples_, format_.sampleRate());
}

}  // namespace cosystudio::ui
