// synth --server on a build with the window's services: CosyStudio's own API
// through its client (services/server/remote_speech.h).
#include "server_speech.h"

#include "server_token.h"

#include "services/server/remote_speech.h"

#include <QCoreApplication>

#include <optional>

namespace cosystudio::cli {

struct ServerSpeech::Impl {
  std::optional<QCoreApplication> app;  // the network's event loop needs one
  std::optional<services::RemoteSpeech> server;
};

ServerSpeech::ServerSpeech(const ServerOptions& options)
    : impl_(std::make_unique<Impl>()) {
  static int argc = 1;
  static char name[] = "cosystudio-cli";
  static char* argv[] = {name, nullptr};
  if (!QCoreApplication::instance()) impl_->app.emplace(argc, argv);
  impl_->server.emplace(services::RemoteServer{QUrl(QString::fromStdString(options.url)),
                                               serverToken({}, options.tokenFile),
                                               QString::fromStdString(options.certificate)});
  impl_->server->connect();
}

ServerSpeech::~ServerSpeech() = default;

SpeechMaker& ServerSpeech::speech() { return *impl_->server; }

}  // namespace cosystudio::cli
