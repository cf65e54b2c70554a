// What a CosyStudio server and its clients on the command line share: the
// token (serve's, and synth --server's), and the options by which synth
// makes its speech on a server's engine instead of this computer's.
#pragma once

#include "services/server/remote_speech.h"

#include <CLI/CLI.hpp>

#include <QString>

#include <string>

namespace cosystudio::cli {

// The variable a token may come in, so that it shows in no process list.
inline constexpr char kTokenVariable[] = "COSYSTUDIO_SERVER_TOKEN";

// The token from `tokenFile` (its first line), else `token`, else the
// environment; empty: none. Throws std::runtime_error naming an unreadable
// or empty file.
QString serverToken(const std::string& token, const std::string& tokenFile);

// --server URL, --server-token-file FILE, --server-cert PEM.
struct ServerOptions {
  std::string url;  // empty: this computer's engine
  std::string tokenFile;
  std::string certificate;

  bool given() const { return !url.empty(); }
  void addTo(CLI::App* sub);
  services::RemoteServer remote() const;
};

}  // namespace cosystudio::cli
