#include "model_dialogs.h"

#include "cosystudio/model_folder.h"
#include "cosystudio/version.h"

#include "engine_messages.h"
#include "engine_server_page.h"
#include "language.h"
#include "listening_page.h"
#include "memory_meter.h"
#include "model_download_dialog.h"
#include "pcm_player.h"
#include "take_store.h"
#include "transcriber.h"

#include "services/server/server_tls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QMessageBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHostAddress>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSslCertificate>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cosystudio::ui {

SettingsDialog::SettingsDialog(const AppSettings& settings, QWidget* parent)
    : QDialog(parent), checkpointInUse_(settings.llmCheckpoint) {
  setWindowTitle(tr("Settings"));
  devices_ = availableDevices();
  device_ = new QComboBox(this);
  device_->setObjectName(QStringLiteral("device"));
  for (const DeviceInfo& info : devices_) {
    const QString name = QString::fromStdString(info.name);
    device_->addItem(info.device.kind == DeviceKind::Cuda ? tr("GPU %1: %2").arg(info.device.index).arg(name)
                                                         : tr("CPU"));
    if (info.device.kind == settings.device.kind && info.device.index == settings.device.index)
      device_->setCurrentIndex(device_->count() - 1);
  }
  deviceInfo_ = new QLabel(this);
  deviceInfo_->setObjectName(QStringLiteral("deviceInfo"));
  deviceInfo_->setWordWrap(true);
  precision_ = new QComboBox(this);
  precision_->setObjectName(QStringLiteral("precision"));
  precision_->addItem(QString(), int(settings.precision));  // until offerPrecisions() fills it
  precisionChosen_ = settings.precision != defaultPrecision(settings.device);
  connect(precision_, &QComboBox::activated, this, [this] { precisionChosen_ = true; });
  checkpoint_ = new QComboBox(this);
  checkpoint_->setObjectName(QStringLiteral("checkpoint"));
  checkpoint_->addItem(tr("RL-tuned (llm.rl.pt) when the folder has it"), QString());
  checkpoint_->addItem(tr("Base (llm.pt)"), QString::fromLatin1(kBaseCheckpoint));
  checkpoint_->setCurrentIndex(std::max(0, checkpoint_->findData(settings.llmCheckpoint)));
  checkpoint_->setToolTip(tr("The release's evaluation shows fewer errors for the RL-tuned language model"));
  checkpointInfo_ = new QLabel(this);
  checkpointInfo_->setObjectName(QStringLiteral("checkpointInfo"));
  checkpointInfo_->setWordWrap(true);
  outputs_ = new QLineEdit(settings.outputsFolder, this);
  outputs_->setObjectName(QStringLiteral("outputsFolder"));
  outputs_->setPlaceholderText(TakeStore::defaultFolder());
  outputs_->setToolTip(tr("Every take is kept here as a WAV with a JSON file of its settings; the history "
                          "is read back from it on start"));
  auto* browseOutputs = new QPushButton(tr("&Browse…"), this);
  connect(browseOutputs, &QPushButton::clicked, this, [this] {
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Outputs folder"), outputs_->text().isEmpty() ? TakeStore::defaultFolder() : outputs_->text());
    if (!folder.isEmpty()) outputs_->setText(folder);
  });
  auto* outputsRow = new QHBoxLayout;
  outputsRow->addWidget(outputs_, 1);
  outputsRow->addWidget(browseOutputs);
  recognizer_ = new QLineEdit(settings.recognizerFolder, this);
  recognizer_->setObjectName(QStringLiteral("recognizerFolder"));
  recognizer_->setPlaceholderText(defaultRecognizerFolderPath());
  recognizer_->setToolTip(tr("The SenseVoiceSmall folder of the recogniser, which writes and checks the "
                             "transcript of the prompt clip (Engine → Download recogniser…)"));
  auto* browseRecognizer = new QPushButton(tr("B&rowse…"), this);
  connect(browseRecognizer, &QPushButton::clicked, this, [this] {
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Recogniser folder"), recognizer_->text().isEmpty() ? defaultRecognizerFolderPath() : recognizer_->text());
    if (!folder.isEmpty()) recognizer_->setText(folder);
  });
  auto* recognizerRow = new QHBoxLayout;
  recognizerRow->addWidget(recognizer_, 1);
  recognizerRow->addWidget(browseRecognizer);
  retention_ = spinBox(QStringLiteral("retention"), kMaxRetentionDays, settings.retentionDays, tr("keep every take"), tr(" days"),
                       tr("Delete takes in the outputs folder older than this"));
  idleUnload_ = spinBox(QStringLiteral("idleUnload"), kMaxIdleUnloadMinutes, settings.idleUnloadMinutes, tr("never"), tr(" min"),
                        tr("Free the model's memory for other programs when CosyStudio is idle; "
                           "it is loaded again for the next job"));
  watchdog_ = spinBox(QStringLiteral("watchdog"), kMaxWatchdogSeconds, settings.watchdogSeconds, tr("never"), tr(" s"),
                      tr("On a GPU a segment takes seconds; one still generating after this long has run away "
                         "(babbling or repeating) and is stopped so it can be made again with another seed"));
  if (std::none_of(devices_.begin(), devices_.end(),
                   [](const DeviceInfo& info) { return info.device.kind == DeviceKind::Cuda; })) {
    watchdog_->setEnabled(false);
    watchdog_->setToolTip(tr("No GPU can be used here: the limit on the CPU below applies"));
  }
  cpuWatchdog_ = spinBox(QStringLiteral("cpuWatchdog"), kMaxCpuWatchdogMinutes, settings.cpuWatchdogMinutes, tr("never"),
                         tr(" min"),
                         tr("On the CPU the full model takes 40 to 80 times as long as the speech it makes on two "
                            "cores, so a segment of 30 s can take 40 minutes; one still generating after this long "
                            "has run away and is stopped so it can be made again with another seed"));
  speakerPause_ = spinBox(QStringLiteral("speakerPause"), kMaxSpeakerPauseMs, settings.speakerPauseMs, tr("none"),
                          tr(" ms"), tr("The silence a script puts where the speaker changes"));
  speakerPause_->setSingleStep(100);
  dubbingMaxSpeed_ = new QDoubleSpinBox(this);
  dubbingMaxSpeed_->setObjectName(QStringLiteral("dubbingMaxSpeed"));
  dubbingMaxSpeed_->setRange(kMinDubbingSpeedPercent / 100.0, kMaxDubbingSpeedPercent / 100.0);
  dubbingMaxSpeed_->setDecimals(2);
  dubbingMaxSpeed_->setSingleStep(0.05);
  dubbingMaxSpeed_->setSuffix(tr("×"));
  dubbingMaxSpeed_->setValue(settings.dubbingMaxSpeedPercent / 100.0);
  dubbingMaxSpeed_->setToolTip(tr("A dubbed subtitle whose speech is longer than its time is made again faster, "
                                  "up to this speed; one still too long is kept and named in the take's warnings"));
  const CpuBackend cpu = cpuBackend();
  cpuThreads_ = spinBox(QStringLiteral("cpuThreads"), kMaxCpuThreads, settings.cpuThreads,
                        tr("all %n core(s)", nullptr, cpu.physicalCores), QString(),
                        tr("Threads the networks use on the CPU (%1)").arg(QString::fromStdString(cpu.blas)));

  output_ = new QComboBox(this);
  output_->setObjectName(QStringLiteral("audioOutput"));
  // What the transport of the takes panel chose last, which `settings` may predate.
  PcmPlayer::listOutputs(output_, AppSettings::savedAudioOutput());
  output_->setToolTip(tr("Where takes, clips and voices are played"));

  language_ = new QComboBox(this);
  language_->setObjectName(QStringLiteral("language"));
  language_->addItem(tr("Follow the system"), QString());
  for (const QString& name : i18n::availableLanguages())
    language_->addItem(QLocale(name).nativeLanguageName(), name);
  language_->setCurrentIndex(std::max(0, language_->findData(settings.language)));
  language_->setToolTip(tr("Applies at once; text, takes and queue are kept"));

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  // The engine, takes and audio on one page; the local speech server on another.
  auto* general = new QWidget(this);
  auto* form = new QFormLayout(general);
  form->addRow(tr("&Device:"), device_);
  form->addRow(QString(), deviceInfo_);
  form->addRow(tr("&Precision:"), precision_);
  form->addRow(tr("Language &model:"), checkpoint_);
  form->addRow(QString(), checkpointInfo_);
  auto* outputsLabel = new QLabel(tr("Outputs &folder:"), this);
  outputsLabel->setBuddy(outputs_);
  form->addRow(outputsLabel, outputsRow);
  auto* recognizerLabel = new QLabel(tr("Recog&niser folder:"), this);
  recognizerLabel->setBuddy(recognizer_);
  form->addRow(recognizerLabel, recognizerRow);
  form->addRow(tr("Delete takes &older than:"), retention_);
  form->addRow(tr("&Unload the model when idle for:"), idleUnload_);
  form->addRow(tr("&Stop a segment on the GPU after:"), watchdog_);
  form->addRow(tr("Stop a segment on the &CPU after:"), cpuWatchdog_);
  form->addRow(tr("CPU &threads:"), cpuThreads_);
  form->addRow(tr("Pause &between speakers:"), speakerPause_);
  form->addRow(tr("Fastest speed for d&ubbing:"), dubbingMaxSpeed_);
  form->addRow(tr("&Audio output:"), output_);
  form->addRow(tr("&Language:"), language_);
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("settingsTabs"));
  tabs_->addTab(general, tr("&General"));
  tabs_->addTab(serverPage(settings.server), tr("Local &server"));
  listening_ = new ListeningPage(settings.listening, recognizerInstalled(settings.recognizerFolder.trimmed().isEmpty()
                                                                             ? defaultRecognizerFolderPath()
                                                                             : settings.recognizerFolder.trimmed()),
                                 this);
  tabs_->addTab(listening_, tr("Listening &back"));
  engineServer_ = new EngineServerPage(settings.engineServer, this);
  tabs_->addTab(engineServer_, tr("&Engine"));
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(tabs_);
  layout->addWidget(buttons);
  buttons_ = buttons;
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    const QString problem = engineServer_->problem();
    if (problem.isEmpty()) return accept();
    tabs_->setCurrentWidget(engineServer_);
    QMessageBox::warning(this, tr("Settings"), problem);
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(device_, &QComboBox::currentIndexChanged, this, &SettingsDialog::describeDevice);
  connect(checkpoint_, &QComboBox::currentIndexChanged, this, &SettingsDialog::describeCheckpoint);
  describeDevice();
  describeCheckpoint();
  describeServer();
  // Its whole size: shown unsized, a window opens at most 2/3 of the screen
  // tall, which on a 720-pixel screen cut the wrapped device note to two lines.
  resize(sizeHint());
}

QWidget* SettingsDialog::serverPage(const ServerSettings& server) {
  auto* page = new QWidget(this);
  serverHost_ = new QLineEdit(server.host, page);
  serverHost_->setObjectName(QStringLiteral("serverHost"));
  serverHost_->setToolTip(tr("127.0.0.1: only programs on this computer. 0.0.0.0 or this computer's address: "
                             "other machines too"));
  serverPort_ = new QSpinBox(page);
  serverPort_->setObjectName(QStringLiteral("serverPort"));
  serverPort_->setRange(0, 65535);
  serverPort_->setValue(server.port);
  serverPort_->setSpecialValueText(tr("any free port"));
  serverToken_ = new QLineEdit(server.token, page);
  serverToken_->setObjectName(QStringLiteral("serverToken"));
  serverToken_->setEchoMode(QLineEdit::PasswordEchoOnEdit);
  serverToken_->setPlaceholderText(tr("none (made when the server first starts)"));
  serverToken_->setToolTip(tr("When set, a request needs \"Authorization: Bearer TOKEN\": clients give it as "
                              "their API key. It is kept in the desktop's secret store (GNOME Keyring, KWallet, "
                              "KeePassXC), or where there is none in CosyStudio's settings file, which only your "
                              "user can read."));
  tokenPlace_ = server.tokenPlace;
  secretStoreProblem_ = server.secretStoreProblem;
  auto* copyToken = new QPushButton(tr("&Copy"), page);
  copyToken->setObjectName(QStringLiteral("copyServerToken"));
  connect(copyToken, &QPushButton::clicked, this,
          [this] { QGuiApplication::clipboard()->setText(serverToken_->text().trimmed()); });
  auto* tokenRow = new QHBoxLayout;
  tokenRow->addWidget(serverToken_, 1);
  tokenRow->addWidget(copyToken);
  serverOrigins_ = new QLineEdit(server.allowedOrigins.join(QLatin1Char(' ')), page);
  serverOrigins_->setObjectName(QStringLiteral("serverOrigins"));
  serverOrigins_->setPlaceholderText(tr("none"));
  serverOrigins_->setToolTip(tr("Web pages that may use the server, by origin (e.g. http://localhost:3000), "
                                "separated by spaces. Requests from any other page are refused."));
  serverHttps_ = new QCheckBox(tr("Serve &HTTPS"), page);
  serverHttps_->setObjectName(QStringLiteral("serverHttps"));
  serverHttps_->setChecked(server.https);
  serverHttps_->setToolTip(tr("Encrypts what other machines send and receive. Where neither file below exists, a "
                              "self-signed certificate for this computer is made when the server starts."));
  const services::TlsFiles defaults = ServerSettings{}.tlsFiles();
  serverCertificate_ = new QLineEdit(server.certificate, page);
  serverCertificate_->setObjectName(QStringLiteral("serverCertificate"));
  serverCertificate_->setPlaceholderText(defaults.certificate);
  serverKey_ = new QLineEdit(server.key, page);
  serverKey_->setObjectName(QStringLiteral("serverKey"));
  serverKey_->setPlaceholderText(defaults.key);
  keepServedTakes_ = new QCheckBox(tr("&Keep the takes of requests in the history"), page);
  keepServedTakes_->setObjectName(QStringLiteral("keepServedTakes"));
  keepServedTakes_->setChecked(server.keepTakes);
  serverNote_ = new QLabel(page);
  serverNote_->setObjectName(QStringLiteral("serverNote"));
  serverNote_->setWordWrap(true);
  auto* form = new QFormLayout(page);
  form->addRow(new QLabel(tr("Tools → Serve on localhost lets other programs speak with your saved voices: "
                             "an OpenAI-compatible API whose requests join the queue of this window."),
                          page));
  form->addRow(tr("&Address:"), serverHost_);
  form->addRow(tr("&Port:"), serverPort_);
  auto* tokenLabel = new QLabel(tr("&Token:"), page);  // a row of a layout takes no buddy of its own
  tokenLabel->setBuddy(serverToken_);
  form->addRow(tokenLabel, tokenRow);
  form->addRow(tr("&Web pages allowed:"), serverOrigins_);
  form->addRow(QString(), serverHttps_);
  form->addRow(tr("C&ertificate (PEM):"), serverCertificate_);
  form->addRow(tr("Certificate's &key (PEM):"), serverKey_);
  form->addRow(QString(), keepServedTakes_);
  form->addRow(QString(), serverNote_);
  for (QLabel* label : page->findChildren<QLabel*>()) label->setWordWrap(true);
  connect(serverHost_, &QLineEdit::textChanged, this, &SettingsDialog::describeServer);
  connect(serverPort_, &QSpinBox::valueChanged, this, &SettingsDialog::describeServer);
  connect(serverToken_, &QLineEdit::textChanged, this, &SettingsDialog::describeServer);
  connect(serverHttps_, &QCheckBox::toggled, this, &SettingsDialog::describeServer);
  connect(serverCertificate_, &QLineEdit::textChanged, this, &SettingsDialog::describeServer);
  return page;
}

void SettingsDialog::describeServer() {
  ServerSettings server = settings().server;
  const bool isAddress = !QHostAddress(server.host).isNull();
  const bool tokenNeeded = isAddress && !server.isLoopback() && server.token.isEmpty();
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(isAddress && !tokenNeeded);
  if (!isAddress) {
    serverNote_->setText(tr("“%1” is not an IP address, such as 127.0.0.1.").arg(server.host));
    return;
  }
  if (tokenNeeded) {
    serverNote_->setText(tr("Listening on %1 lets other machines in: give a token, which every request must "
                            "then send.")
                             .arg(server.host));
    return;
  }
  const QString base = QStringLiteral("%1://%2:%3/v1")
                           .arg(server.https ? QStringLiteral("https") : QStringLiteral("http"), server.host,
                                server.port ? QString::number(server.port) : tr("PORT"));
  QString note = tr("Clients use the base URL %1").arg(base) +
                 (server.token.isEmpty() ? tr(" and any API key.") : tr(" and the token as their API key."));
  serverCertificate_->setEnabled(server.https);
  serverKey_->setEnabled(server.https);
  if (server.https) {
    // What a client compares before it trusts the certificate (or it trusts the file itself).
    const QList<QSslCertificate> certificate = QSslCertificate::fromPath(server.tlsFiles().certificate);
    note += QLatin1Char(' ') + (certificate.isEmpty()
                                    ? tr("A self-signed certificate is made when the server starts.")
                                    : tr("Its certificate's SHA-256 fingerprint: %1.")
                                          .arg(services::certificateFingerprint(certificate.first())));
  }
  if (!server.isLoopback())
    note += QLatin1Char(' ') + tr("Warning: other machines on the network can use this engine with the token.");
  if (tokenPlace_ == ServerSettings::TokenPlace::SecretStore)
    note += QLatin1Char(' ') + tr("The token is kept in the desktop's secret store.");
  else if (tokenPlace_ == ServerSettings::TokenPlace::SettingsFile)
    note += QLatin1Char(' ') + tr("No secret store answered (%1): the token is kept in plain text in CosyStudio's "
                                  "settings file, which only your user can read.")
                                   .arg(secretStoreProblem_);
  else if (!secretStoreProblem_.isEmpty())
    note += QLatin1Char(' ') + tr("The token could not be read from the secret store (%1): a new one is made when "
                                  "the server starts.")
                                   .arg(secretStoreProblem_);
  serverNote_->setText(note);
}

void SettingsDialog::showServerPage() { tabs_->setCurrentIndex(1); }

void SettingsDialog::showModelInUse(const QString& modelFolder) {
  modelFolder_ = modelFolder;
  describeCheckpoint();
}

// A spin box from 0 (shown as `zeroText`) to `maximum`.
QSpinBox* SettingsDialog::spinBox(const QString& name, int maximum, int value, const QString& zeroText,
                                  const QString& suffix, const QString& toolTip) {
  auto* box = new QSpinBox(this);
  box->setObjectName(name);
  box->setRange(0, maximum);
  box->setValue(value);
  box->setSpecialValueText(zeroText);
  box->setSuffix(suffix);
  box->setToolTip(toolTip);
  return box;
}

void SettingsDialog::describeDevice() {
  const int index = device_->currentIndex();
  if (index < 0 || index >= int(devices_.size())) return;
  const DeviceInfo& info = devices_[index];
  const bool gpu = info.device.kind == DeviceKind::Cuda;
  offerPrecisions(info.device);
  if (!gpu) {
    const std::string noGpu = builtWithCuda() ? gpuUnavailableReason() : std::string();
    deviceInfo_->setText(noGpu.empty() ? tr("Runs everywhere; much slower than a GPU.")
                                       : tr("No GPU can be used: %1").arg(QString::fromStdString(noGpu)));
    return;
  }
  // Only the GPU chosen here is tried (and gets a CUDA context), not every one listed.
  const std::string problem = deviceProblem(info.device);
  if (!problem.empty()) {
    deviceInfo_->setText(tr("This GPU cannot be used: %1").arg(QString::fromStdString(problem)));
    return;
  }
  deviceInfo_->setText(tr("Compute capability %1.%2 · %3 free of %4")
                           .arg(info.computeMajor)
                           .arg(info.computeMinor)
                           .arg(formatBytes(sampleMemory(info.device).deviceFree), formatBytes(info.totalBytes)));
}

void SettingsDialog::offerPrecisions(const Device& device) {
  const int current = precision_->currentData().toInt();
  precision_->clear();
  precision_->addItem(tr("float32 (exact)"), int(Precision::Float32));
  if (device.kind == DeviceKind::Cuda) {
    precision_->addItem(tr("bfloat16 (faster)"), int(Precision::BFloat16));
    precision_->addItem(tr("float16 (fastest)"), int(Precision::Float16));
    precision_->setToolTip(tr("Of the language model and the flow; the vocoder always runs in float32"));
  } else {
    // bf16 is offered where the CPU multiplies it natively: elsewhere it is
    // slower than float32 (docs/PERFORMANCE.md).
    if (cpuBf16Pays()) precision_->addItem(tr("bfloat16 (faster, more memory)"), int(Precision::BFloat16));
    precision_->addItem(tr("int8 (fastest)"), int(Precision::Int8));
    const QString int8Problem = QString::fromStdString(cpuInt8Problem());
    if (!int8Problem.isEmpty())
      qobject_cast<QStandardItemModel*>(precision_->model())->item(precision_->count() - 1)->setEnabled(false);
    precision_->setToolTip(int8Problem.isEmpty()
                               ? tr("int8 makes the language model several times faster and the flow 1.5 to 3.3 times "
                                    "faster (the most with AMX, where the flow computes in bf16, or AVX-512 VNNI); "
                                    "the vocoder stays in float32")
                               : tr("int8 is not available here: %1").arg(int8Problem));
  }
  int index = precisionChosen_ ? precision_->findData(current) : -1;
  if (index < 0 || !qobject_cast<QStandardItemModel*>(precision_->model())->item(index)->isEnabled())
    index = precision_->findData(int(defaultPrecision(device)));
  precision_->setCurrentIndex(std::max(0, index));
}

void SettingsDialog::describeCheckpoint() {
  if (modelFolder_.isEmpty()) {
    checkpointInfo_->setText(tr("No model is loaded."));
    return;
  }
  const QString choice = checkpoint_->currentData().toString();
  try {
    const QString file =
        QString::fromStdString(chooseLlmCheckpoint(modelFolder_.toStdString(), choice.toStdString()));
    // Another choice takes effect when the model is loaded again, after OK.
    checkpointInfo_->setText(choice == checkpointInUse_ ? tr("In use: %1").arg(file)
                                                        : tr("After OK the model is loaded again with %1.").arg(file));
  } catch (const std::exception& e) {
    checkpointInfo_->setText(errorText(e));
  }
  checkpointInfo_->setToolTip(QDir::toNativeSeparators(modelFolder_));
}

AppSettings SettingsDialog::settings() const {
  AppSettings s;
  s.listening = listening_->settings();
  s.engineServer = engineServer_->settings();
  const int index = device_->currentIndex();
  if (index >= 0 && index < int(devices_.size())) s.device = devices_[index].device;
  s.precision = Precision(precision_->currentData().toInt());
  s.llmCheckpoint = checkpoint_->currentData().toString();
  s.retentionDays = retention_->value();
  s.idleUnloadMinutes = idleUnload_->value();
  s.watchdogSeconds = watchdog_->value();
  s.cpuWatchdogMinutes = cpuWatchdog_->value();
  s.speakerPauseMs = speakerPause_->value();
  s.dubbingMaxSpeedPercent = int(std::lround(dubbingMaxSpeed_->value() * 100));
  s.cpuThreads = cpuThreads_->value();
  s.language = language_->currentData().toString();
  s.audioOutput = output_->currentData().toByteArray();
  s.outputsFolder = outputs_->text().trimmed();
  s.recognizerFolder = recognizer_->text().trimmed();
  s.server.host = serverHost_->text().trimmed();
  s.server.port = serverPort_->value();
  s.server.token = serverToken_->text().trimmed();
  s.server.tokenPlace = tokenPlace_;
  s.server.secretStoreProblem = secretStoreProblem_;
  s.server.allowedOrigins = serverOrigins_->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  s.server.keepTakes = keepServedTakes_->isChecked();
  s.server.https = serverHttps_->isChecked();
  s.server.certificate = serverCertificate_->text().trimmed();
  s.server.key = serverKey_->text().trimmed();
  return s;
}

}  // namespace cosystudio::ui
