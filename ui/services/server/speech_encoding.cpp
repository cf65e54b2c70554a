#include "services/server/speech_encoding.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/audio/pcm16.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtEndian>

#include <cstring>

namespace cosystudio::services {

QByteArray wavHeader(int sampleRate, quint32 dataBytes) {
  QByteArray header(44, '\0');
  char* h = header.data();
  const auto put32 = [h](int at, quint32 value) { qToLittleEndian(value, h + at); };
  const auto put16 = [h](int at, quint16 value) { qToLittleEndian(value, h + at); };
  std::memcpy(h, "RIFF", 4);
  put32(4, dataBytes == UINT32_MAX ? UINT32_MAX : dataBytes + 36);
  std::memcpy(h + 8, "WAVEfmt ", 8);
  put32(16, 16);
  put16(20, 1);  // PCM
  put16(22, 1);  // mono
  put32(24, quint32(sampleRate));
  put32(28, quint32(sampleRate) * 2);
  put16(32, 2);
  put16(34, 16);
  std::memcpy(h + 36, "data", 4);
  put32(40, dataBytes);
  return header;
}

QByteArray pcmBytes(const std::vector<float>& samples) {
  const std::vector<std::int16_t> pcm = audio::toPcm16(samples);
  QByteArray bytes(qsizetype(pcm.size() * 2), '\0');
  for (std::size_t i = 0; i < pcm.size(); ++i) qToLittleEndian(pcm[i], bytes.data() + 2 * i);
  return bytes;
}

// FLAC through the engine's own writer, which wants a file.
std::optional<QByteArray> flacBytes(const std::vector<float>& samples, int sampleRate, QString* error) {
  QTemporaryDir folder;
  const QString path = folder.filePath(QStringLiteral("speech.flac"));
  try {
    audio::Clip clip;
    clip.channels = {samples};
    clip.sampleRate = sampleRate;
    audio::writeAudio(path.toStdString(), clip, audio::FileFormat::Flac);
  } catch (const std::exception& e) {
    *error = QString::fromUtf8(e.what());
    return std::nullopt;
  }
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = file.errorString();
    return std::nullopt;
  }
  return file.readAll();
}

}  // namespace cosystudio::services
