#include "session_state.h"

#include <QSettings>

namespace cosystudio::ui {

namespace {

constexpr char kText[] = "session/text";
constexpr char kRawText[] = "session/rawText";
constexpr char kReadNumbers[] = "session/readNumbers";
constexpr char kClip[] = "session/clip";
constexpr char kClipIn[] = "session/clipIn";
constexpr char kClipOut[] = "session/clipOut";
constexpr char kTranscript[] = "session/transcript";
constexpr char kVoice[] = "session/voice";
constexpr char kSourceClip[] = "session/sourceClip";
constexpr char kMode[] = "session/mode";
constexpr char kInstruction[] = "session/instruction";
constexpr char kSpeed[] = "session/speed";
constexpr char kSeed[] = "session/seed";
constexpr char kRandomSeed[] = "session/randomSeed";
constexpr char kStream[] = "session/stream";
constexpr char kEncoding[] = "export/encoding";
constexpr char kRate[] = "export/rate";
constexpr char kPauseSeconds[] = "export/pauseSeconds";
constexpr char kLoudnessLufs[] = "export/loudnessLufs";
constexpr char kLevelSegments[] = "export/levelSegments";
constexpr char kTrimSilence[] = "export/trimSilence";
constexpr char kWindowGeometry[] = "window/geometry";
constexpr char kWindowState[] = "window/state";
constexpr char kModelFolder[] = "engine/modelFolder";

QVariant value(const QSettings& s, const char* key, const QVariant& fallback = {}) {
  return s.value(QLatin1String(key), fallback);
}

}  // namespace

SessionState SessionState::load() {
  const QSettings s;
  SessionState state;
  const SessionState defaults;
  state.text = value(s, kText).toString();
  state.rawText = value(s, kRawText, defaults.rawText).toBool();
  state.readNumbers = value(s, kReadNumbers, defaults.readNumbers).toBool();
  state.clip = value(s, kClip).toString();
  state.clipIn = value(s, kClipIn, defaults.clipIn).toLongLong();
  state.clipOut = value(s, kClipOut, defaults.clipOut).toLongLong();
  state.transcript = value(s, kTranscript).toString();
  state.voice = value(s, kVoice).toString();
  state.sourceClip = value(s, kSourceClip).toString();
  // The style panel keeps a mode it does not know to its default.
  state.mode = Mode(value(s, kMode, int(defaults.mode)).toInt());
  state.instruction = value(s, kInstruction).toString();
  state.speed = value(s, kSpeed, defaults.speed).toDouble();
  state.seed = value(s, kSeed, defaults.seed).toULongLong();
  state.randomSeed = value(s, kRandomSeed, defaults.randomSeed).toBool();
  state.stream = value(s, kStream, defaults.stream).toBool();
  ExportFormat& format = state.exportFormat;
  format.encoding = audio::WavEncoding(value(s, kEncoding, int(format.encoding)).toInt());
  format.sampleRate = value(s, kRate, format.sampleRate).toInt();
  format.pauseSeconds = value(s, kPauseSeconds, format.pauseSeconds).toDouble();
  if (const QVariant lufs = value(s, kLoudnessLufs); lufs.isValid() && !lufs.isNull())
    format.loudnessLufs = lufs.toDouble();
  format.levelSegments = value(s, kLevelSegments, format.levelSegments).toBool();
  format.trimSilence = value(s, kTrimSilence, format.trimSilence).toBool();
  state.windowGeometry = value(s, kWindowGeometry).toByteArray();
  state.windowState = value(s, kWindowState).toByteArray();
  return state;
}

void SessionState::save() const {
  QSettings s;
  const auto set = [&s](const char* key, const QVariant& v) { s.setValue(QLatin1String(key), v); };
  set(kText, text);
  set(kRawText, rawText);
  set(kReadNumbers, readNumbers);
  set(kClip, clip);
  set(kClipIn, clipIn);
  set(kClipOut, clipOut);
  set(kTranscript, transcript);
  set(kVoice, voice);
  set(kSourceClip, sourceClip);
  set(kMode, int(mode));
  set(kInstruction, instruction);
  set(kSpeed, speed);
  set(kSeed, seed);
  set(kRandomSeed, randomSeed);
  set(kStream, stream);
  set(kEncoding, int(exportFormat.encoding));
  set(kRate, exportFormat.sampleRate);
  set(kPauseSeconds, exportFormat.pauseSeconds);
  set(kLoudnessLufs, exportFormat.loudnessLufs ? QVariant(*exportFormat.loudnessLufs) : QVariant());
  set(kLevelSegments, exportFormat.levelSegments);
  set(kTrimSilence, exportFormat.trimSilence);
  set(kWindowGeometry, windowGeometry);
  set(kWindowState, windowState);
}

QString rememberedModelFolder() { return value(QSettings(), kModelFolder).toString(); }

void rememberModelFolder(const QString& folder) { QSettings().setValue(QLatin1String(kModelFolder), folder); }

}  // namespace cosystudio::ui
