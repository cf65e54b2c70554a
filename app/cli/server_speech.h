// synth --server: the speech made by a server's engine (synth_server.cpp; a
// build without the window's services refuses it,
// synth_server_unavailable.cpp), as the engine's callers use an engine: each
// request's voice, and a source clip to convert, is sent once. Constructing
// one asks the server and throws what keeps it from answering.
#pragma once

#include "server_options.h"

#include "cosystudio/engine.h"

#include <memory>

namespace cosystudio::cli {

class ServerSpeech {
 public:
  explicit ServerSpeech(const ServerOptions& options);
  ~ServerSpeech();
  SpeechMaker& speech();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cosystudio::cli
