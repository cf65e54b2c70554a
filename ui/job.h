// What the window asks the engine to do, and what comes back: plain values
// that travel between the GUI thread and the engine thread by queued signals.
#pragma once

#include "cosystudio/engine.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

namespace cosystudio::ui {

// One synthesis request as the user set it up.
struct JobSpec {
  quint64 id = 0;
  Mode mode = Mode::ZeroShot;
  QString text;
  QString instruction;     // body only; the engine adds the CosyVoice3 wrapping
  QString clipPath;        // prompt clip as the engine should read it (already trimmed)
  QString transcript;      // zero-shot only
  QString voiceFile;       // a saved voice; when set, clipPath/transcript are not used
  QString voiceName;       // for display and the take's metadata
  QString sourceClipPath;  // voice conversion only
  double speed = 1.0;
  quint64 seed = 0;
  bool stream = false;
  bool normalize = true;
  int onlySegment = -1;  // regenerate just this segment (0-based); -1 = the whole text

  QString summary() const;  // one line for the queue
};

// A finished synthesis: the audio and everything needed to reproduce it.
struct Take {
  quint64 jobId = 0;
  JobSpec spec;
  QVector<float> samples;
  int sampleRate = 24000;
  QStringList segmentTexts;  // the texts the model received
  QString modelFolder;       // the model that made it
  QStringList warnings;      // e.g. a segment that ran to its token cap (probable babble)
  quint64 seed = 0;          // the seed actually used
  double firstAudioSeconds = 0;
  double totalSeconds = 0;
  double realTimeFactor = 0;
  int speechTokens = 0;
  QDateTime created;
  QString wavPath;  // set once written to the outputs folder

  double durationSeconds() const {
    return sampleRate > 0 ? double(samples.size()) / sampleRate : 0.0;
  }
};

// Which model to load and where it should run.
struct ModelChoice {
  QString folder;
  Device device;
  Precision precision = Precision::Float32;
};

QString modeName(Mode mode);
QString stageName(Stage stage);

}  // namespace cosystudio::ui

Q_DECLARE_METATYPE(cosystudio::ui::JobSpec)
Q_DECLARE_METATYPE(cosystudio::ui::Take)
Q_DECLARE_METATYPE(cosystudio::ui::ModelChoice)
Q_DECLARE_METATYPE(cosystudio::Progress)
Q_DECLARE_METATYPE(cosystudio::MemoryStats)
Q_DECLARE_METATYPE(cosystudio::ResetReport)
