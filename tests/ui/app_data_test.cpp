// The window's data in one CosyStudio folder, and what earlier versions kept
// in CosyStudio/CosyStudio moved there, in a data folder of the test's own.

#include "services/app_data.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace cosystudio::services;

namespace {

bool writeFile(const QString& path) {
  QDir().mkpath(QFileInfo(path).path());
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write("kept") == 4;
}

}  // namespace

class AppDataTest : public QObject {
  Q_OBJECT

 private slots:
  // As the program names itself: organisation and application both "CosyStudio".
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("CosyStudio"));
    QCoreApplication::setApplicationName(QStringLiteral("CosyStudio"));
  }

  void init() {
    home_.reset(new QTemporaryDir);
    QVERIFY(home_->isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(home_->path()));
    earlier_ = home_->filePath(QStringLiteral("CosyStudio/CosyStudio"));
    QCOMPARE(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation), earlier_);
  }

  void theFolderIsOne() { QCOMPARE(appDataFolder(), home_->filePath(QStringLiteral("CosyStudio"))); }

  void everythingMovesAndTheEarlierFolderGoes() {
    const QStringList entries{QStringLiteral("voices/Anna.voice"), QStringLiteral("outputs/take-1.wav"),
                              QStringLiteral("recordings/recording-1.wav"), QStringLiteral("queue.json")};
    for (const QString& entry : entries) QVERIFY(writeFile(earlier_ + QLatin1Char('/') + entry));
    QCOMPARE(moveEarlierAppData(), QStringList());
    for (const QString& entry : entries) QVERIFY2(QFile::exists(appDataFolder() + QLatin1Char('/') + entry), qPrintable(entry));
    QVERIFY(!QFileInfo::exists(earlier_));
    // A path saved before the move finds the file where it is now.
    const QString recording = earlier_ + QStringLiteral("/recordings/recording-1.wav");
    QCOMPARE(movedAppDataPath(recording), appDataFolder() + QStringLiteral("/recordings/recording-1.wav"));
    QCOMPARE(movedAppDataPath(QStringLiteral("/elsewhere/clip.wav")), QStringLiteral("/elsewhere/clip.wav"));
    // The next start finds nothing to move.
    QCOMPARE(moveEarlierAppData(), QStringList());
  }

  // An entry that cannot be moved (here: the new folder has one of that name)
  // is named and stays where it was, whole and readable; the rest moves.
  void whatCannotMoveStaysWhereItWas() {
    QVERIFY(writeFile(earlier_ + QStringLiteral("/voices/Anna.voice")));
    QVERIFY(writeFile(earlier_ + QStringLiteral("/queue.json")));
    QVERIFY(writeFile(appDataFolder() + QStringLiteral("/voices/Ben.voice")));
    const QStringList problems = moveEarlierAppData();
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.first().contains(earlier_ + QStringLiteral("/voices")), qPrintable(problems.first()));
    QVERIFY(QFile::exists(appDataFolder() + QStringLiteral("/queue.json")));
    const QString anna = earlier_ + QStringLiteral("/voices/Anna.voice");
    QFile kept(anna);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("kept"));
    QCOMPARE(movedAppDataPath(anna), anna);
    QVERIFY(QFile::exists(appDataFolder() + QStringLiteral("/voices/Ben.voice")));
  }

 private:
  std::unique_ptr<QTemporaryDir> home_;
  QString earlier_;
};

QTEST_GUILESS_MAIN(AppDataTest)
#include "app_data_test.moc"
