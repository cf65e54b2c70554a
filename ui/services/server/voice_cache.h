// The voices clients sent (PUT /cosystudio/v1/voices/{sha256}), each kept once
// as FOLDER/<sha256>.voice, so that a voice crosses the network once and is
// named by its hash after. The hash is the SHA-256 of the .voice file's bytes,
// which the client computes before it asks whether the server has it.
//
// The voices read are kept for the next requests (the most recent few): the
// engine keeps its features by the voice it was given, so a voice read again
// for each request would have them computed again for each (a client without a
// model sends only the clip, Voice::fromClip).
#pragma once

#include "cosystudio/engine.h"
#include "cosystudio/recent_cache.h"
#include "services/server/speech_request.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <variant>

namespace cosystudio::services {

// The clip of `voice` as the engine takes a source clip: a client sends the
// speech to convert as a voice of its own (Voice::fromClip), so that it
// crosses the network as voices do.
audio::Clip clipOf(const Voice& voice);

class VoiceCache {
 public:
  explicit VoiceCache(QString folder) : folder_(std::move(folder)) {}

  // Where the voice of `hash` is kept, whether or not it is there.
  QString fileFor(const QString& hash) const;
  // The voice kept under `hash`; nothing when none is.
  std::optional<Voice> find(const QString& hash);
  // Keeps `bytes` under `hash`: true when it was new, false when it was kept
  // already; or why not: 400 when the bytes are not of that hash or not a
  // voice CosyStudio reads, 500 when the folder cannot take it.
  std::variant<bool, ApiError> keep(const QString& hash, const QByteArray& bytes);

 private:
  QString folder_;
  RecentCache<QString, Voice> read_{kCachedVoices, kCachedVoiceBytes};
};

}  // namespace cosystudio::services
