#include "model_download_dialog.h"

#include "model_folder_dialog.h"
#include "transcriber.h"

#include "services/app_data.h"
#include "services/download/model_download.h"

#include "cosystudio/recognizer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace cosystudio::ui {
namespace {

constexpr int kBarSteps = 1000;  // bytes do not fit a progress bar's int

// Typing pauses longer than this between keys: the listing waits for the pause.
constexpr std::chrono::milliseconds kPreviewDelay{400};

int barValue(qint64 done, qint64 total) { return total > 0 ? int(done * kBarSteps / total) : 0; }

// The entries of the source box, in order.
enum SourceChoice { HuggingFace, ModelScope, Mirror };

}  // namespace

ModelDownloadDialog::ModelDownloadDialog(QWidget* parent)
    : ModelDownloadDialog(services::ModelKind::Speech,
                          services::appDataFolder() + QStringLiteral("/models/") +
                              QString::fromLatin1(services::kModelRepo).section(QLatin1Char('/'), 1),
                          parent) {}

ModelDownloadDialog::ModelDownloadDialog(services::ModelKind kind, const QString& folder, QWidget* parent)
    : QDialog(parent), kind_(kind) {
  const bool recognizer = kind == services::ModelKind::Recognizer;
  setWindowTitle(recognizer ? tr("Download the recogniser") : tr("Download the model"));
  setObjectName(QStringLiteral("modelDownloadDialog"));
  source_ = new QComboBox(this);
  source_->addItems({tr("Hugging Face"), tr("ModelScope"), tr("A Hugging Face mirror")});
  mirror_ = new QLineEdit(qEnvironmentVariable("HF_ENDPOINT", QStringLiteral("https://hf-mirror.com")), this);
  mirror_->setToolTip(tr("The address of a Hugging Face mirror, as in the HF_ENDPOINT variable"));
  source_->setObjectName(QStringLiteral("source"));
  mirror_->setObjectName(QStringLiteral("mirror"));
  repo_ = new QLineEdit(this);
  repo_->setObjectName(QStringLiteral("repo"));
  folder_ = new QLineEdit(folder, this);
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
  use_ = buttons_->addButton(recognizer ? tr("&Use this recogniser") : tr("&Use this model"),
                             QDialogButtonBox::AcceptRole);
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
  auto* folderLabel = new QLabel(tr("&Folder:"), this);  // a row of a layout takes no buddy of its own
  folderLabel->setBuddy(folder_);
  form->addRow(folderLabel, folderRow);
  form->addRow(QString(), allowUnverified_);
  form->addRow(QString(), allowHttp_);
  form->addRow(tr("File:"), fileBar_);
  form->addRow(tr("Total:"), totalBar_);
  auto* layout = new QVBoxLayout(this);
  if (recognizer) {
    auto* intro = new QLabel(tr("The recogniser (SenseVoice-Small, about 900 MB) writes the transcript of a "
                                "prompt clip for you and checks the one you type against the clip. It runs on "
                                "the CPU, beside the speech model."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
  }
  layout->addLayout(form);
  layout->addWidget(file_);
  layout->addWidget(figures_);
  layout->addWidget(warnings_);
  layout->addWidget(report_, 1);
  layout->addWidget(buttons_);

  // Hugging Face is out of reach from much of China, ModelScope is not: in
  // Chinese the dialog starts there.
  if (QLocale().language() == QLocale::Chinese) source_->setCurrentIndex(ModelScope);
  connect(source_, &QComboBox::currentIndexChanged, this, &ModelDownloadDialog::followSource);
  followSource();
  connect(browse_, &QPushButton::clicked, this, [this] {
    const QString chosen = QFileDialog::getExistingDirectory(this, windowTitle(), folder_->text());
    if (!chosen.isEmpty()) folder_->setText(chosen);
  });
  connect(download_, &QPushButton::clicked, this, &ModelDownloadDialog::start);
  // What the download costs, said before it starts: the hub is asked for its
  // listing a moment after the source, the repository or the folder last changed.
  previewDelay_ = new QTimer(this);
  previewDelay_->setSingleShot(true);
  previewDelay_->setInterval(kPreviewDelay);
  connect(previewDelay_, &QTimer::timeout, this, &ModelDownloadDialog::previewCost);
  connect(source_, &QComboBox::currentIndexChanged, previewDelay_, qOverload<>(&QTimer::start));
  for (QLineEdit* edit : {mirror_, repo_, folder_})
    connect(edit, &QLineEdit::textChanged, previewDelay_, qOverload<>(&QTimer::start));
  previewDelay_->start();
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &ModelDownloadDialog::cancel);
  resize(620, 420);
}

QString ModelDownloadDialog::folder() const { return folder_->text().trimmed(); }

QString ModelDownloadDialog::source() const {
  return source_->currentIndex() == HuggingFace  ? QStringLiteral("hf")
         : source_->currentIndex() == ModelScope ? QStringLiteral("modelscope")
                                                 : mirror_->text().trimmed();
}

void ModelDownloadDialog::followSource() {
  mirror_->setEnabled(source_->currentIndex() == Mirror);
  const QString repo = services::defaultRepo(kind_, source());
  if (repo_->text().trimmed().isEmpty() || repo_->text().trimmed() == sourceRepo_) repo_->setText(repo);
  sourceRepo_ = repo;
}

QStringList ModelDownloadDialog::folderProblems() const {
  if (kind_ == services::ModelKind::Speech) return modelFolderProblems(folder());
  QStringList problems;
  for (const std::string& file : requiredRecognizerFiles())
    if (!QFileInfo(QDir(folder()).filePath(QString::fromStdString(file))).isFile())
      problems << tr("%1 is missing").arg(QString::fromStdString(file));
  return problems;
}

void ModelDownloadDialog::previewCost() {
  delete preview_;  // what it would say is about fields changed since
  preview_ = nullptr;
  QString error;
  const auto hub = services::Hub::fromSource(source(), repo_->text().trimmed(), &error);
  if (!hub) return report_->setText(error);
  preview_ = new services::ModelDownload(*hub, folder(), {}, kind_, this);
  connect(preview_, &services::ModelDownload::listed, this, &ModelDownloadDialog::showListing);
  connect(preview_, &services::ModelDownload::failed, report_, &QLabel::setText);
  report_->setText(tr("Listing the files…"));
  preview_->list();
}

void ModelDownloadDialog::start() {
  previewDelay_->stop();
  delete preview_;  // the download lists the files again, as it starts
  preview_ = nullptr;
  QString error;
  const auto hub = services::Hub::fromSource(source(), repo_->text().trimmed(), &error);
  if (!hub) return report_->setText(error);
  services::AllowedRisks allowed;
  allowed.unverifiedFiles = allowUnverified_->isChecked();
  allowed.plainHttp = allowHttp_->isChecked();
  running_ = new services::ModelDownload(*hub, folder(), allowed, kind_, this);
  connect(running_, &services::ModelDownload::progress, this, &ModelDownloadDialog::showProgress);
  connect(running_, &services::ModelDownload::finished, this, &ModelDownloadDialog::downloadFinished);
  connect(running_, &services::ModelDownload::failed, this, &ModelDownloadDialog::downloadFailed);
  connect(running_, &services::ModelDownload::warning, this, &ModelDownloadDialog::showWarning);
  connect(running_, &services::ModelDownload::listed, this, &ModelDownloadDialog::showListing);
  warnings_->clear();
  listing_.clear();
  report_->setText(tr("Listing the files…"));
  use_->setVisible(false);
  setRunning(true);
  running_->start();
}

// What the download costs, said as soon as the hub has listed the files.
void ModelDownloadDialog::showListing(const QList<services::HubFile>& files, qint64 bytesMissing) {
  qint64 total = 0;
  for (const services::HubFile& file : files) total += file.size;
  const QLocale locale;
  listing_ = tr("%n file(s), %1 in all; %2 to download into %3.", nullptr, int(files.size()))
                 .arg(locale.formattedDataSize(total), locale.formattedDataSize(bytesMissing),
                      QDir::toNativeSeparators(folder()));
  report_->setText(listing_);
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

void ModelDownloadDialog::showProgress(const services::DownloadProgress& progress) {
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
  if (progress.secondsLeft >= 0) figures += QStringLiteral(" · ") + tr("%1 left").arg(services::durationText(progress.secondsLeft));
  figures_->setText(figures);
  report_->setText(listing_ + QLatin1Char('\n') +
                   tr("Downloading; each file is checked against the hash the hub publishes for it."));
}

void ModelDownloadDialog::downloadFinished() {
  running_->deleteLater();
  running_ = nullptr;
  setRunning(false);
  totalBar_->setValue(kBarSteps);
  const QStringList problems = folderProblems();
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

bool downloadRecognizer(Transcriber* transcriber, QWidget* parent) {
  ModelDownloadDialog dialog(services::ModelKind::Recognizer, transcriber->folder(), parent);
  const bool taken = dialog.exec() == QDialog::Accepted;
  const QString chosen = QDir::cleanPath(dialog.folder());
  if (taken && chosen != transcriber->folder())
    transcriber->setFolder(chosen == defaultRecognizerFolderPath() ? QString() : chosen);
  transcriber->recheck();  // also what a cancelled download left complete
  return taken;
}

}  // namespace cosystudio::ui

#include "moc_model_download_dialog.cpp"
