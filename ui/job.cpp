#include "job.h"

#include "cosystudio/audio/crossfade.h"

#include <QCoreApplication>

namespace cosystudio::ui {

QString modeName(Mode mode) {
  switch (mode) {
    case Mode::ZeroShot: return QCoreApplication::translate("Mode", "Zero-shot");
    case Mode::CrossLingual: return QCoreApplication::translate("Mode", "Cross-lingual");
    case Mode::Instruct: return QCoreApplication::translate("Mode", "Instruct");
    case Mode::VoiceConversion: return QCoreApplication::translate("Mode", "Voice conversion");
  }
  return {};
}

QString stageName(Stage stage) {
  switch (stage) {
    case Stage::Preparing: return QCoreApplication::translate("Stage", "preparing");
    case Stage::Text: return QCoreApplication::translate("Stage", "text");
    case Stage::SpeechTokens: return QCoreApplication::translate("Stage", "speech tokens");
    case Stage::Mel: return QCoreApplication::translate("Stage", "mel");
    case Stage::Waveform: return QCoreApplication::translate("Stage", "waveform");
    case Stage::Done: return QCoreApplication::translate("Stage", "done");
  }
  return {};
}

QString JobSpec::summary() const {
  QString shown = text.simplified();
  if (shown.size() > 40) shown = shown.left(39) + QChar(0x2026);
  const QString line = QCoreApplication::translate("JobSpec", "#%1 %2 · %3").arg(id).arg(modeName(mode), shown);
  return onlySegment < 0 ? line
                         : line + QCoreApplication::translate("JobSpec", " (segment %1)").arg(onlySegment + 1);
}

QStringList Take::segmentTexts() const {
  QStringList texts;
  for (const TakeSegment& segment : segments) texts << segment.text;
  return texts;
}

QStringList Take::warnings() const {
  QStringList all;
  for (const TakeSegment& segment : segments) all << segment.warnings;
  return all;
}

int Take::speechTokens() const {
  int tokens = 0;
  for (const TakeSegment& segment : segments) tokens += segment.speechTokens;
  return tokens;
}

std::optional<Take> spliceRegeneratedSegment(const Take& whole, const Take& redo) {
  const int index = redo.spec.onlySegment;
  if (redo.segments.size() != 1 || index < 0 || index >= whole.segments.size() ||
      redo.modelFolder != whole.modelFolder || redo.sampleRate != whole.sampleRate)
    return std::nullopt;
  Take spliced = whole;
  spliced.jobId = redo.jobId;
  spliced.created = redo.created;
  spliced.wavPath.clear();
  spliced.segments[index] = redo.segments.first();
  spliced.segments[index].regeneratedSeed = redo.seed;
  // Timings are those of the run that produced the new audio.
  spliced.firstAudioSeconds = redo.firstAudioSeconds;
  spliced.totalSeconds = redo.totalSeconds;
  spliced.realTimeFactor = redo.realTimeFactor;
  std::vector<float> joined;
  for (const TakeSegment& segment : spliced.segments)
    audio::appendWithCrossfade(joined, segment.samples.constData(), size_t(segment.samples.size()), spliced.sampleRate);
  spliced.samples = QVector<float>(joined.begin(), joined.end());
  return spliced;
}

}  // namespace cosystudio::ui
