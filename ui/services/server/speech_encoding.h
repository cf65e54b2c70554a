// The bytes of a speech answer: a WAV header, 16-bit PCM, FLAC.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace cosystudio::services {

// A 16-bit mono WAV header; dataBytes UINT32_MAX: a stream of unknown length,
// both sizes saying "to the end", as OpenAI's do.
QByteArray wavHeader(int sampleRate, quint32 dataBytes);

// 16-bit little-endian samples.
QByteArray pcmBytes(const std::vector<float>& samples);

// FLAC, or nothing with `error` said.
std::optional<QByteArray> flacBytes(const std::vector<float>& samples, int sampleRate, QString* error);

}  // namespace cosystudio::services
