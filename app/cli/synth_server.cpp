// synth --server on a build with the window's services: CosyStudio's own API
// through its client (services/server/remote_speech.h).
#include "synth.h"

#include "server_token.h"

#include "services/server/remote_speech.h"

#include <QCoreApplication>

#include <optional>

namespace cosystudio::cli {

struct ServerSpeech::Impl {
  std::optional<QCoreApplication> app;  // the network's event loop needs one
  std::optional<services::RemoteSpeech> server;
  QString voice;
};

ServerSpeech::ServerSpeech(const ServerOptions& options, const std::string& voiceFile)
    : impl_(std::make_unique<Impl>()) {
  static int argc = 1;
  static char name[] = "cosystudio-cli";
  static char* argv[] = {name, nullptr};
  if (!QCoreApplication::instance()) impl_->app.emplace(argc, argv);
  impl_->server.emplace(services::RemoteServer{QUrl(QString::fromStdString(options.url)),
                                               serverToken({}, options.tokenFile),
                                               QString::fromStdString(options.certificate)});
  impl_->server->connect();
  if (!voiceFile.empty()) impl_->voice = impl_->server->sendVoice(QString::fromStdString(voiceFile));
}

ServerSpeech::~ServerSpeech() = default;

SynthesisResult ServerSpeech::synthesize(const SynthesisRequest& request, const SynthesisSettings& settings,
                                         const SynthesisCallbacks& callbacks) {
  return impl_->server->synthesize(request, impl_->voice, settings, callbacks);
}

SpeechMaker& ServerSpeech::speech() { return *impl_->server; }

}  // namespace cosystudio::cli
