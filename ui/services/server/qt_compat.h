// The differences between the Qt versions CosyStudio builds against, in one
// place: Debian 12's Qt 6.4 and Debian 13's Qt 6.8.
//
// Qt HTTP Server left its technical preview in 6.8 with another API: a route's
// handler takes `QHttpServerResponder&` (6.4: `&&`), the missing-request
// handler takes a context object, a streamed answer is written as chunks by
// the responder itself (6.4: a status line, headers and raw body bytes the
// caller frames), a response's headers are a QHttpHeaders (6.4: a list of
// pairs), and the responder no longer gives its socket (the request names
// its client's address and port instead).
#pragma once

#include <QtGlobal>
#include <QByteArray>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QTcpSocket>
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
#include <QHttpHeaders>
#endif

#include <utility>
#include <vector>

namespace cosystudio::services::qt_compat {

// Headers of a response beyond its Content-Type (and the Content-Length the responder adds).
using ExtraHeaders = std::vector<std::pair<QByteArray, QByteArray>>;

#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
// What a route's handler receives.
using ResponderArg = QHttpServerResponder&;

template <typename Handler>
void setMissingHandler(QHttpServer& server, const QObject* context, Handler&& handler) {
  server.setMissingHandler(context, std::forward<Handler>(handler));
}

inline void beginChunked(QHttpServerResponder& responder, const QByteArray& contentType) {
  responder.writeBeginChunked(contentType);
}
inline void writeChunk(QHttpServerResponder& responder, const QByteArray& data) {
  if (!data.isEmpty()) responder.writeChunk(data);
}
inline void endChunked(QHttpServerResponder& responder) { responder.writeEndChunked(QByteArray()); }

// A whole body with its type and `extra` headers.
inline void writeWithHeaders(QHttpServerResponder& responder, const QByteArray& body, const QByteArray& contentType,
                             const ExtraHeaders& extra) {
  QHttpHeaders headers;
  headers.append(QHttpHeaders::WellKnownHeader::ContentType, contentType);
  for (const auto& [name, value] : extra) headers.append(name, value);
  responder.write(body, headers);
}

// The client's connection: the responder's socket where Qt gives it, else the
// socket the server accepted from the request's address and port.
inline quint16 remotePort(const QHttpServerRequest& request) { return request.remotePort(); }
inline QTcpSocket* responderSocket(QHttpServerResponder&) { return nullptr; }
#else
using ResponderArg = QHttpServerResponder&&;

template <typename Handler>
void setMissingHandler(QHttpServer& server, const QObject*, Handler&& handler) {
  server.setMissingHandler(std::forward<Handler>(handler));
}

inline QByteArray chunkFrame(const QByteArray& data) {
  return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}
inline void beginChunked(QHttpServerResponder& responder, const QByteArray& contentType) {
  responder.writeStatusLine(QHttpServerResponder::StatusCode::Ok);
  responder.writeHeaders({{"Content-Type", contentType}, {"Transfer-Encoding", "chunked"}});
}
inline void writeChunk(QHttpServerResponder& responder, const QByteArray& data) {
  if (!data.isEmpty()) responder.writeBody(chunkFrame(data));
}
inline void endChunked(QHttpServerResponder& responder) { responder.writeBody("0\r\n\r\n"); }

// write(body, HeaderList) takes only a list written out in the call: the same lines one by one.
inline void writeWithHeaders(QHttpServerResponder& responder, const QByteArray& body, const QByteArray& contentType,
                             const ExtraHeaders& extra) {
  responder.writeStatusLine(QHttpServerResponder::StatusCode::Ok);
  responder.writeHeader("Content-Type", contentType);
  for (const auto& [name, value] : extra) responder.writeHeader(name, value);
  responder.writeHeader("Content-Length", QByteArray::number(body.size()));
  responder.writeBody(body);
}

inline quint16 remotePort(const QHttpServerRequest&) { return 0; }
inline QTcpSocket* responderSocket(QHttpServerResponder& responder) { return responder.socket(); }
#endif

}  // namespace cosystudio::services::qt_compat
