#include "model_folder_dialog.h"

#include "cosystudio/model_folder.h"

#include "model_download_dialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <filesystem>

namespace cosystudio::ui {

namespace {

// What is wrong with one file of the folder, in the user's language.
QString problemText(const ModelProblem& problem) {
  using Kind = ModelProblem::Kind;
  switch (problem.kind) {
    case Kind::NotAFolder: return QCoreApplication::translate("ModelFolder", "is not a folder");
    case Kind::ModelInSubfolder:
      return QCoreApplication::translate("ModelFolder", "holds the model in its subfolder “%1”: choose that folder")
          .arg(QString::fromStdString(problem.detail));
    case Kind::OlderModel:
      return QCoreApplication::translate("ModelFolder",
                                         "is an older CosyVoice model; CosyStudio needs Fun-CosyVoice3-0.5B-2512");
    case Kind::Missing: return QCoreApplication::translate("ModelFolder", "missing");
    case Kind::NotAFile: return QCoreApplication::translate("ModelFolder", "not a regular file");
    case Kind::Empty: return QCoreApplication::translate("ModelFolder", "empty (an interrupted download?)");
    case Kind::Unreadable: return QCoreApplication::translate("ModelFolder", "cannot be read (permissions?)");
    case Kind::WrongFormat:
      return QCoreApplication::translate("ModelFolder",
                                         "is not in the expected format (damaged or a Git LFS pointer?)");
    case Kind::NoLanguageModel:
      return QCoreApplication::translate("ModelFolder", "missing (and so is %1)").arg(QString::fromLatin1(kRlCheckpoint));
  }
  return QString::fromStdString(problem.message);
}

// The problems of `folder`, one readable line each, and the subfolder that
// holds the model where one does.
QStringList checkedFolder(const QString& folder, QString* subfolder = nullptr) {
  if (folder.trimmed().isEmpty()) return {QObject::tr("No folder chosen.")};
  QStringList lines;
  for (const ModelProblem& problem : checkModelFolder(std::filesystem::path(folder.toStdString()))) {
    lines << QString::fromStdString(problem.file) + QStringLiteral(": ") + problemText(problem);
    if (subfolder && problem.kind == ModelProblem::Kind::ModelInSubfolder)
      *subfolder = QString::fromStdString(problem.detail);
  }
  return lines;
}

}  // namespace

QStringList modelFolderProblems(const QString& folder) { return checkedFolder(folder); }

ModelFolderDialog::ModelFolderDialog(const QString& folder, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Choose the CosyVoice3 model folder"));
  setObjectName(QStringLiteral("modelFolderDialog"));
  auto* intro = new QLabel(
      tr("<p>CosyStudio speaks with the Fun-CosyVoice3-0.5B-2512 model, which is downloaded separately: from "
         "<a href=\"%1\">ModelScope</a> or from <a href=\"%2\">Hugging Face</a>.</p>"
         "<p>Choose the folder of the download that holds <code>cosyvoice3.yaml</code>, <code>llm.pt</code> "
         "and/or <code>llm.rl.pt</code>, <code>flow.pt</code>, <code>hift.pt</code>, <code>campplus.onnx</code>, "
         "<code>speech_tokenizer_v3.onnx</code> and the folder <code>CosyVoice-BlankEN</code>.</p>"
         "<p>No download yet? <b>Download…</b> fetches it for you (later too: Engine → Download model…).</p>")
              .arg(QLatin1String(kModelScopeUrl), QLatin1String(kHuggingFaceUrl)) +
          tr("<p>The model is on another machine? <b>Engine → Settings… → Engine</b> makes the speech with a "
             "CosyStudio server there instead.</p>"),
      this);
  intro->setObjectName(QStringLiteral("modelSource"));
  intro->setWordWrap(true);
  intro->setOpenExternalLinks(true);
  path_ = new QLineEdit(folder, this);
  path_->setObjectName(QStringLiteral("modelPath"));
  auto* browseButton = new QPushButton(tr("&Browse…"), this);
  auto* downloadButton = new QPushButton(tr("&Download…"), this);
  downloadButton->setObjectName(QStringLiteral("downloadModel"));
  useSubfolder_ = new QPushButton(this);
  useSubfolder_->setObjectName(QStringLiteral("useSubfolder"));
  useSubfolder_->hide();
  report_ = new QLabel(this);
  report_->setObjectName(QStringLiteral("modelReport"));
  report_->setWordWrap(true);
  report_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  report_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Load"));

  auto* row = new QHBoxLayout;
  row->addWidget(path_, 1);
  row->addWidget(browseButton);
  row->addWidget(downloadButton);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(row);
  layout->addWidget(report_, 1);
  layout->addWidget(useSubfolder_, 0, Qt::AlignLeft);
  layout->addWidget(buttons_);

  connect(browseButton, &QPushButton::clicked, this, &ModelFolderDialog::browse);
  connect(downloadButton, &QPushButton::clicked, this, &ModelFolderDialog::download);
  connect(useSubfolder_, &QPushButton::clicked, this,
          [this] { setFolder(QDir(this->folder()).filePath(subfolder_)); });
  connect(path_, &QLineEdit::textChanged, this, &ModelFolderDialog::check);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  resize(560, 400);
  check();
}

QString ModelFolderDialog::folder() const { return path_->text().trimmed(); }
void ModelFolderDialog::setFolder(const QString& folder) { path_->setText(folder); }

void ModelFolderDialog::browse() {
  const QString chosen = QFileDialog::getExistingDirectory(this, windowTitle(), folder());
  if (!chosen.isEmpty()) setFolder(chosen);
}

void ModelFolderDialog::download() {
  ModelDownloadDialog dialog(this);
  if (dialog.exec() == QDialog::Accepted) setFolder(dialog.folder());
}

void ModelFolderDialog::check() {
  subfolder_.clear();
  problems_ = checkedFolder(folder(), &subfolder_);
  useSubfolder_->setText(tr("&Use “%1”").arg(subfolder_));
  useSubfolder_->setVisible(!subfolder_.isEmpty());
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(problems_.isEmpty());
  if (problems_.isEmpty()) {
    report_->setText(tr("✓ Every required file is present."));
    return;
  }
  QString html = tr("<b>This folder cannot be used yet:</b><ul>");
  for (const QString& problem : problems_) html += QStringLiteral("<li>%1</li>").arg(problem.toHtmlEscaped());
  report_->setText(html + QStringLiteral("</ul>"));
}

}  // namespace cosystudio::ui

#include "moc_model_folder_dialog.cpp"
