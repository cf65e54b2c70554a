// Records a prompt clip from a microphone with QAudioSource. The source
// delivers nothing for about a second after start(), so it is opened when the
// user arms recording, the take counts from the first buffer, and it stops by
// sample count rather than by a timer.
#pragma once

#include <QAudioDevice>
#include <QAudioFormat>
#include <QObject>
#include <QVector>

class QAudioSource;
class QIODevice;

namespace cosystudio::ui {

class ClipRecorder : public QObject {
  Q_OBJECT

 public:
  static constexpr double kMinSeconds = 3.0;
  static constexpr double kMaxSeconds = 30.0;

  explicit ClipRecorder(QObject* parent = nullptr);
  ~ClipRecorder() override;

  bool start(const QAudioDevice& device);
  // Ends the take; finished() follows with what was recorded.
  void stop();
  bool isRecording() const { return source_ != nullptr; }
  double recordedSeconds() const;

 signals:
  void level(float peak);  // 0..1 of the latest buffer
  void progress(double seconds);
  void finished(const QVector<float>& samples, int sampleRate);
  void error(const QString& message);

 private:
  void readAvailable();
  // Appends a buffer (mixed to mono); false once the maximum length is reached.
  bool consume(const QByteArray& bytes);

  QAudioSource* source_ = nullptr;
  QIODevice* in_ = nullptr;
  QAudioFormat format_;
  QVector<float> samples_;
};

}  // namespace cosystudio::ui
