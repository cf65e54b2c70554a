#include "services/server/server_access.h"

#include <QRandomGenerator>
#include <QUrl>

namespace cosystudio::services {
namespace {

ApiError forbidden(const QString& message, const QString& code) {
  return {403, message, {}, code, QStringLiteral("permission_error")};
}

bool sameToken(const QByteArray& given, const QByteArray& expected) {
  // Every byte compared, so that the time taken tells nothing of the token.
  if (given.size() != expected.size()) return false;
  char difference = 0;
  for (qsizetype i = 0; i < given.size(); ++i) difference |= char(given[i] ^ expected[i]);
  return difference == 0;
}

bool isAnyAddress(const QHostAddress& address) {
  return address == QHostAddress(QHostAddress::Any) || address == QHostAddress(QHostAddress::AnyIPv4) ||
         address == QHostAddress(QHostAddress::AnyIPv6);
}

// Whether a Host header ("127.0.0.1:8880", "[::1]:8880", "localhost") names this server.
bool hostNamesServer(const QByteArray& host, const ServerAccess& access) {
  const QHostAddress& listening = access.address;
  const QUrl url(QStringLiteral("http://") + QString::fromLatin1(host), QUrl::StrictMode);
  if (host.isEmpty() || !url.isValid() || !url.userInfo().isEmpty() || !url.path().isEmpty()) return false;
  const QString name = url.host();  // lower case, as QUrl keeps names
  if (name == QLatin1String("localhost") || access.allowedHosts.contains(name, Qt::CaseInsensitive)) return true;
  const QHostAddress address(name);
  if (address.isNull()) return false;  // a name: what a rebinding page sends
  if (address.isLoopback()) return true;
  // Off the loopback, the address it listens on; listening on all of them, any
  // address (a page can rebind a name, never an address).
  return !listening.isLoopback() && (isAnyAddress(listening) || address.isEqual(listening));
}

QString withoutTrailingSlash(QString origin) {
  while (origin.endsWith(QLatin1Char('/'))) origin.chop(1);
  return origin;
}

}  // namespace

std::optional<ApiError> refuseRequest(const ServerAccess& access, const RequestHeaders& headers,
                                      TokenCheck tokenCheck) {
  if (!hostNamesServer(headers.host, access))
    return forbidden(QStringLiteral("the Host header '%1' does not name this server: use its address, such as %2")
                         .arg(QString::fromLatin1(headers.host),
                              access.address.isLoopback() ? QStringLiteral("127.0.0.1") : access.address.toString()),
                     QStringLiteral("host_not_allowed"));
  if (!headers.origin.isEmpty()) {
    const QString origin = withoutTrailingSlash(QString::fromLatin1(headers.origin));
    bool allowed = false;
    for (const QString& each : access.allowedOrigins)
      allowed = allowed || origin.compare(withoutTrailingSlash(each), Qt::CaseInsensitive) == 0;
    if (!allowed)
      return forbidden(QStringLiteral("requests from web pages (Origin: %1) are refused unless that origin is "
                                      "allowed (cosystudio-cli serve --allow-origin)")
                           .arg(origin),
                       QStringLiteral("origin_not_allowed"));
  }
  if (tokenCheck == TokenCheck::Asked && !access.token.isEmpty() &&
      !sameToken(headers.authorization, "Bearer " + access.token.toUtf8()))
    return ApiError{401, QStringLiteral("a valid token is needed: send \"Authorization: Bearer TOKEN\""), {},
                    QStringLiteral("invalid_api_key")};
  return std::nullopt;
}

std::optional<ApiError> refuseNonJsonBody(const RequestHeaders& headers) {
  const QByteArray mediaType = headers.contentType.split(';').first().trimmed().toLower();
  if (mediaType == "application/json") return std::nullopt;
  return ApiError{415,
                  QStringLiteral("the body must be JSON sent as \"Content-Type: application/json\", not '%1'")
                      .arg(QString::fromLatin1(headers.contentType)),
                  {}, QStringLiteral("unsupported_media_type")};
}

std::optional<QString> refuseListening(const ServerAccess& access) {
  if (access.address.isLoopback() || !access.token.isEmpty()) return std::nullopt;
  return QStringLiteral("listening on %1 lets other machines in, so it needs a token that every request must give")
      .arg(access.address.toString());
}

QString newServerToken() {
  quint32 words[4];
  QRandomGenerator::system()->fillRange(words);
  const QByteArray bytes(reinterpret_cast<const char*>(words), sizeof words);
  return QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

}  // namespace cosystudio::services
