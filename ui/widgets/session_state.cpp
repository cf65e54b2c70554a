#include "session_state.h"

#include "cosystudio/request_rules.h"
#include "cosystudio/settings_json.h"

#include <QSettings>

namespace cosystudio::ui {

namespace {

constexpr char kText[] = "session/text";
constexpr char kSettings[] = "session/settings";  // settings_json.h
constexpr char kClip[] = "session/clip";
constexpr char kClipIn[] = "session/clipIn";
constexpr char kClipOut[] = "session/clipOut";
constexpr char kTranscript[] = "session/transcript";
constexpr char kVoice[] = "session/voice";
constexpr char kSourceClip[] = "session/sourceClip";
constexpr char kBook[] = "session/book";
constexpr char kInstruction[] = "session/instruction";
constexpr char kRandomSeed[] = "session/randomSeed";
constexpr char kRealTimeFactor[] = "session/realTimeFactor";
constexpr char kUsedSeed[] = "session/usedSeed";
constexpr char kEncoding[] = "export/encoding";
constexpr char kFileFormat[] = "export/fileFormat";
constexpr char kRate[] = "export/rate";
constexpr char kPauseSeconds[] = "export/pauseSeconds";
constexpr char kLoudnessLufs[] = "export/loudnessLufs";
constexpr char kLevelSegments[] = "export/levelSegments";
constexpr char kTrimSilence[] = "export/trimSilence";
constexpr char kSubtitles[] = "export/subtitles";
constexpr char kWindowGeometry[] = "window/geometry";
constexpr char kWindowState[] = "window/state";
constexpr char kModelFolder[] = "engine/modelFolder";

QVariant value(const QSettings& s, const char* key, const QVariant& fallback = {}) {
  return s.value(QLatin1String(key), fallback);
}

// Sessions saved before the settings were kept as one value had a key each.
SynthesisSettings settingsOfEarlierVersions(const QSettings& s) {
  SynthesisSettings settings;
  settings.normalize = !value(s, "session/rawText", !settings.normalize).toBool();
  settings.readNumbers = value(s, "session/readNumbers", settings.readNumbers).toBool();
  // The style panel keeps a mode it does not know to its default.
  settings.mode = Mode(value(s, "session/mode", int(settings.mode)).toInt());
  settings.speed = value(s, "session/speed", settings.speed).toDouble();
  settings.seed = value(s, "session/seed", quint64(settings.seed)).toULongLong();
  settings.stream = value(s, "session/stream", settings.stream).toBool();
  return settings;
}

}  // namespace

SessionState SessionState::load() {
  const QSettings s;
  SessionState state;
  const SessionState defaults;
  state.text = value(s, kText).toString();
  const QString settings = value(s, kSettings).toString();
  state.settings = settings.isEmpty()
                       ? settingsOfEarlierVersions(s)
                       : settingsFromJson(settings.toStdString(), SettingsReading::Lenient);
  state.clip = value(s, kClip).toString();
  state.clipIn = value(s, kClipIn, defaults.clipIn).toLongLong();
  state.clipOut = value(s, kClipOut, defaults.clipOut).toLongLong();
  state.transcript = value(s, kTranscript).toString();
  state.voice = value(s, kVoice).toString();
  state.sourceClip = value(s, kSourceClip).toString();
  state.book = value(s, kBook).toString();
  state.instruction = value(s, kInstruction).toString();
  state.randomSeed = value(s, kRandomSeed, defaults.randomSeed).toBool();
  state.realTimeFactor = value(s, kRealTimeFactor, defaults.realTimeFactor).toDouble();
  bool seed = false;
  if (const quint64 used = value(s, kUsedSeed).toULongLong(&seed); seed && used <= kMaxSeed) state.usedSeed = used;
  ExportFormat& format = state.exportFormat;
  format.encoding = audio::WavEncoding(value(s, kEncoding, int(format.encoding)).toInt());
  format.file = audio::FileFormat(value(s, kFileFormat, int(format.file)).toInt());
  format.sampleRate = value(s, kRate, format.sampleRate).toInt();
  format.pauseSeconds = value(s, kPauseSeconds, format.pauseSeconds).toDouble();
  if (const QVariant lufs = value(s, kLoudnessLufs); lufs.isValid() && !lufs.isNull())
    format.loudnessLufs = lufs.toDouble();
  format.levelSegments = value(s, kLevelSegments, format.levelSegments).toBool();
  format.trimSilence = value(s, kTrimSilence, format.trimSilence).toBool();
  if (const QVariant subtitles = value(s, kSubtitles); subtitles.isValid() && !subtitles.isNull())
    format.subtitles = text::SubtitleFormat(subtitles.toInt());
  state.windowGeometry = value(s, kWindowGeometry).toByteArray();
  state.windowState = value(s, kWindowState).toByteArray();
  return state;
}

void SessionState::save() const {
  QSettings s;
  const auto set = [&s](const char* key, const QVariant& v) { s.setValue(QLatin1String(key), v); };
  set(kText, text);
  set(kSettings, QString::fromStdString(settingsJson(settings)));
  set(kClip, clip);
  set(kClipIn, clipIn);
  set(kClipOut, clipOut);
  set(kTranscript, transcript);
  set(kVoice, voice);
  set(kSourceClip, sourceClip);
  set(kBook, book);
  set(kInstruction, instruction);
  set(kRandomSeed, randomSeed);
  set(kRealTimeFactor, realTimeFactor);
  set(kUsedSeed, usedSeed ? QVariant(*usedSeed) : QVariant());
  set(kEncoding, int(exportFormat.encoding));
  set(kFileFormat, int(exportFormat.file));
  set(kRate, exportFormat.sampleRate);
  set(kPauseSeconds, exportFormat.pauseSeconds);
  set(kLoudnessLufs, exportFormat.loudnessLufs ? QVariant(*exportFormat.loudnessLufs) : QVariant());
  set(kLevelSegments, exportFormat.levelSegments);
  set(kTrimSilence, exportFormat.trimSilence);
  set(kSubtitles, exportFormat.subtitles ? QVariant(int(*exportFormat.subtitles)) : QVariant());
  set(kWindowGeometry, windowGeometry);
  set(kWindowState, windowState);
}

QString rememberedModelFolder() { return value(QSettings(), kModelFolder).toString(); }

void rememberModelFolder(const QString& folder) { QSettings().setValue(QLatin1String(kModelFolder), folder); }

SessionState SessionState::ofTake(const Take& take) {
  const JobSpec& spec = take.spec;
  SessionState state;
  state.text = spec.text;
  state.settings = spec.settings;
  state.settings.seed = take.seed;
  state.randomSeed = false;
  state.instruction = spec.instruction;
  state.clip = spec.clip.path;
  state.clipIn = spec.clip.inFrame;
  state.clipOut = spec.clip.outFrame;
  state.transcript = spec.transcript;
  if (!spec.voiceFile.isEmpty()) state.voice = spec.voiceName;
  state.sourceClip = spec.sourceClipPath;
  return state;
}

}  // namespace cosystudio::ui
