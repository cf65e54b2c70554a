// The outputs folder: every take is written there as a WAV with a sidecar JSON
// of its settings, atomically, and takes older than the retention are removed.
#pragma once

#include "job.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/loudness.h"

#include <QString>

namespace cosystudio::ui {

struct ExportFormat {
  audio::WavEncoding encoding = audio::WavEncoding::PCM16;
  int sampleRate = 24000;  // 24000 = the model's own rate; 44100/48000 are resampled
  double pauseSeconds = 0;  // silence between segments (the take itself joins them with a crossfade only)
  std::optional<double> loudnessLufs;  // e.g. -16; none = as generated (only kept from clipping)
  bool levelSegments = false;          // each segment to the same loudness before the join
  bool trimSilence = false;            // long silence at the ends cut to kTrimMarginSeconds
};

inline constexpr double kTrimMarginSeconds = 0.1;

class TakeStore {
 public:
  // Default: <AppDataLocation>/outputs.
  explicit TakeStore(QString folder = {});

  const QString& folder() const { return folder_; }
  // Writes take.wav + take.json into the folder; returns the WAV path and sets
  // take.wavPath. Throws std::runtime_error with a readable message.
  QString save(Take& take) const;
  // Every take in the folder (WAV + sidecar), oldest first, with its segments:
  // the history of earlier sessions. A pair that cannot be read is skipped and
  // named in `problems`.
  QVector<Take> load(QStringList* problems = nullptr) const;
  // Deletes takes older than `days` (0 = keep everything); returns how many.
  int applyRetention(int days) const;

  static QString defaultFolder();

 private:
  QString folder_;
};

// Writes `take` to `path` in `format` and its sidecar JSON next to it
// (path with .json); returns what mastering did (the peak guard always runs:
// nothing clips). Throws std::runtime_error with a readable message.
audio::MasteringReport exportTake(const Take& take, const QString& path, const ExportFormat& format);

// The settings of a take, as stored in its sidecar.
QByteArray sidecarJson(const Take& take, const ExportFormat& format, const audio::MasteringReport& mastering);

}  // namespace cosystudio::ui
