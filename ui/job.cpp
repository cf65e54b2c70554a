#include "job.h"

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

}  // namespace cosystudio::ui
