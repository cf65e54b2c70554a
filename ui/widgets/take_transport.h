// The transport row of the Takes dock (HistoryPanel): play/stop, the seek
// slider, the time and the output device. It plays a take of the list, one of
// its segments, or the stream of a job still generating, on the player the
// other panels share, and follows the player only while what plays is its own.
#pragma once

#include <QVector>
#include <QWidget>

#include <functional>
#include <utility>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

namespace cosystudio::ui {

class PcmPlayer;
class TakeListModel;

class TakeTransport : public QWidget {
  Q_OBJECT

 public:
  // The take and segment the list has selected (HistoryPanel::currentIndex()
  // and currentSegment()).
  using Selection = std::function<std::pair<int, int>()>;
  TakeTransport(PcmPlayer* player, const TakeListModel* takes, Selection selected, QWidget* parent = nullptr);

  // Plays the selected take (or segment); while something of its own plays,
  // stops it, and plays the selection next when another one is selected.
  void playSelected();
  // The selected take (or segment) from its start, unless what plays here is shown.
  void showSelected();
  // HistoryPanel::streamAudio() and stopStream().
  void streamAudio(quint64 jobId, const QVector<float>& samples, int sampleRate);
  void stopStream(quint64 jobId);
  // Job `jobId`'s take is in the list as `take` (`segment`: the segment made
  // again, or -1): a stream of the job plays on as that take.
  void streamBecameTake(quint64 jobId, int take, int segment);
  // What plays keeps its place as the list changes: take `row` leaves it
  // (stopped if it plays), or one comes in at `row`.
  void takeRemoved(int row);
  void takeInserted(int row);
  // The list is emptied: what plays here stops.
  void clear();

 private:
  bool playingHere() const;    // the player plays one of the takes, or a stream
  bool streamingHere() const;  // it plays the stream of a job still generating
  const QVector<float>& audioOf(int take, int segment) const;
  void showPosition(double seconds);

  PcmPlayer* player_;
  const TakeListModel* takes_;
  Selection selected_;
  QPushButton* play_;
  QSlider* seek_;
  QLabel* time_;
  QComboBox* output_;
  int playing_ = -1;         // take; -1 while a stream plays (its take is not made yet)
  int playingSegment_ = -1;  // its segment, or -1 for the whole take
  quint64 streamJob_ = 0;    // the job whose audio came last
  qint64 streamFrames_ = 0;  // of it so far
};

}  // namespace cosystudio::ui
