#include "services/server/server_tls.h"

#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QHostInfo>
#include <QNetworkInterface>
#include <QProcess>
#include <QSslCertificate>
#include <QSslKey>

namespace cosystudio::services {
namespace {

std::optional<QByteArray> readFile(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
    return std::nullopt;
  }
  return file.readAll();
}

}  // namespace

std::optional<QSslConfiguration> serverTls(const TlsFiles& files, QString* error) {
  const auto certificatePem = readFile(files.certificate, error);
  if (!certificatePem) return std::nullopt;
  const auto keyPem = readFile(files.key, error);
  if (!keyPem) return std::nullopt;
  const QList<QSslCertificate> chain = QSslCertificate::fromData(*certificatePem, QSsl::Pem);
  if (chain.isEmpty() || chain.first().isNull()) {
    *error = QStringLiteral("%1 holds no PEM certificate").arg(files.certificate);
    return std::nullopt;
  }
  QSslKey key(*keyPem, QSsl::Ec, QSsl::Pem);
  if (key.isNull()) key = QSslKey(*keyPem, QSsl::Rsa, QSsl::Pem);
  if (key.isNull()) {
    *error = QStringLiteral("%1 holds no unencrypted PEM key (EC or RSA)").arg(files.key);
    return std::nullopt;
  }
  // Qt cannot tell whether the key is the certificate's own; another kind or size of key is not.
  const QSslKey certified = chain.first().publicKey();
  if (certified.algorithm() != key.algorithm() || certified.length() != key.length()) {
    *error = QStringLiteral("the key in %1 is not the certificate's in %2").arg(files.key, files.certificate);
    return std::nullopt;
  }
  QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
  tls.setLocalCertificateChain(chain);
  tls.setPrivateKey(key);
  tls.setProtocol(QSsl::TlsV1_2OrLater);
  tls.setPeerVerifyMode(QSslSocket::VerifyNone);  // clients prove themselves with the token
  return tls;
}

bool makeSelfSignedCertificate(const TlsFiles& files, const QStringList& names, QString* error) {
  QStringList alternatives;
  for (const QString& name : names)
    alternatives << (QHostAddress(name).isNull() ? QStringLiteral("DNS:") : QStringLiteral("IP:")) + name;
  QProcess openssl;
  openssl.setProcessChannelMode(QProcess::MergedChannels);
  openssl.start(QStringLiteral("openssl"),
                {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                 QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                 QStringLiteral("-days"), QStringLiteral("825"), QStringLiteral("-subj"),
                 QStringLiteral("/CN=") + names.value(0, QStringLiteral("localhost")), QStringLiteral("-addext"),
                 QStringLiteral("subjectAltName=") + alternatives.join(QLatin1Char(',')), QStringLiteral("-keyout"),
                 files.key, QStringLiteral("-out"), files.certificate});
  if (!openssl.waitForStarted()) {
    *error = QStringLiteral("cannot run openssl, which makes the certificate (install the package openssl)");
    return false;
  }
  openssl.waitForFinished(60000);
  if (openssl.exitStatus() != QProcess::NormalExit || openssl.exitCode() != 0) {
    *error = QStringLiteral("openssl could not make the certificate: %1")
                 .arg(QString::fromLocal8Bit(openssl.readAll()).trimmed());
    return false;
  }
  QFile::setPermissions(files.key, QFile::ReadOwner | QFile::WriteOwner);
  return true;
}

QStringList certificateNames(const QHostAddress& listening, const QStringList& otherNames) {
  QStringList names{QHostInfo::localHostName(), QStringLiteral("localhost"), QStringLiteral("127.0.0.1"),
                    QStringLiteral("::1")};
  QList<QHostAddress> addresses{listening};
  if (listening == QHostAddress(QHostAddress::Any) || listening == QHostAddress(QHostAddress::AnyIPv4) ||
      listening == QHostAddress(QHostAddress::AnyIPv6))
    addresses = QNetworkInterface::allAddresses();
  for (const QHostAddress& address : addresses)
    if (!address.isLoopback() && !address.isLinkLocal() && address.scopeId().isEmpty())
      names << address.toString();
  names << otherNames;
  names.removeDuplicates();
  return names;
}

std::optional<QSslConfiguration> serverTlsMadeIfMissing(const TlsFiles& files, const QStringList& names, bool* made,
                                                        QString* error) {
  *made = !QFileInfo::exists(files.certificate) && !QFileInfo::exists(files.key);
  if (*made && !makeSelfSignedCertificate(files, names, error)) return std::nullopt;
  return serverTls(files, error);
}

QString certificateFingerprint(const QSslCertificate& certificate) {
  const QByteArray hex = certificate.digest(QCryptographicHash::Sha256).toHex().toUpper();
  QStringList pairs;
  for (qsizetype i = 0; i < hex.size(); i += 2) pairs << QString::fromLatin1(hex.mid(i, 2));
  return pairs.join(QLatin1Char(':'));
}

}  // namespace cosystudio::services
