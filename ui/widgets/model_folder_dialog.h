// Choosing the model folder, checked file by file before anything loads; a
// folder without the model offers the download, or the subfolder that holds it.
#pragma once

#include <QDialog>
#include <QStringList>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

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
  void download();
  void check();

  QLineEdit* path_;
  QLabel* report_;
  QPushButton* useSubfolder_;  // shown where the folder holds the model in a subfolder
  QString subfolder_;
  QDialogButtonBox* buttons_;
  QStringList problems_;
};

}  // namespace cosystudio::ui
