// Plays mono float PCM through QAudioSink in push mode, either a whole take or
// a stream that grows while it plays. QMediaPlayer is not used: its GStreamer
// backend drops the start of short clips.
#pragma once

#include <QAudioDevice>
#include <QObject>
#include <QVector>

class QAudioSink;
class QComboBox;
class QMediaDevices;
class QWidget;
class QIODevice;
class QTimer;

namespace cosystudio::ui {

class PcmPlayer : public QObject {
  Q_OBJECT

 public:
  explicit PcmPlayer(QObject* parent = nullptr);
  ~PcmPlayer() override;

  // The output chosen in Settings (QAudioDevice::id()); empty, or a device that
  // is gone: the system's default.
  void setOutputId(const QByteArray& id);
  QByteArray outputId() const { return outputId_; }
  QAudioDevice output() const;
  // Fills `box` with "System default" and the outputs there are, their ids as
  // item data, and selects `chosen` (the default when it is not there).
  static void listOutputs(QComboBox* box, const QByteArray& chosen);
  // Why nothing can be played (no output device), or empty.
  QString unavailableReason() const;
  // Disables `control` (a Play button) with the reason as its tooltip while no
  // output exists; `enabled` says whether it would be enabled otherwise.
  void guard(QWidget* control, bool enabled) const;

  // Plays frames [from, to) of `samples` (to < 0: to the end). False when the
  // output cannot be opened (said once through error()).
  bool play(const QVector<float>& samples, int sampleRate, qint64 from = 0, qint64 to = -1);
  // Streaming: start, append chunks as they come, then end.
  bool startStream(int sampleRate);
  void append(const QVector<float>& samples);
  void endStream();

  void stop();
  bool isPlaying() const { return sink_ != nullptr; }
  // Position in the played audio, in seconds from the start of `samples`.
  double positionSeconds() const;

 signals:
  void positionChanged(double seconds);
  // Playback ended: played out, stopped, or replaced by the next play().
  void finished();
  // Once per outage, not on every attempt: the caller shows it without a modal.
  void error(const QString& message);
  // Outputs were added or removed, or another was chosen; unavailableReason()
  // and output() may have changed.
  void availabilityChanged();

 private:
  bool open(int sampleRate);
  void pump();
  void checkOutputs();  // availabilityChanged() when outputs came or went

  QMediaDevices* devices_;
  QList<QAudioDevice> outputs_;  // as last seen
  QByteArray outputId_;
  bool outageReported_ = false;
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
