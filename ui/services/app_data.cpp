#include "services/app_data.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace cosystudio::services {

namespace {

QString earlierFolder() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

}  // namespace

QString appDataFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/CosyStudio");
}

QString voicesFolder() { return appDataFolder() + QStringLiteral("/voices"); }

QStringList moveEarlierAppData() {
  const QString earlier = earlierFolder();
  const QDir folder(appDataFolder());
  if (QDir::cleanPath(earlier) == folder.path() || !QFileInfo(earlier).isDir()) return {};
  folder.mkpath(QStringLiteral("."));
  QStringList problems;
  const auto entries = QDir(earlier).entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
  for (const QFileInfo& entry : entries) {
    const QString target = folder.filePath(entry.fileName());
    // A rename moves a whole folder of takes at once or not at all; an entry
    // already at the target is never overwritten.
    if (QFileInfo(target).exists() || QFileInfo(target).isSymLink() || !QDir().rename(entry.filePath(), target))
      problems << QCoreApplication::translate("AppData", "%1 could not be moved to %2.")
                      .arg(QDir::toNativeSeparators(entry.filePath()), QDir::toNativeSeparators(target));
  }
  // What could not be moved stays where it was, readable: nothing the user
  // made is deleted or left half copied, it can be moved by hand, and the
  // next start tries again. Only an emptied folder goes.
  if (problems.isEmpty()) QDir().rmdir(earlier);
  return problems;
}

QString movedAppDataPath(const QString& path) {
  const QString earlier = QDir::cleanPath(earlierFolder()) + QLatin1Char('/');
  const QString cleaned = QDir::cleanPath(path);
  // A file that could not be moved is still where the path says.
  if (!cleaned.startsWith(earlier) || QFileInfo::exists(path)) return path;
  return appDataFolder() + QLatin1Char('/') + cleaned.mid(earlier.size());
}

}  // namespace cosystudio::services
