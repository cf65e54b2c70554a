#include "services/book/text_hash.h"

#include <QCryptographicHash>

namespace cosystudio::services {

std::string textHash(const QString& text) {
  return QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex().toStdString();
}

}  // namespace cosystudio::services
