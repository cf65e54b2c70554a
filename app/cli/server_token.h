// The token a CosyStudio server and its clients share (serve, synth --server).
#pragma once

#include <QString>

#include <string>

namespace cosystudio::cli {

// The token from `tokenFile` (its first line), else `token`, else the
// environment (kTokenVariable); empty: none. Throws std::runtime_error
// naming an unreadable or empty file.
QString serverToken(const std::string& token, const std::string& tokenFile);

}  // namespace cosystudio::cli
