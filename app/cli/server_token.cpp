#include "server_token.h"

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

}  // namespace cosystudio::cli
