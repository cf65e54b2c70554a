// Engine → Download model…: where from (Hugging Face, a mirror of it,
// ModelScope), which repository, into which folder, and whether files the hub
// publishes no hash for and a plain-http mirror are allowed (off until
// ticked; warned about when used); per-file and total progress with speed and
// time left; Cancel keeps what arrived for the next try; at the end the
// folder check, and the folder offered for use.
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace cosystudio::ui {

class ModelDownload;
struct DownloadProgress;

class ModelDownloadDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ModelDownloadDialog(QWidget* parent = nullptr);

  // The downloaded folder, once accepted with "Use this model".
  QString folder() const;

 private:
  void start();
  void cancel();
  void showProgress(const DownloadProgress& progress);
  void downloadFinished();
  void downloadFailed(const QString& message);
  void showWarning(const QString& message);
  void setRunning(bool running);

  QComboBox* source_;
  QLineEdit* mirror_;
  QLineEdit* repo_;
  QLineEdit* folder_;
  QPushButton* browse_;
  QCheckBox* allowUnverified_;
  QCheckBox* allowHttp_;
  QLabel* file_;
  QProgressBar* fileBar_;
  QProgressBar* totalBar_;
  QLabel* figures_;
  QLabel* report_;
  QLabel* warnings_;
  QDialogButtonBox* buttons_;
  QPushButton* download_;
  QPushButton* use_;
  ModelDownload* running_ = nullptr;
};

}  // namespace cosystudio::ui
