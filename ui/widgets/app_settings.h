// What the user chose in Settings, and the one place that names its QSettings
// keys: load() at start, save() after the dialog.
#pragma once

#include "job.h"

#include "services/server/server_tls.h"
#include "services/server/speech_server.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace cosystudio::ui {

// The largest values the Settings dialog offers; load() holds the file to them.
inline constexpr int kMaxRetentionDays = 3650;
inline constexpr int kMaxIdleUnloadMinutes = 24 * 60;
inline constexpr int kMaxWatchdogSeconds = 3600;
inline constexpr int kMaxCpuWatchdogMinutes = 24 * 60;
inline constexpr int kMaxSpeakerPauseMs = 5000;
inline constexpr int kMinDubbingSpeedPercent = 100, kMaxDubbingSpeedPercent = 200;
inline constexpr int kMaxCpuThreads = 256;
inline constexpr int kMaxDeviceIndex = 255;

// The local speech server (Tools → Serve on localhost, speech_server.h).
struct ServerSettings {
  bool enabled = false;  // the menu's toggle, kept for the next start
  QString host = QStringLiteral("127.0.0.1");  // another address lets other machines in
  int port = services::kDefaultSpeechPort;  // 0: any free one
  QString token;  // empty: requests need none (on the loopback only)
  // Where the token is kept (keepServerToken): the desktop's secret store, or
  // the settings file where none answers, whose words say why.
  enum class TokenPlace { None, SecretStore, SettingsFile };
  TokenPlace tokenPlace = TokenPlace::None;
  QString secretStoreProblem;  // why not in the secret store, or why it could not be read
  QStringList allowedOrigins;  // web pages that may call it (server_access.h), e.g. "http://localhost:3000"
  bool keepTakes = true;  // a request's take joins the history like any other
  // HTTPS with this certificate and key (PEM); where neither file exists a
  // self-signed pair is made there when the server starts. Empty paths:
  // server-certificate.pem and server-key.pem in the app's data folder.
  bool https = false;
  QString certificate, key;

  bool isLoopback() const;
  // Whether a server with these settings listens or admits otherwise than one with `other` (it starts again).
  bool servesOtherwiseThan(const ServerSettings& other) const;
  services::TlsFiles tlsFiles() const;  // the paths, the defaults filled in
};

// The token, which AppSettings::load() leaves out: reading it may ask the user
// to unlock the secret store, so only the window reads it, once, at its start.
// From the store where it was kept there; else from the file, and then moved
// into the store where one answers.
void loadServerToken(ServerSettings& server);
// Keeps server.token where it is safest (ServerSettings::TokenPlace): in the
// desktop's secret store, out of the settings file; in the file, only where
// no store answers. AppSettings::save() does not write the token: this runs
// when it changes.
void keepServerToken(ServerSettings& server);

// Listening back to each segment made (JobListening, job.h): figures as
// whole percentages, as Settings shows them.
inline constexpr int kMaxRetakes = 10;
struct ListeningSettings {
  bool check = true;  // when the recogniser is installed; without it nothing is checked
  int textRetakes = 0;   // a text's failing segment made again up to this many times
  int partsRetakes = 2;  // a script's or a book's
  int maxErrorRatePercent = 20;   // CheckThresholds::maxErrorRate × 100
  int minSimilarityPercent = 50;  // CheckThresholds::minSimilarity × 100
  int maxRateRatioPercent = 180;  // CheckThresholds::maxRateRatio × 100
};

// The engine that makes the speech: this computer's (a model folder), or that
// of a CosyStudio server elsewhere (`cosystudio-cli serve`, or another
// window's server), Settings → Engine.
struct EngineServerSettings {
  bool use = false;
  QString url;          // http(s)://HOST:PORT, as the server prints it
  // A file that holds the server's token, as `cosystudio-cli synth
  // --server-token-file` takes it: the token itself stays out of the settings.
  QString tokenFile;
  QString certificate;  // PEM of a self-signed server, to trust it; empty: the system's authorities

  // The server as the engine reaches it, the token read from its file;
  // nothing when it is not used.
  std::optional<services::RemoteServer> remoteServer() const;
};

struct AppSettings {
  Device device;
  Precision precision = defaultPrecision(device);
  int retentionDays = 0;  // 0 = keep every take
  int idleUnloadMinutes = 0;  // 0 = keep the model loaded
  // A segment still generating after this long is stopped as a runaway
  // (0 = no limit): on a GPU a segment takes seconds; the CPU needs a limit of
  // its own, as the full model runs 40 to 80 times slower than real time on
  // two cores and a segment is up to about 30 s of speech.
  int watchdogSeconds = 120;
  int cpuWatchdogMinutes = 40;
  int speakerPauseMs = 400;  // a script's silence where the speaker changes
  int dubbingMaxSpeedPercent = 150;  // the fastest a dubbed cue is made to fit its time (DubbingOptions::maxSpeed)
  QString llmCheckpoint;  // empty: the RL-tuned one when the folder has it
  int cpuThreads = 0;     // 0: one per physical core
  QString language;       // locale name such as "zh_CN"; empty = follow the system
  QByteArray audioOutput;  // QAudioDevice::id(); empty = the system's default output
  QString outputsFolder;   // where every take is kept; empty = TakeStore::defaultFolder()
  QString recognizerFolder;  // the recogniser's (transcriber.h); empty = defaultRecognizerFolderPath()
  ListeningSettings listening;
  ServerSettings server;
  EngineServerSettings engineServer;
  // What load() found unusable in the settings file (edited by hand, or by
  // another version) and replaced by the default: one line per key, naming
  // the key and the value. Never saved.
  QStringList problems;

  // The CPU at its default precision, for a GPU that is gone.
  void useTheCpu();
  // The limit for a model on `kind`, in seconds (0 = none).
  double watchdogSecondsFor(DeviceKind kind) const;

  static AppSettings load();
  void save() const;
  // The output alone: the takes panel's transport saves it at once, so the
  // Settings dialog reads it back from there rather than from a copy.
  static QByteArray savedAudioOutput();
  static void saveAudioOutput(const QByteArray& id);
};

// The model in `folder` as these settings load it, or the server's engine
// where Settings → Engine names one.
ModelChoice modelChoice(const AppSettings& settings, const QString& folder);

// How a job listens back under these settings: a script's or a book
// chapter's (`parts`) or a text's; not at all when checking is off (nor,
// EngineSession sees to it, while the recogniser is not installed).
JobListening jobListening(const AppSettings& settings, bool parts);

// Whether `text` is an address Settings → Engine takes: http(s)://HOST[:PORT].
bool isEngineServerUrl(const QString& text);

}  // namespace cosystudio::ui
