// synth --server on a build without the window's services (--engine-only):
// refused, saying which build has it.
#include "server_speech.h"

#include <stdexcept>

namespace cosystudio::cli {

struct ServerSpeech::Impl {};

ServerSpeech::ServerSpeech(const ServerOptions&) {
  throw std::runtime_error("--server needs the full build (scripts/setup.sh without --engine-only): this "
                           "cosystudio-cli was built without Qt");
}

ServerSpeech::~ServerSpeech() = default;

// Never reached: no ServerSpeech is made here.
SpeechMaker& ServerSpeech::speech() { throw std::logic_error("no server speech in this build"); }

}  // namespace cosystudio::cli
