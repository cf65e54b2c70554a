#include "app_settings.h"

#include "language.h"
#include "secret_store.h"
#include "transcriber.h"

#include "services/app_data.h"

#include <QCoreApplication>
#include <QFile>
#include <QHostAddress>
#include <QLocale>
#include <QSettings>
#include <QUrl>

namespace cosystudio::ui {

namespace {

constexpr char kDeviceKind[] = "engine/deviceKind";
constexpr char kDeviceIndex[] = "engine/deviceIndex";
// A precision is kept per kind of device. The CPU's has its own key: before
// the CPU had a choice, every saved setting held fp32 for it, which would
// otherwise hold it off the faster default it now has.
constexpr char kPrecision[] = "engine/precision";
constexpr char kCpuPrecision[] = "engine/cpuPrecision";

const char* precisionKey(DeviceKind kind) { return kind == DeviceKind::Cpu ? kCpuPrecision : kPrecision; }
constexpr char kLlmCheckpoint[] = "engine/llmCheckpoint";
constexpr char kRetentionDays[] = "outputs/retentionDays";
constexpr char kIdleUnloadMinutes[] = "engine/idleUnloadMinutes";
constexpr char kWatchdogSeconds[] = "engine/watchdogSeconds";
constexpr char kCpuWatchdogMinutes[] = "engine/cpuWatchdogMinutes";
constexpr char kSpeakerPauseMs[] = "script/speakerPauseMs";
constexpr char kDubbingMaxSpeedPercent[] = "dubbing/maxSpeedPercent";
constexpr char kCpuThreads[] = "engine/cpuThreads";
constexpr char kAudioOutput[] = "audio/output";
constexpr char kOutputsFolder[] = "outputs/folder";
constexpr char kRecognizerFolder[] = "recognizer/folder";
constexpr char kCheckSegments[] = "listening/check";
constexpr char kTextRetakes[] = "listening/textRetakes";
constexpr char kPartsRetakes[] = "listening/bookRetakes";
constexpr char kMaxErrorRate[] = "listening/maxErrorRatePercent";
constexpr char kMinSimilarity[] = "listening/minSimilarityPercent";
constexpr char kMaxRateRatio[] = "listening/maxRateRatioPercent";
constexpr char kServerEnabled[] = "server/enabled";
constexpr char kServerHost[] = "server/host";
constexpr char kServerPort[] = "server/port";
constexpr char kServerToken[] = "server/token";  // only where no secret store answered
constexpr char kServerTokenInSecretStore[] = "server/tokenInSecretStore";
constexpr char kServerTokenSecret[] = "server-token";  // its name in the secret store
constexpr char kServerAllowedOrigins[] = "server/allowed_origins";
constexpr char kServerKeepTakes[] = "server/keepTakes";
constexpr char kServerHttps[] = "server/https";
constexpr char kServerCertificate[] = "server/certificate";
constexpr char kServerKey[] = "server/key";
constexpr char kEngineServerUse[] = "engineServer/use";
constexpr char kEngineServerUrl[] = "engineServer/url";
constexpr char kEngineServerTokenFile[] = "engineServer/tokenFile";
constexpr char kEngineServerCertificate[] = "engineServer/certificate";

// The settings file may have been edited by hand or written by another
// version: a value the dialog could not have chosen is replaced by the
// default, and the key and value are reported instead of reaching the engine
// (100000 CPU threads, a timer interval that overflows, an unknown device).
class Reader {
 public:
  explicit Reader(QStringList& problems) : problems_(problems) {}

  int integer(const char* key, int fallback, int minimum, int maximum) {
    const QVariant stored = settings_.value(QLatin1String(key));
    if (!stored.isValid()) return fallback;
    bool ok = false;
    const int value = stored.toInt(&ok);
    if (ok && value >= minimum && value <= maximum) return value;
    refuse(key, stored, QCoreApplication::translate("AppSettings", "not a whole number from %1 to %2")
                            .arg(minimum)
                            .arg(maximum),
           QString::number(fallback));
    return fallback;
  }

  // A string that `acceptable` approves of; the empty string is the default.
  template <typename Acceptable>
  QString text(const char* key, Acceptable acceptable, const QString& why) {
    const QVariant stored = settings_.value(QLatin1String(key));
    const QString value = stored.toString();
    if (value.isEmpty() || acceptable(value)) return value;
    refuse(key, stored, why, QCoreApplication::translate("AppSettings", "the default"));
    return {};
  }

  const QSettings& settings() const { return settings_; }

 private:
  void refuse(const char* key, const QVariant& stored, const QString& why, const QString& used) {
    const QString shown = stored.canConvert<QString>() ? stored.toString() : QString::fromLatin1(stored.typeName());
    problems_ << QCoreApplication::translate("AppSettings", "Setting %1 = “%2” is %3; %4 is used instead.")
                     .arg(QLatin1String(key), shown, why, used);
    qWarning("%s", qPrintable(problems_.last()));
  }

  const QSettings settings_;
  QStringList& problems_;
};

}  // namespace

AppSettings AppSettings::load() {
  AppSettings a;
  Reader r(a.problems);
  a.device.kind = DeviceKind(r.integer(kDeviceKind, int(DeviceKind::Cpu), int(DeviceKind::Cpu), int(DeviceKind::Cuda)));
  a.device.index = r.integer(kDeviceIndex, 0, 0, kMaxDeviceIndex);
  a.precision = Precision(r.integer(precisionKey(a.device.kind), int(defaultPrecision(a.device)),
                                   int(Precision::Float32), int(Precision::Int8)));
  const QString rl = QLatin1String(kRlCheckpoint), base = QLatin1String(kBaseCheckpoint);
  a.llmCheckpoint = r.text(kLlmCheckpoint, [&](const QString& name) { return name == rl || name == base; },
                           QCoreApplication::translate("AppSettings", "not %1 or %2").arg(rl, base));
  a.retentionDays = r.integer(kRetentionDays, 0, 0, kMaxRetentionDays);
  a.idleUnloadMinutes = r.integer(kIdleUnloadMinutes, 0, 0, kMaxIdleUnloadMinutes);
  a.watchdogSeconds = r.integer(kWatchdogSeconds, a.watchdogSeconds, 0, kMaxWatchdogSeconds);
  a.cpuWatchdogMinutes = r.integer(kCpuWatchdogMinutes, a.cpuWatchdogMinutes, 0, kMaxCpuWatchdogMinutes);
  a.speakerPauseMs = r.integer(kSpeakerPauseMs, a.speakerPauseMs, 0, kMaxSpeakerPauseMs);
  a.dubbingMaxSpeedPercent =
      r.integer(kDubbingMaxSpeedPercent, a.dubbingMaxSpeedPercent, kMinDubbingSpeedPercent, kMaxDubbingSpeedPercent);
  a.cpuThreads = r.integer(kCpuThreads, 0, 0, kMaxCpuThreads);
  a.language = r.text(i18n::kLanguageSettingsKey, [](const QString& name) { return QLocale(name).language() != QLocale::C; },
                      QCoreApplication::translate("AppSettings", "not a language name"));
  a.audioOutput = savedAudioOutput();
  a.outputsFolder = services::movedAppDataPath(r.settings().value(QLatin1String(kOutputsFolder)).toString());
  a.recognizerFolder = r.settings().value(QLatin1String(kRecognizerFolder)).toString();
  ListeningSettings& l = a.listening;
  l.check = r.integer(kCheckSegments, 1, 0, 1);
  l.textRetakes = r.integer(kTextRetakes, l.textRetakes, 0, kMaxRetakes);
  l.partsRetakes = r.integer(kPartsRetakes, l.partsRetakes, 0, kMaxRetakes);
  l.maxErrorRatePercent = r.integer(kMaxErrorRate, l.maxErrorRatePercent, 0, 100);
  l.minSimilarityPercent = r.integer(kMinSimilarity, l.minSimilarityPercent, -100, 100);
  l.maxRateRatioPercent = r.integer(kMaxRateRatio, l.maxRateRatioPercent, 100, 1000);
  a.server.enabled = r.integer(kServerEnabled, 0, 0, 1);
  const QString host = r.text(kServerHost, [](const QString& text) { return !QHostAddress(text).isNull(); },
                              QCoreApplication::translate("AppSettings", "not an IP address"));
  if (!host.isEmpty()) a.server.host = host;
  a.server.port = r.integer(kServerPort, a.server.port, 0, 65535);
  a.server.allowedOrigins = r.settings().value(QLatin1String(kServerAllowedOrigins)).toString().split(
      QLatin1Char(' '), Qt::SkipEmptyParts);
  a.server.keepTakes = r.integer(kServerKeepTakes, 1, 0, 1);
  a.server.https = r.integer(kServerHttps, 0, 0, 1);
  a.server.certificate = r.settings().value(QLatin1String(kServerCertificate)).toString();
  a.server.key = r.settings().value(QLatin1String(kServerKey)).toString();
  EngineServerSettings& e = a.engineServer;
  e.url = r.text(kEngineServerUrl, [](const QString& url) { return isEngineServerUrl(url); },
                 QCoreApplication::translate("AppSettings", "not an http:// or https:// address"));
  e.use = r.integer(kEngineServerUse, 0, 0, 1) && !e.url.isEmpty();
  e.tokenFile = r.settings().value(QLatin1String(kEngineServerTokenFile)).toString();
  e.certificate = r.settings().value(QLatin1String(kEngineServerCertificate)).toString();
  return a;
}

void AppSettings::save() const {
  QSettings s;
  s.setValue(QLatin1String(kEngineServerUse), int(engineServer.use));
  s.setValue(QLatin1String(kEngineServerUrl), engineServer.url);
  s.setValue(QLatin1String(kEngineServerTokenFile), engineServer.tokenFile);
  s.setValue(QLatin1String(kEngineServerCertificate), engineServer.certificate);
  s.setValue(QLatin1String(kDeviceKind), int(device.kind));
  s.setValue(QLatin1String(kDeviceIndex), device.index);
  s.setValue(QLatin1String(precisionKey(device.kind)), int(precision));
  s.setValue(QLatin1String(kLlmCheckpoint), llmCheckpoint);
  s.setValue(QLatin1String(kRetentionDays), retentionDays);
  s.setValue(QLatin1String(kIdleUnloadMinutes), idleUnloadMinutes);
  s.setValue(QLatin1String(kWatchdogSeconds), watchdogSeconds);
  s.setValue(QLatin1String(kCpuWatchdogMinutes), cpuWatchdogMinutes);
  s.setValue(QLatin1String(kSpeakerPauseMs), speakerPauseMs);
  s.setValue(QLatin1String(kDubbingMaxSpeedPercent), dubbingMaxSpeedPercent);
  s.setValue(QLatin1String(kCpuThreads), cpuThreads);
  s.setValue(QLatin1String(i18n::kLanguageSettingsKey), language);
  s.setValue(QLatin1String(kOutputsFolder), outputsFolder);
  s.setValue(QLatin1String(kRecognizerFolder), recognizerFolder);
  s.setValue(QLatin1String(kCheckSegments), int(listening.check));
  s.setValue(QLatin1String(kTextRetakes), listening.textRetakes);
  s.setValue(QLatin1String(kPartsRetakes), listening.partsRetakes);
  s.setValue(QLatin1String(kMaxErrorRate), listening.maxErrorRatePercent);
  s.setValue(QLatin1String(kMinSimilarity), listening.minSimilarityPercent);
  s.setValue(QLatin1String(kMaxRateRatio), listening.maxRateRatioPercent);
  s.setValue(QLatin1String(kServerEnabled), int(server.enabled));
  s.setValue(QLatin1String(kServerHost), server.host);
  s.setValue(QLatin1String(kServerPort), server.port);
  s.setValue(QLatin1String(kServerAllowedOrigins), server.allowedOrigins.join(QLatin1Char(' ')));
  s.setValue(QLatin1String(kServerKeepTakes), int(server.keepTakes));
  s.setValue(QLatin1String(kServerHttps), int(server.https));
  s.setValue(QLatin1String(kServerCertificate), server.certificate);
  s.setValue(QLatin1String(kServerKey), server.key);
  saveAudioOutput(audioOutput);
}

bool ServerSettings::isLoopback() const { return QHostAddress(host).isLoopback(); }

services::TlsFiles ServerSettings::tlsFiles() const {
  const QString folder = services::appDataFolder() + QLatin1Char('/');
  return {certificate.isEmpty() ? folder + QStringLiteral("server-certificate.pem") : certificate,
          key.isEmpty() ? folder + QStringLiteral("server-key.pem") : key};
}

void loadServerToken(ServerSettings& server) {
  const QSettings settings;
  server.token = settings.value(QLatin1String(kServerToken)).toString();
  if (!server.token.isEmpty()) {
    keepServerToken(server);
    return;
  }
  if (!settings.value(QLatin1String(kServerTokenInSecretStore)).toBool()) return;
  const SecretResult secret = readSecret(QLatin1String(kServerTokenSecret));
  if (secret.ok && !secret.value.isEmpty()) {
    server.token = secret.value;
    server.tokenPlace = ServerSettings::TokenPlace::SecretStore;
    return;
  }
  server.secretStoreProblem = secret.ok || secret.missing
                                  ? QCoreApplication::translate("AppSettings", "the secret store no longer holds it")
                                  : secret.error;
}

void keepServerToken(ServerSettings& server) {
  using Place = ServerSettings::TokenPlace;
  QSettings s;
  if (server.token.isEmpty()) {
    if (s.value(QLatin1String(kServerTokenInSecretStore)).toBool()) deleteSecret(QLatin1String(kServerTokenSecret));
    s.remove(QLatin1String(kServerToken));
    s.remove(QLatin1String(kServerTokenInSecretStore));
    server.tokenPlace = Place::None;
    return;
  }
  const SecretResult stored = writeSecret(QLatin1String(kServerTokenSecret), server.token);
  if (stored.ok) {
    s.remove(QLatin1String(kServerToken));
    s.setValue(QLatin1String(kServerTokenInSecretStore), true);
    server.tokenPlace = Place::SecretStore;
    server.secretStoreProblem.clear();
  } else {
    s.setValue(QLatin1String(kServerToken), server.token);
    s.remove(QLatin1String(kServerTokenInSecretStore));
    server.tokenPlace = Place::SettingsFile;
    server.secretStoreProblem = stored.error;
  }
}

bool ServerSettings::servesOtherwiseThan(const ServerSettings& other) const {
  return host != other.host || port != other.port || token != other.token || allowedOrigins != other.allowedOrigins;
}

void AppSettings::useTheCpu() {
  device = Device{};
  precision = defaultPrecision(device);
}

bool isEngineServerUrl(const QString& text) {
  const QUrl url(text, QUrl::StrictMode);
  return url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) &&
         !url.host().isEmpty();
}

std::optional<services::RemoteServer> EngineServerSettings::remoteServer() const {
  if (!use || url.isEmpty()) return std::nullopt;
  services::RemoteServer server{QUrl(url), {}, certificate};
  QFile token(tokenFile);
  // Unreadable, it is sent as none, and the server's refusal says what is wrong.
  if (!tokenFile.isEmpty() && token.open(QIODevice::ReadOnly))
    server.token = QString::fromUtf8(token.readLine()).trimmed();
  return server;
}

ModelChoice modelChoice(const AppSettings& settings, const QString& folder) {
  ModelChoice choice{folder, settings.device, settings.precision, settings.llmCheckpoint, settings.cpuThreads, {}};
  if (const auto server = settings.engineServer.remoteServer()) choice.server = *server;
  return choice;
}

JobListening jobListening(const AppSettings& settings, bool parts) {
  const ListeningSettings& chosen = settings.listening;
  JobListening listening;
  listening.recognizerFolder =
      settings.recognizerFolder.trimmed().isEmpty() ? defaultRecognizerFolderPath() : settings.recognizerFolder.trimmed();
  listening.check = chosen.check;  // and the recogniser installed when the job is queued (EngineSession)
  listening.retakes = parts ? chosen.partsRetakes : chosen.textRetakes;
  listening.thresholds.maxErrorRate = chosen.maxErrorRatePercent / 100.0;
  listening.thresholds.minSimilarity = chosen.minSimilarityPercent / 100.0;
  listening.thresholds.maxRateRatio = chosen.maxRateRatioPercent / 100.0;
  return listening;
}

double AppSettings::watchdogSecondsFor(DeviceKind kind) const {
  return kind == DeviceKind::Cuda ? watchdogSeconds : cpuWatchdogMinutes * 60.0;
}

QByteArray AppSettings::savedAudioOutput() { return QSettings().value(QLatin1String(kAudioOutput)).toByteArray(); }

void AppSettings::saveAudioOutput(const QByteArray& id) { QSettings().setValue(QLatin1String(kAudioOutput), id); }

}  // namespace cosystudio::ui
