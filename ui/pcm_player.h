// Plays mono float PCM through QAudioSink in push mode, either a whole take or
// a stream that grows while it plays. QMediaPlayer is not used: its GStreamer
// backend drops the start of short clips.
#pragma once

#include <QAudioDevice>
#include <QObject>
#include <QVector>

class QAudioSink;
class QIODevice;
class QTimer;

namespace cosystudio::ui {

class PcmPlayer : public QObject {
  Q_OBJECT

 public:
  explicit PcmPlayer(QObject* parent = nullptr);
  ~PcmPlayer() override;

  void setDevice(const QAudioDevice& device) { device_ = device; }

  // Plays frames [from, to) of `samples` (to < 0: to the end).
  void play(const QVector<float>& samples, int sampleRate, qint64 from = 0, qint64 to = -1);
  // Streaming: start, append chunks as they come, then end.
  void startStream(int sampleRate);
  void append(const QVector<float>& samples);
  void endStream();

  void stop();
  bool isPlaying() const { return sink_ != nullptr; }
  // Position in the played audio, in seconds from the start of `samples`.
  double positionSeconds() const;

 signals:
  void positionChanged(double seconds);
  void finished();
  void error(const QString& message);

 private:
  bool open(int sampleRate);
  void pump();

  QAudioDevice device_;
  QAudioSink* sink_ = nullptr;
  QIODevice* out_ = nullptr;
  QTimer* timer_ = nullptr;
  QByteArray pending_;  // converted bytes not yet accepted by the sink
  int sourceRate_ = 0;
  int deviceRate_ = 0;
  int channels_ = 1;
  qint64 startFrame_ = 0;
  bool streamEnded_ = true;
  qint64 drainingSinceMs_ = -1;
};

}  // namespace cosystudio::ui
