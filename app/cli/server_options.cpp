#include "server_options.h"

#include <QFile>

#include <stdexcept>

namespace cosystudio::cli {

QString serverToken(const std::string& token, const std::string& tokenFile) {
  if (!tokenFile.empty()) {
    QFile file(QString::fromStdString(tokenFile));
    if (!file.open(QIODevice::ReadOnly))
      throw std::runtime_error("cannot read the token file " + tokenFile + ": " + file.errorString().toStdString());
    const QString read = QString::fromUtf8(file.readLine(4096)).trimmed();
    if (read.isEmpty()) throw std::runtime_error("the token file " + tokenFile + " is empty");
    return read;
  }
  if (!token.empty()) return QString::fromStdString(token);
  return qEnvironmentVariable(kTokenVariable).trimmed();
}

void ServerOptions::addTo(CLI::App* sub) {
  sub->add_option("--server", url,
                  "Make the speech on a CosyStudio server's engine (cosystudio-cli serve, or the window's), e.g. "
                  "http://gpu-box:8880, instead of this computer's: the voice is a saved --voice FILE, sent once");
  sub->add_option("--server-token-file", tokenFile,
                  std::string("The server's token, the first line of FILE (default: ") + kTokenVariable + ")")
      ->check(CLI::ExistingFile);
  sub->add_option("--server-cert", certificate,
                  "The certificate (PEM) an HTTPS server with a self-signed one is trusted by")
      ->check(CLI::ExistingFile);
}

services::RemoteServer ServerOptions::remote() const {
  return {QUrl(QString::fromStdString(url)), serverToken({}, tokenFile), QString::fromStdString(certificate)};
}

}  // namespace cosystudio::cli
