// The speech server's connections, accepted here so that each can be counted,
// capped and timed before Qt HTTP Server's parser reads it, and, serving
// HTTPS, handed to the parser once their handshake is done.
#pragma once

#include "services/server/speech_server.h"

#include <QHostAddress>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>

#include <functional>

namespace cosystudio::services {

class SpeechServer::Connections : public QTcpServer {
 public:
  Connections(const SpeechServerOptions& options, QObject* parser) : options_(options), parser_(parser) {}

  // Closes every open connection, each once what was written to it is sent;
  // `whenClosed` runs once none is left (at once, when none is open).
  void closeAll(std::function<void()> whenClosed);
  // The connection from `address` and `port`, or null.
  QTcpSocket* find(const QHostAddress& address, quint16 port) const;

  // A whole request arrived on `socket`: the count and the deadline start again for the next.
  static void awaitNextRequest(QTcpSocket* socket);
  // The socket carries an answer that takes its time: no deadline until it ends.
  static void holdWhileAnswering(QTcpSocket* socket);

 protected:
  void incomingConnection(qintptr descriptor) override;

 private:
  // A client of an HTTPS port opens with a TLS handshake record (0x16); one
  // that speaks plain HTTP is told to use https instead of meeting a failed
  // handshake's silence. The byte is peeked, not read: the handshake gets it.
  void awaitFirstByte(qintptr descriptor);
  void refusePlainHttp(qintptr descriptor);
  void accept(qintptr descriptor, QTcpSocket* socket);
  void forgetClosed(QTcpSocket* socket);

  const SpeechServerOptions& options_;
  QObject* parser_;
  QSet<QTcpSocket*> open_;
  std::function<void()> whenClosed_;
};

}  // namespace cosystudio::services
