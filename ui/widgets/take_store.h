// The outputs folder: every take is written there as a WAV with a sidecar JSON
// of its settings, atomically, and takes older than the retention are removed.
#pragma once

#include "job.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/loudness.h"
#include "cosystudio/text/subtitles.h"

#include <QFuture>
#include <QObject>
#include <QString>
#include <QThreadPool>

namespace cosystudio::ui {

struct ExportFormat {
  audio::WavEncoding encoding = audio::WavEncoding::PCM16;  // WAV; FLAC takes its bit depth
  int sampleRate = 24000;  // 24000 = the model's own rate; 44100/48000 are resampled
  double pauseSeconds = 0;  // silence between segments (the take itself joins them with a crossfade only)
  std::optional<double> loudnessLufs;  // e.g. -16; none = as generated (only kept from clipping)
  bool levelSegments = false;          // each segment to the same loudness before the join
  bool trimSilence = false;            // long silence at the ends cut to kTrimMarginSeconds
  // The file a name without a known suffix gets (a name's own suffix decides otherwise).
  audio::FileFormat file = audio::FileFormat::Wav;
  // Subtitles beside the audio (NAME.srt or NAME.vtt): one cue per segment, the
  // user's words, timed by where each segment lies in the exported audio.
  std::optional<text::SubtitleFormat> subtitles;
};

inline constexpr double kTrimMarginSeconds = 0.1;

// Writing and removing files happens on a pool thread of the store's own,
// one task after another in the order asked, so the window never waits on the
// disk, two takes are never written at once and retention never races a write.
class TakeStore : public QObject {
  Q_OBJECT

 public:
  // Default: <appDataFolder()>/outputs.
  explicit TakeStore(const QString& folder = {}, QObject* parent = nullptr);
  // Waits for the writes still queued: a take finished just before quitting is kept.
  ~TakeStore() override;

  const QString& folder() const { return folder_; }
  // Takes saved from now on go to `folder` (empty: the default); those queued
  // still go where they were headed.
  void setFolder(const QString& folder);
  // Queues take.wav + take.json for the folder; ends in saved() or saveFailed().
  void save(const Take& take);
  // Every take in the folder (WAV + sidecar), oldest first, with its segments:
  // the history of earlier sessions. A pair that cannot be read is skipped and
  // named in `problems`. Waits for the queue first, so it reads what it holds.
  QVector<Take> load(QStringList* problems = nullptr);
  // Queues the removal of takes older than `days` (0 = keep everything); the
  // future holds how many were removed.
  QFuture<int> applyRetention(int days);

  static QString defaultFolder();

  // Writes the take's label into its sidecar (in the background); failed() says why not.
  void saveLabel(const Take& take);
  // Gives a saved take the number `jobId`, in its sidecar and its files' names
  // (a number two sessions of an earlier version both used); `error` says why
  // the files keep their names, and the take has the number all the same.
  bool renumber(Take* take, quint64 jobId, QString* error);
  // A take's files moved to the desktop's trash, and where they went.
  struct TrashedTake {
    QStringList originals;
    QStringList inTrash;
  };
  // Moves a saved take's WAV and sidecar (and an incomplete take's parts,
  // job_parts.h) to the trash, from where
  // restoreFromTrash() brings them back (Undo); `error` says why not.
  bool moveToTrash(const Take& take, TrashedTake* trashed, QString* error);
  bool restoreFromTrash(const TrashedTake& trashed, QString* error);

 signals:
  void failed(const QString& message);
  void saved(quint64 jobId, const QString& wavPath);
  // `message` names the file and says why, in the user's language.
  void saveFailed(quint64 jobId, const QString& message);

 private:
  QString folder_;
  QThreadPool queue_;  // one thread: the order of the calls is the order on disk
};

// Writes `take` to `path` in `format` and its sidecar JSON next to it
// (path with .json), and its subtitles when the format asks; returns what
// mastering did (the peak guard always runs: nothing clips). Throws
// std::runtime_error with a readable message.
audio::MasteringReport exportTake(const Take& take, const QString& path, const ExportFormat& format);

// The settings of a take, as stored in its sidecar (read back by takeFromFiles(), take_sidecar.h).
QByteArray sidecarJson(const Take& take, const ExportFormat& format, const audio::MasteringReport& mastering);

}  // namespace cosystudio::ui
