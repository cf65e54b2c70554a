// Choosing the model folder (checked file by file before anything loads) and
// the device/precision/output settings.
#pragma once

#include "app_settings.h"
#include "job.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace cosystudio::ui {

// Where the model is downloaded from.
inline constexpr char kModelScopeUrl[] = "https://www.modelscope.cn/models/FunAudioLLM/Fun-CosyVoice3-0.5B-2512";
inline constexpr char kHuggingFaceUrl[] = "https://huggingface.co/FunAudioLLM/Fun-CosyVoice3-0.5B-2512";

// The problems checkModelFolder finds, one readable line each (empty = usable).
QStringList modelFolderProblems(const QString& folder);

class ModelFolderDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ModelFolderDialog(const QString& folder, QWidget* parent = nullptr);

  QString folder() const;
  void setFolder(const QString& folder);
  // What the last check found.
  QStringList problems() const { return problems_; }

 private:
  void browse();
  void check();

  QLineEdit* path_;
  QLabel* report_;
  QDialogButtonBox* buttons_;
  QStringList problems_;
};


class SettingsDialog : public QDialog {
  Q_OBJECT

 public:
  SettingsDialog(const AppSettings& settings, QWidget* parent = nullptr);
  AppSettings settings() const;
  // The folder of the loaded model (empty = none), to name the language-model
  // checkpoint the choice above stands for there.
  void showModelInUse(const QString& modelFolder);

 private:
  QSpinBox* spinBox(const QString& name, int maximum, int value, const QString& zeroText, const QString& suffix,
                    const QString& toolTip);
  void describeDevice();
  void describeCheckpoint();

  QComboBox* device_;
  QComboBox* output_;
  QLabel* deviceInfo_;
  // A precision the user picked, or one saved for a GPU; else a GPU gets
  // the engine's default, as in the CLI.
  bool precisionChosen_ = false;
  QComboBox* precision_;
  QComboBox* checkpoint_;
  QLabel* checkpointInfo_;
  QLineEdit* outputs_;
  QSpinBox* retention_;
  QSpinBox* idleUnload_;
  QSpinBox* watchdog_;
  QSpinBox* cpuWatchdog_;
  QSpinBox* speakerPause_;
  QSpinBox* cpuThreads_;
  QComboBox* language_;
  std::vector<DeviceInfo> devices_;
  QString modelFolder_;
  const QString checkpointInUse_;  // the choice the loaded model was loaded with
};

}  // namespace cosystudio::ui
