// Settings: the device, precision and output, the local server, listening back.
#pragma once

#include "app_settings.h"
#include "job.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTabWidget;

namespace cosystudio::ui {

class EngineServerPage;
class ListeningPage;

class SettingsDialog : public QDialog {
  Q_OBJECT

 public:
  SettingsDialog(const AppSettings& settings, QWidget* parent = nullptr);
  AppSettings settings() const;
  // The folder of the loaded model (empty = none), to name the language-model
  // checkpoint the choice above stands for there.
  void showModelInUse(const QString& modelFolder);
  // Opens on the page of the local speech server.
  void showServerPage();

 private:
  QSpinBox* spinBox(const QString& name, int maximum, int value, const QString& zeroText, const QString& suffix,
                    const QString& toolTip);
  void describeDevice();
  // The precisions that pay on `device`'s kind, keeping the one chosen
  // where it is among them, else the engine's default for that device.
  void offerPrecisions(const Device& device);
  void describeCheckpoint();
  QWidget* serverPage(const ServerSettings& server);
  // What clients use, and a warning when other machines can reach the server.
  void describeServer();

  QComboBox* device_;
  QComboBox* output_;
  QLabel* deviceInfo_;
  // A precision the user picked, or a saved one other than the device's
  // default; else each device gets the engine's default, as in the CLI.
  bool precisionChosen_ = false;
  QComboBox* precision_;
  QComboBox* checkpoint_;
  QLabel* checkpointInfo_;
  QLineEdit* outputs_;
  QLineEdit* recognizer_;
  ListeningPage* listening_;
  EngineServerPage* engineServer_;
  QSpinBox* retention_;
  QSpinBox* idleUnload_;
  QSpinBox* watchdog_;
  QSpinBox* cpuWatchdog_;
  QSpinBox* speakerPause_;
  QDoubleSpinBox* dubbingMaxSpeed_;
  QSpinBox* cpuThreads_;
  QComboBox* language_;
  QTabWidget* tabs_;
  QDialogButtonBox* buttons_;
  QLineEdit* serverHost_;
  QSpinBox* serverPort_;
  QLineEdit* serverToken_;
  QLineEdit* serverOrigins_;
  QCheckBox* keepServedTakes_;
  QCheckBox* serverHttps_;
  QLineEdit* serverCertificate_;
  QLineEdit* serverKey_;
  QLabel* serverNote_;
  // Where the token was kept when the dialog opened, and why not in the secret store.
  ServerSettings::TokenPlace tokenPlace_;
  QString secretStoreProblem_;
  std::vector<DeviceInfo> devices_;
  QString modelFolder_;
  const QString checkpointInUse_;  // the choice the loaded model was loaded with
};

}  // namespace cosystudio::ui
