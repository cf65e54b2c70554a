#include "services/server/server_connections.h"

#include "services/server/speech_request.h"

#include <QSocketNotifier>
#include <QSslSocket>
#include <QTimer>
#include <QUrl>

#include <utility>

#include <sys/socket.h>
#include <unistd.h>

namespace cosystudio::services {
namespace {

// What a connection has sent towards its next request: Qt HTTP Server reads a
// request whole into memory, however large, before any handler sees it.
constexpr char kReceivedProperty[] = "cosystudioRequestBytes";
// The first bytes of the request, up to its request line's path: a voice
// sent to be kept, a take compared with one, and a long text for CosyStudio's
// API may be larger than the other requests.
constexpr char kStartProperty[] = "cosystudioRequestStart";
constexpr char kVoiceUploadStart[] = "PUT /cosystudio/v1/voices/";
constexpr char kComparisonStart[] = "POST /cosystudio/v1/voices/";
constexpr char kApiSpeechStart[] = "POST /cosystudio/v1/speech";
constexpr char kDeadlineProperty[] = "cosystudioRequestDeadline";
// How long the rest of a refused request is read and dropped, so that the
// client reads the refusal instead of a reset connection.
constexpr int kDrainMilliseconds = 1000;
// The first byte of a TLS client: a handshake record.
constexpr char kTlsHandshakeRecord = 0x16;

// Answers a connection whose request grew past the limit itself (no request
// exists to answer through the server) and closes it.
void refuseOversized(QTcpSocket* socket, QObject* parser, const ApiError& error) {
  QObject::disconnect(socket, &QTcpSocket::readyRead, parser, nullptr);
  if (socket->isTransactionStarted()) socket->commitTransaction();
  socket->readAll();
  QObject::connect(socket, &QTcpSocket::readyRead, socket, [socket] { socket->readAll(); });
  const QByteArray body = error.json();
  socket->write("HTTP/1.1 413 Request Entity Too Large\r\nContent-Type: application/json\r\nContent-Length: " +
                QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  QTimer::singleShot(kDrainMilliseconds, socket, [socket] { socket->disconnectFromHost(); });
}

}  // namespace

void SpeechServer::Connections::closeAll(std::function<void()> whenClosed) {
  whenClosed_ = std::move(whenClosed);
  const QSet<QTcpSocket*> open = open_;
  for (QTcpSocket* socket : open) socket->disconnectFromHost();
  forgetClosed(nullptr);
}

QTcpSocket* SpeechServer::Connections::find(const QHostAddress& address, quint16 port) const {
  for (QTcpSocket* socket : open_)
    if (socket->peerPort() == port && socket->peerAddress().isEqual(address)) return socket;
  return nullptr;
}

void SpeechServer::Connections::awaitNextRequest(QTcpSocket* socket) {
  socket->setProperty(kReceivedProperty, 0);
  socket->setProperty(kStartProperty, QByteArray());
  if (auto* deadline = socket->property(kDeadlineProperty).value<QTimer*>()) deadline->start();
}

void SpeechServer::Connections::holdWhileAnswering(QTcpSocket* socket) {
  if (auto* deadline = socket->property(kDeadlineProperty).value<QTimer*>()) deadline->stop();
}

void SpeechServer::Connections::incomingConnection(qintptr descriptor) {
  if (options_.tls) return awaitFirstByte(descriptor);
  accept(descriptor, new QTcpSocket(this));
}

void SpeechServer::Connections::awaitFirstByte(qintptr descriptor) {
  auto* notifier = new QSocketNotifier(descriptor, QSocketNotifier::Read, this);
  auto* deadline = new QTimer(notifier);
  deadline->setSingleShot(true);
  connect(deadline, &QTimer::timeout, notifier, [notifier, descriptor] {
    notifier->setEnabled(false);
    ::close(int(descriptor));  // a client that never says anything
    notifier->deleteLater();
  });
  deadline->start(options_.requestDeadlineMs);
  connect(notifier, &QSocketNotifier::activated, this, [this, notifier, descriptor] {
    notifier->setEnabled(false);
    notifier->deleteLater();
    char first = 0;
    if (::recv(int(descriptor), &first, 1, MSG_PEEK) == 1 && first != kTlsHandshakeRecord)
      return refusePlainHttp(descriptor);
    accept(descriptor, new QSslSocket(this));
  });
}

void SpeechServer::Connections::refusePlainHttp(qintptr descriptor) {
  auto* socket = new QTcpSocket(this);
  if (!socket->setSocketDescriptor(descriptor)) return delete socket;
  connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
  QUrl https = QUrl(QStringLiteral("https://localhost/v1"));
  https.setHost(socket->localAddress().toString());
  https.setPort(socket->localPort());
  const QByteArray body =
      ApiError{400, QStringLiteral("this server speaks HTTPS: ask %1 instead").arg(https.toString()), {},
               QStringLiteral("https_required")}
          .json();
  socket->readAll();  // what has come of the request: unread, it would reset the connection under the answer
  socket->write("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                QByteArray::number(body.size()) + "\r\n\r\n" + body);
  socket->disconnectFromHost();
}

void SpeechServer::Connections::accept(qintptr descriptor, QTcpSocket* socket) {
  if (!socket->setSocketDescriptor(descriptor) || open_.size() >= options_.maxConnections) {
    delete socket;
    return;
  }
  // Qt HTTP Server may give the socket another parent: the set knows it while it is connected.
  open_.insert(socket);
  connect(socket, &QTcpSocket::disconnected, this, [this, socket] { forgetClosed(socket); });
  connect(socket, &QObject::destroyed, this, [this, socket] { forgetClosed(socket); });
  auto* deadline = new QTimer(socket);
  deadline->setSingleShot(true);
  deadline->setInterval(options_.requestDeadlineMs);
  connect(deadline, &QTimer::timeout, socket, &QTcpSocket::abort);
  deadline->start();
  socket->setProperty(kDeadlineProperty, QVariant::fromValue(deadline));
  // Connected before the parser, so it counts what the parser is about to read.
  connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
    const qint64 received = socket->property(kReceivedProperty).toLongLong() + socket->bytesAvailable();
    socket->setProperty(kReceivedProperty, received);
    QByteArray start = socket->property(kStartProperty).toByteArray();
    const qsizetype wanted = qsizetype(sizeof kComparisonStart) - 1;
    if (start.size() < wanted) {
      start += socket->peek(wanted - start.size());  // the parser has not read them yet
      socket->setProperty(kStartProperty, start);
    }
    const qsizetype limit = start.startsWith(kVoiceUploadStart)  ? options_.limits.maxVoiceBytes
                            : start.startsWith(kComparisonStart) ? options_.limits.maxComparedBytes
                            : start.startsWith(kApiSpeechStart)  ? options_.limits.maxApiRequestBytes
                                                                 : options_.limits.maxRequestBytes;
    if (received > limit)
      refuseOversized(socket, parser_, {413, QStringLiteral("the request is larger than %1 bytes").arg(limit), {}, {}});
  });
  auto* tlsSocket = qobject_cast<QSslSocket*>(socket);
  if (!tlsSocket) return addPendingConnection(socket);
  // HTTP starts once the handshake is done (as QSslServer does); a client
  // that fails it, or never ends it, is let go.
  connect(tlsSocket, &QSslSocket::encrypted, this, [this, tlsSocket] { addPendingConnection(tlsSocket); });
  connect(tlsSocket, &QAbstractSocket::disconnected, tlsSocket, [tlsSocket] {
    if (!tlsSocket->isEncrypted()) tlsSocket->deleteLater();
  });
  tlsSocket->setSslConfiguration(*options_.tls);
  tlsSocket->startServerEncryption();
}

void SpeechServer::Connections::forgetClosed(QTcpSocket* socket) {
  open_.remove(socket);
  if (open_.isEmpty() && whenClosed_) std::exchange(whenClosed_, nullptr)();
}

}  // namespace cosystudio::services
