// Who may use the local speech server. A server on the loopback is reachable
// by every web page the user's browser opens: a page can send a "simple"
// cross-site POST (text/plain, no preflight) to 127.0.0.1, and through DNS
// rebinding (its own name resolving to 127.0.0.1) read the answers too. The
// checks here, made before a request is read, shut those out:
//   Host          must name the loopback, or the address the server listens on,
//                 or a name the user allowed (a rebinding page's Host is its
//                 own name);
//   Origin        a request that carries one comes from a web page: refused
//                 unless the user allowed that origin;
//   Authorization the token, when the server has one;
//   Content-Type  a JSON body must say so (a simple cross-site POST cannot).
#pragma once

#include "services/server/speech_request.h"

#include <QByteArray>
#include <QHostAddress>
#include <QString>
#include <QStringList>

#include <optional>

namespace cosystudio::services {

struct ServerAccess {
  QHostAddress address = QHostAddress(QHostAddress::LocalHost);  // what the server listens on
  QString token;                // empty: none asked (allowed on the loopback only)
  QStringList allowedOrigins;   // web pages that may call it, e.g. "http://localhost:3000"
  // Names a Host header may give besides the server's address: the name of a
  // load balancer in front of it, e.g. "tts.example.org".
  QStringList allowedHosts;
};

// The headers the checks read, as the request gave them (empty: absent).
struct RequestHeaders {
  QByteArray host;
  QByteArray origin;
  QByteArray authorization;
  QByteArray contentType;
};

// Whether a route asks for the token: every route of the API does; GET
// /health does not, as a load balancer asks it without one and it tells only
// whether the server takes requests.
enum class TokenCheck { Asked, NotAsked };

// Why the request is refused before it is read, or nothing: Host, Origin, then the token.
std::optional<ApiError> refuseRequest(const ServerAccess& access, const RequestHeaders& headers,
                                      TokenCheck tokenCheck = TokenCheck::Asked);

// Why a request's body is refused as JSON: its Content-Type is not application/json.
std::optional<ApiError> refuseNonJsonBody(const RequestHeaders& headers);

// Why the server may not listen as `access` says: off the loopback it needs a token.
std::optional<QString> refuseListening(const ServerAccess& access);

// A new random token (128 bits, URL-safe), for a server enabled without one.
QString newServerToken();

}  // namespace cosystudio::services
