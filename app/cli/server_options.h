// synth --server: the options by which a run is made on a CosyStudio server's
// engine (cosystudio-cli serve, or the window's) instead of this computer's.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace cosystudio::cli {

// The variable a token may come in, so that it shows in no process list
// (serve's and its clients').
inline constexpr char kTokenVariable[] = "COSYSTUDIO_SERVER_TOKEN";

// --server URL, --server-token-file FILE, --server-cert PEM.
struct ServerOptions {
  std::string url;  // empty: this computer's engine
  std::string tokenFile;
  std::string certificate;

  bool given() const { return !url.empty(); }
  void addTo(CLI::App* sub);
};

}  // namespace cosystudio::cli
