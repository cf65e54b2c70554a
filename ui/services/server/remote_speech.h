// A CosyStudio server's own API (api_request.h, api_events.h;
// docs/api/cosystudio-v1.yaml) from the client's side: speech made by the
// engine of another machine: a SpeechMaker, with the calls and callbacks of
// the Engine, so that it stands where the engine stands. Each call blocks its
// thread (it runs an event loop of its own): a worker's.
//
// Whatever goes wrong is a RemoteError whose message a person can act on: the
// server cannot be reached, its certificate is not trusted, the token is
// refused, it is an earlier CosyStudio without this API, or it refused the
// request (its own message, naming the field).
#pragma once

#include "cosystudio/engine.h"

#include <QString>
#include <QUrl>

#include <memory>
#include <stdexcept>

namespace cosystudio::services {

struct RemoteServer {
  QUrl url;                 // http(s)://HOST:PORT, as `serve` prints it (a path is ignored)
  QString token;            // empty: none sent
  QString certificateFile;  // PEM to trust (a self-signed server's); empty: the system's authorities
};

class RemoteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RemoteInfo {
  int apiVersion = 0;
  QString server;  // "CosyStudio 0.1.0"
  bool modelLoaded = false;
  Precision precision = Precision::Float32;  // its model's
};

class RemoteSpeech final : public SpeechMaker {
 public:
  explicit RemoteSpeech(RemoteServer server);
  ~RemoteSpeech() override;
  RemoteSpeech(const RemoteSpeech&) = delete;
  RemoteSpeech& operator=(const RemoteSpeech&) = delete;

  // GET /cosystudio/v1: the server, once it is known to speak this API's version.
  RemoteInfo connect();
  // The voice saved in `voiceFile` as the server names it (the SHA-256 of the
  // file), sent only when the server does not have it yet.
  QString sendVoice(const QString& voiceFile);
  QString sendVoice(const Voice& voice);
  // What the server's engine makes of `request` (its voice sent before, as
  // `voiceHash`) with `settings`; the callbacks as Engine::synthesize calls
  // them. Throws Cancelled when callbacks.shouldStop says so (the server
  // stops too), RemoteError for the rest.
  SynthesisResult synthesize(const SynthesisRequest& request, const QString& voiceHash,
                             const SynthesisSettings& settings, const SynthesisCallbacks& callbacks = {});

  // SpeechMaker. A voice is its clip and transcript (Voice::fromClip): the
  // server computes its features. Speech is made in the request's voice,
  // sent first when the server does not have it; a source clip to convert is
  // sent as a voice of its own.
  Voice prepareVoice(const audio::Clip& clip, const std::string& transcript) override;
  SynthesisResult synthesize(const SynthesisRequest& request, const SynthesisSettings& settings,
                             const SynthesisCallbacks& callbacks = {}) override;
  // Compared by the server's model (POST /cosystudio/v1/voices/{sha256}/similarity).
  double speakerSimilarity(const std::vector<float>& samples, int sampleRate, const Voice& voice) override;

  // Reset engine on the server (POST /cosystudio/v1/reset): once the requests
  // before it are done, its model is torn down and loaded again; its memory
  // before and after.
  ResetReport reset();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cosystudio::services
