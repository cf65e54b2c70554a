// Engine → Download model… and Download recogniser…: where from (Hugging
// Face, a mirror of it, ModelScope), which repository, into which folder, and
// whether files the hub publishes no hash for and a plain-http mirror are
// allowed (off until ticked; warned about when used); what the download
// weighs, listed as the fields change, before Download; per-file and total
// progress with speed and time left; Cancel keeps what arrived for the next
// try; at the end the folder check, and the folder offered for use.
#pragma once

#include "services/download/hub_listing.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTimer;

namespace cosystudio::services {
class ModelDownload;
struct DownloadProgress;
struct HubFile;
}  // namespace cosystudio::services

namespace cosystudio::ui {

class Transcriber;

class ModelDownloadDialog : public QDialog {
  Q_OBJECT

 public:
  // The speech model into appDataFolder()/models/.
  explicit ModelDownloadDialog(QWidget* parent = nullptr);
  // `kind` into `folder`, from the repository of `kind` on the hub chosen.
  ModelDownloadDialog(services::ModelKind kind, const QString& folder, QWidget* parent = nullptr);

  // The downloaded folder, once accepted with "Use this model" (or recogniser).
  QString folder() const;

 private:
  // "hf", "modelscope" or the mirror's address (Hub::fromSource).
  QString source() const;
  // The repository of the kind on the source chosen, unless the user typed another.
  void followSource();
  // What keeps the folder from being used (none: it can be).
  QStringList folderProblems() const;
  // Lists the files of the fields as they are, to say what Download would fetch.
  void previewCost();
  void start();
  void cancel();
  void showProgress(const services::DownloadProgress& progress);
  void showListing(const QList<services::HubFile>& files, qint64 bytesMissing);
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
  QString listing_;  // what the hub listed: the files, their size and what is missing
  QLabel* warnings_;
  QDialogButtonBox* buttons_;
  QPushButton* download_;
  QPushButton* use_;
  services::ModelDownload* running_ = nullptr;
  services::ModelDownload* preview_ = nullptr;  // listing only (previewCost)
  QTimer* previewDelay_;
  const services::ModelKind kind_;
  QString sourceRepo_;  // the repository followSource() put in, to tell one the user typed
};

// Engine → Download recogniser… and the clip panel's offer: the dialog for the
// recogniser, into the transcriber's folder. A recogniser used from another
// folder becomes the transcriber's (Transcriber::folderChanged); either way
// the transcriber looks again, and says when it is there. Whether one was taken.
bool downloadRecognizer(Transcriber* transcriber, QWidget* parent);

}  // namespace cosystudio::ui
