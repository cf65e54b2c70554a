#include "engine_server_page.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace cosystudio::ui {

namespace {

// A line for a file's path with a Browse… button beside it.
QHBoxLayout* fileRow(QLineEdit* path, QPushButton* browse) {
  auto* row = new QHBoxLayout;
  row->addWidget(path, 1);
  row->addWidget(browse);
  return row;
}

// A Browse… button that puts the file chosen in `title`'s dialog into `path`.
QPushButton* browseButton(const QString& text, QLineEdit* path, const QString& title, const QString& filter = {}) {
  auto* button = new QPushButton(text, path->parentWidget());
  QObject::connect(button, &QPushButton::clicked, path, [path, title, filter] {
    const QString file = QFileDialog::getOpenFileName(path->window(), title, path->text(), filter);
    if (!file.isEmpty()) path->setText(file);
  });
  return button;
}

}  // namespace

EngineServerPage::EngineServerPage(const EngineServerSettings& settings, QWidget* parent) : QWidget(parent) {
  local_ = new QRadioButton(tr("&This computer, with the model folder chosen in the Engine menu"), this);
  local_->setObjectName(QStringLiteral("engineHere"));
  remote_ = new QRadioButton(tr("A CosyStudio server on another &machine"), this);
  remote_->setObjectName(QStringLiteral("engineServer"));
  remote_->setToolTip(tr("Speech is made by the engine of `cosystudio-cli serve` (or of another window's server) "
                         "there; texts, scripts, books and dubbing are queued and kept here as usual"));
  (settings.use ? remote_ : local_)->setChecked(true);

  url_ = new QLineEdit(settings.url, this);
  url_->setObjectName(QStringLiteral("engineServerUrl"));
  url_->setPlaceholderText(QStringLiteral("https://gpu-box:8880"));
  url_->setToolTip(tr("The address the server printed when it started: http://HOST:PORT, or https:// when it "
                      "serves HTTPS"));
  tokenFile_ = new QLineEdit(settings.tokenFile, this);
  tokenFile_->setObjectName(QStringLiteral("engineServerTokenFile"));
  tokenFile_->setPlaceholderText(tr("none (a server on this computer's loopback needs none)"));
  tokenFile_->setToolTip(tr("A file holding the server's token (serve --token-file): the token itself is never "
                            "written into CosyStudio's settings"));
  auto* browseToken = browseButton(tr("Br&owse…"), tokenFile_, tr("The server's token file"));
  certificate_ = new QLineEdit(settings.certificate, this);
  certificate_->setObjectName(QStringLiteral("engineServerCertificate"));
  certificate_->setPlaceholderText(tr("none (trust the system's certificate authorities)"));
  certificate_->setToolTip(tr("The certificate (PEM) of a server with a self-signed one, copied from it: its "
                              "SHA-256 fingerprint is the one the server shows"));
  auto* browseCertificate = browseButton(tr("Bro&wse…"), certificate_, tr("The server's certificate"),
                                         tr("Certificates (*.pem *.crt);;All files (*)"));

  auto* note = new QLabel(tr("A server makes the speech with its own model and device; the voices it needs are "
                             "sent once. It does not listen back to what it makes, and Reset engine is done "
                             "where it runs."),
                          this);
  note->setWordWrap(true);

  auto* form = new QFormLayout;
  auto* urlLabel = new QLabel(tr("&Address:"), this);
  urlLabel->setBuddy(url_);
  form->addRow(urlLabel, url_);
  auto* tokenLabel = new QLabel(tr("To&ken file:"), this);
  tokenLabel->setBuddy(tokenFile_);
  form->addRow(tokenLabel, fileRow(tokenFile_, browseToken));
  auto* certificateLabel = new QLabel(tr("&Certificate:"), this);
  certificateLabel->setBuddy(certificate_);
  form->addRow(certificateLabel, fileRow(certificate_, browseCertificate));
  form->addRow(note);
  serverFields_ = {url_, tokenFile_, browseToken, certificate_, browseCertificate, urlLabel, tokenLabel,
                   certificateLabel, note};

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(new QLabel(tr("Speech is made by:"), this));
  layout->addWidget(local_);
  layout->addWidget(remote_);
  layout->addLayout(form);
  layout->addStretch(1);
  connect(remote_, &QRadioButton::toggled, this, &EngineServerPage::enableServerFields);
  enableServerFields();
}

void EngineServerPage::enableServerFields() {
  for (QWidget* field : serverFields_) field->setEnabled(remote_->isChecked());
}

EngineServerSettings EngineServerPage::settings() const {
  return {remote_->isChecked(), url_->text().trimmed(), tokenFile_->text().trimmed(), certificate_->text().trimmed()};
}

QString EngineServerPage::problem() const {
  const EngineServerSettings chosen = settings();
  if (!chosen.use) return {};
  if (!isEngineServerUrl(chosen.url))
    return tr("The engine server's address “%1” is not one: give http://HOST:PORT or https://HOST:PORT, as the "
              "server printed it")
        .arg(chosen.url);
  for (const QString& file : {chosen.tokenFile, chosen.certificate})
    if (!file.isEmpty() && !QFileInfo(file).isReadable()) return tr("The file %1 cannot be read").arg(file);
  return {};
}

}  // namespace cosystudio::ui
