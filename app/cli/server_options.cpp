#include "server_options.h"

namespace cosystudio::cli {

void ServerOptions::addTo(CLI::App* sub) {
  sub->add_option("--server", url,
                  "Make the speech on a CosyStudio server's engine (cosystudio-cli serve, or the window's), e.g. "
                  "http://gpu-box:8880, instead of this computer's: the voice is a saved --voice FILE (a script's, "
                  "its cast's), each voice and a --source clip sent once; --check listens here with --asr-model and "
                  "has the speaker compared there");
  sub->add_option("--server-token-file", tokenFile,
                  std::string("The server's token, the first line of FILE (default: ") + kTokenVariable + ")")
      ->check(CLI::ExistingFile);
  sub->add_option("--server-cert", certificate,
                  "The certificate (PEM) an HTTPS server with a self-signed one is trusted by")
      ->check(CLI::ExistingFile);
}

}  // namespace cosystudio::cli
