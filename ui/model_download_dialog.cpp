#include "model_download_dialog.h"

#include "app_data.h"
#include "model_dialogs.h"
#include "model_download.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace cosystudio::ui {
namespace {

constexpr int kBarSteps = 1000;  // bytes do not fit a progress bar's int

int barValue(qint64 done, qint64 total) { return total > 0 ? int(done * kBarSteps / total) : 0; }

// The entries of the source box, in order.
enum SourceChoice { HuggingFace, ModelScope, Mirror };

}  // namespace

ModelDownloadDialog::ModelDownloadDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Download the model"));
  setObjectName(QStringLiteral("modelDownloadDialog"));
  source_ = new QComboBox(this);
  source_->addItems({tr("Hugging Face"), tr("ModelScope"), tr("A Hugging Face mirror")});
  mirror_ = new QLineEdit(qEnvironmentVariable("HF_ENDPOINT", QStringLiteral("https://hf-mirror.com")), this);
  mirror_->setToolTip(tr("The address of a Hugging Face mirror, as in the HF_ENDPOINT variable"));
  source_->setObjectName(QStringLiteral("source"));
  mirror_->setObjectName(QStringLiteral("mirror"));
  repo_ = new QLineEdit(QString::fromLatin1(kModelRepo), this);
  folder_ = new QLineEdit(appDataFolder() + QStringLiteral("/models/") + QString::fromLatin1(kModelRepo).section(QLatin1Char('/'), 1), this);
  folder_->setObjectName(QStringLiteral("folder"));
  browse_ = new QPushButton(tr("&Browse…"), this);
  allowUnverified_ = new QCheckBox(tr("Allow un&verified files (the hub publishes no hash for them)"), this);
  allowHttp_ = new QCheckBox(tr("Allow plain &http (files and hashes come unprotected from one server)"), this);
  allowUnverified_->setObjectName(QStringLiteral("allowUnverified"));
  allowHttp_->setObjectName(QStringLiteral("allowHttp"));
  file_ = new QLabel(this);
  fileBar_ = new QProgressBar(this);
  totalBar_ = new QProgressBar(this);
  for (QProgressBar* bar : {fileBar_, totalBar_}) bar->setRange(0, kBarSteps);
  figures_ = new QLabel(this);
  report_ = new QLabel(this);
  report_->setObjectName(QStringLiteral("downloadReport"));
  report_->setWordWrap(true);
  report_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  warnings_ = new QLabel(this);
  warnings_->setObjectName(QStringLiteral("downloadWarnings"));
  warnings_->setWordWrap(true);
  warnings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  buttons_ = new QDialogButtonBox(QDialogButtonBox::Close, this);
  download_ = buttons_->addButton(tr("&Download"), QDialogButtonBox::ActionRole);
  use_ = buttons_->addButton(tr("&Use this model"), QDialogButtonBox::AcceptRole);
  use_->setVisible(false);
  download_->setObjectName(QStringLiteral("download"));
  use_->setObjectName(QStringLiteral("useModel"));

  auto* folderRow = new QHBoxLayout;
  folderRow->addWidget(folder_, 1);
  folderRow->addWidget(browse_);
  auto* form = new QFormLayout;
  form->addRow(tr("&Source:"), source_);
  form->addRow(tr("&Mirror:"), mirror_);
  form->addRow(tr("&Repository:"), repo_);
  form->addRow(tr("&Folder:"), folderRow);
  form->addRow(QString(), allowUnverified_);
  form->addRow(QString(), allowHttp_);
  form->addRow(tr("File:"), fileBar_);
  form->addRow(tr("Total:"), totalBar_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(file_);
  layout->addWidget(figures_);
  layout->addWidget(warnings_);
  layout->addWidget(report_, 1);
  layout->addWidget(buttons_);

  const auto offerMirror = [this] { mirror_->setEnabled(source_->currentIndex() == Mirror); };
  connect(source_, &QComboBox::currentIndexChanged, this, offerMirror);
  offerMirror();
  connect(browse_, &QPushButton::clicked, this, [this] {
    const QString chosen = QFileDialog::getExistingDirectory(this, windowTitle(), folder_->text());
    if (!chosen.isEmpty()) folder_->setText(chosen);
  });
  connect(download_, &QPushButton::clicked, this, &ModelDownloadDialog::start);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &ModelDownloadDialog::cancel);
  resize(620, 420);
}

QString ModelDownloadDialog::folder() const { return folder_->text().trimmed(); }

void ModelDownloadDialog::start() {
  const QString source = source_->currentIndex() == HuggingFace ? QStringLiteral("hf")
                         : source_->currentIndex() == ModelScope ? QStringLiteral("modelscope")
                                                                 : mirror_->text().trimmed();
  QString error;
  const auto hub = Hub::fromSource(source, repo_->text().trimmed(), &error);
  if (!hub) return report_->setText(error);
  AllowedRisks allowed;
  allowed.unverifiedFiles = allowUnverified_->isChecked();
  allowed.plainHttp = allowHttp_->isChecked();
  running_ = new ModelDownload(*hub, folder(), allowed, ModelKind::Speech, this);
  connect(running_, &ModelDownload::progress, this, &ModelDownloadDialog::showProgress);
  connect(running_, &ModelDownload::finished, this, &ModelDownloadDialog::downloadFinished);
  connect(running_, &ModelDownload::failed, this, &ModelDownloadDialog::downloadFailed);
  connect(running_, &ModelDownload::warning, this, &ModelDownloadDialog::showWarning);
  warnings_->clear();
  report_->setText(tr("Listing the files…"));
  use_->setVisible(false);
  setRunning(true);
  running_->start();
}

// Close when idle; while downloading, stop and keep what arrived.
void ModelDownloadDialog::cancel() {
  if (!running_) return reject();
  running_->cancel();
  running_->deleteLater();
  running_ = nullptr;
  setRunning(false);
  report_->setText(tr("Cancelled. What arrived is kept: Download goes on from there."));
}

void ModelDownloadDialog::setRunning(bool running) {
  for (QWidget* input :
       std::initializer_list<QWidget*>{source_, repo_, folder_, browse_, allowUnverified_, allowHttp_, download_})
    input->setEnabled(!running);
  mirror_->setEnabled(!running && source_->currentIndex() == Mirror);
  buttons_->button(QDialogButtonBox::Close)->setText(running ? tr("&Cancel") : tr("&Close"));
}

void ModelDownloadDialog::showProgress(const DownloadProgress& progress) {
  const QLocale locale;
  file_->setText(tr("%1: %2 of %3")
                     .arg(progress.file, locale.formattedDataSize(progress.fileBytes),
                          locale.formattedDataSize(progress.fileSize)));
  fileBar_->setValue(barValue(progress.fileBytes, progress.fileSize));
  totalBar_->setValue(barValue(progress.doneBytes, progress.totalBytes));
  QString figures = tr("%1 of %2").arg(locale.formattedDataSize(progress.doneBytes),
                                       locale.formattedDataSize(progress.totalBytes));
  if (progress.bytesPerSecond > 0)
    figures += QStringLiteral(" · ") + tr("%1/s").arg(locale.formattedDataSize(qint64(progress.bytesPerSecond)));
  if (progress.secondsLeft >= 0) figures += QStringLiteral(" · ") + tr("%1 left").arg(durationText(progress.secondsLeft));
  figures_->setText(figures);
  report_->setText(tr("Downloading; each file is checked against the hash the hub publishes for it."));
}

void ModelDownloadDialog::downloadFinished() {
  running_->deleteLater();
  running_ = nullptr;
  setRunning(false);
  totalBar_->setValue(kBarSteps);
  const QStringList problems = modelFolderProblems(folder());
  if (!problems.isEmpty())
    return report_->setText(tr("Downloaded, but the folder cannot be used:\n%1").arg(problems.join(QLatin1Char('\n'))));
  report_->setText(tr("✓ Downloaded and checked: every required file is present."));
  use_->setVisible(true);
  use_->setDefault(true);
}

void ModelDownloadDialog::downloadFailed(const QString& message) {
  running_->deleteLater();
  running_ = nullptr;
  setRunning(false);
  report_->setText(tr("The download stopped: %1").arg(message));
}

void ModelDownloadDialog::showWarning(const QString& message) {
  const QString line = QStringLiteral("⚠ ") + message;
  warnings_->setText(warnings_->text().isEmpty() ? line : warnings_->text() + QLatin1Char('\n') + line);
}

}  // namespace cosystudio::ui

#include "moc_model_download_dialog.cpp"
