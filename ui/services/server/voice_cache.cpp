#include "services/server/voice_cache.h"

#include "services/app_data.h"
#include "services/server/api_request.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>

namespace cosystudio::services {

audio::Clip clipOf(const Voice& voice) {
  audio::Clip clip;
  clip.channels = {voice.clipSamples()};
  clip.sampleRate = voice.clipRate();
  return clip;
}

QString VoiceCache::fileFor(const QString& hash) const {
  return QDir(folder_).filePath(hash + QLatin1String(kVoiceSuffix));
}

std::optional<Voice> VoiceCache::find(const QString& hash) {
  // A file under a hash's name never changes (keep()), but may be removed.
  if (!isVoiceHash(hash) || !QFileInfo(fileFor(hash)).isFile()) return std::nullopt;
  if (const Voice* read = read_.find(hash)) return *read;
  try {
    const Voice voice = Voice::load(fileFor(hash).toStdString());
    return read_.insert(hash, voice, voice.bytes());
  } catch (const std::exception&) {
    return std::nullopt;  // damaged since: the client sends it again
  }
}

std::variant<bool, ApiError> VoiceCache::keep(const QString& hash, const QByteArray& bytes) {
  const QString sent = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
  if (sent != hash)
    return ApiError{400, QStringLiteral("the voice's bytes have the SHA-256 %1, not %2").arg(sent, hash), {},
                    QStringLiteral("sha256_mismatch")};
  if (find(hash)) return false;
  const auto serverError = [](const QString& why) {
    return ApiError{500, QStringLiteral("the server cannot keep the voice: %1").arg(why), {}, {},
                    QStringLiteral("server_error")};
  };
  if (!QDir().mkpath(folder_)) return serverError(QStringLiteral("its voice folder cannot be made"));
  // Read back as a voice under a temporary name before it takes its own, so
  // that no file under a hash's name is anything but that voice.
  QTemporaryFile file(QDir(folder_).filePath(QStringLiteral("XXXXXX.part")));
  if (!file.open() || file.write(bytes) != bytes.size() || !file.flush()) return serverError(file.errorString());
  try {
    Voice::load(file.fileName().toStdString());
  } catch (const std::exception& e) {
    return ApiError{400, QStringLiteral("these bytes are not a voice CosyStudio reads: %1").arg(QString::fromUtf8(e.what())),
                    {}, QStringLiteral("not_a_voice")};
  }
  if (file.rename(fileFor(hash))) {
    file.setAutoRemove(false);  // it is the voice now
    return true;
  }
  if (find(hash)) return false;  // kept meanwhile by another request
  return serverError(file.errorString());
}

}  // namespace cosystudio::services
