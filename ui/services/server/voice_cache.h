// The voices clients sent (PUT /cosystudio/v1/voices/{sha256}), each kept once
// as FOLDER/<sha256>.voice, so that a voice crosses the network once and is
// named by its hash after. The hash is the SHA-256 of the .voice file's bytes,
// which the client computes before it asks whether the server has it.
#pragma once

#include "cosystudio/engine.h"
#include "services/server/speech_request.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <variant>

namespace cosystudio::services {

class VoiceCache {
 public:
  explicit VoiceCache(QString folder) : folder_(std::move(folder)) {}

  // Where the voice of `hash` is kept, whether or not it is there.
  QString fileFor(const QString& hash) const;
  // The voice kept under `hash`; nothing when none is.
  std::optional<Voice> find(const QString& hash) const;
  // Keeps `bytes` under `hash`: true when it was new, false when it was kept
  // already; or why not: 400 when the bytes are not of that hash or not a
  // voice CosyStudio reads, 500 when the folder cannot take it.
  std::variant<bool, ApiError> keep(const QString& hash, const QByteArray& bytes) const;

 private:
  QString folder_;
};

}  // namespace cosystudio::services
