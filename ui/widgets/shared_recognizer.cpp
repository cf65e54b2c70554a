#include "shared_recognizer.h"

#include <QDir>

#include <map>
#include <mutex>

namespace cosystudio::ui {

std::shared_ptr<const Recognizer> sharedRecognizer(const QString& folder) {
  static std::mutex mutex;
  static std::map<QString, std::weak_ptr<const Recognizer>> loaded;
  const QString key = QDir::cleanPath(folder);
  // Held while loading: a second thread asking for the same folder waits for
  // this load rather than making a second copy.
  const std::lock_guard<std::mutex> lock(mutex);
  if (auto kept = loaded[key].lock()) return kept;
  std::shared_ptr<const Recognizer> made = Recognizer::load(std::filesystem::path(key.toStdString()));
  loaded[key] = made;
  return made;
}

}  // namespace cosystudio::ui
