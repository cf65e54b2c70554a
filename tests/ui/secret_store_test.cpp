// The local server's token in the desktop's secret store, not in the settings
// file (keepServerToken): with a store (a GNOME Keyring of the test's own,
// with_secret_store.sh) and without one, where the file keeps it and Settings
// says so in plain words. Run as two tests, each its functions by name.
#include "app_settings.h"
#include "model_dialogs.h"
#include "secret_store.h"

#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QtTest>

using namespace cosystudio::ui;
using Place = ServerSettings::TokenPlace;

namespace {

const QString kToken = QStringLiteral("Zm9vYmFyLXRva2VuLTEyMw");

// The settings file as bytes, written out first.
QByteArray settingsFile() {
  QSettings settings;
  settings.sync();
  QFile file(settings.fileName());
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// What the window reads at its start.
ServerSettings loaded() {
  ServerSettings server;
  loadServerToken(server);
  return server;
}

}  // namespace

class SecretStoreTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("CosyStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("secret_store_test"));
  }
  void init() {
    QSettings().clear();
    deleteSecret(QStringLiteral("server-token"));
  }

  // --- with a secret store ---

  void aTokenIsKeptInTheStoreAndNotInTheFile() {
    ServerSettings server;
    server.token = kToken;
    keepServerToken(server);
    QVERIFY2(server.tokenPlace == Place::SecretStore, qPrintable(server.secretStoreProblem));
    QVERIFY(!settingsFile().contains(kToken.toUtf8()));
    QCOMPARE(readSecret(QStringLiteral("server-token")).value, kToken);
    AppSettings read = AppSettings::load();
    read.server = loaded();
    QCOMPARE(read.server.token, kToken);
    QVERIFY(read.server.tokenPlace == Place::SecretStore);
    SettingsDialog dialog(read);
    const QString note = dialog.findChild<QLabel*>(QStringLiteral("serverNote"))->text();
    QVERIFY2(note.contains(QStringLiteral("The token is kept in the desktop's secret store.")), qPrintable(note));
  }

  // Saving the other settings leaves the token where it is.
  void savingTheSettingsWritesNoToken() {
    AppSettings settings;
    settings.server.token = kToken;
    keepServerToken(settings.server);
    settings.save();
    QVERIFY(!settingsFile().contains(kToken.toUtf8()));
    QCOMPARE(loaded().token, kToken);
    QVERIFY(AppSettings::load().server.token.isEmpty());  // only the window asks the store, at its start
  }

  // An earlier version kept it in the file: the first start moves it.
  void aTokenInTheFileMovesIntoTheStore() {
    QSettings().setValue(QStringLiteral("server/token"), kToken);
    QVERIFY(settingsFile().contains(kToken.toUtf8()));
    const ServerSettings read = loaded();
    QCOMPARE(read.token, kToken);
    QVERIFY(read.tokenPlace == Place::SecretStore);
    QVERIFY(!settingsFile().contains(kToken.toUtf8()));
    QCOMPARE(loaded().token, kToken);
  }

  void aClearedTokenLeavesTheStore() {
    ServerSettings server;
    server.token = kToken;
    keepServerToken(server);
    server.token.clear();
    keepServerToken(server);
    QVERIFY(server.tokenPlace == Place::None);
    QVERIFY(readSecret(QStringLiteral("server-token")).value.isEmpty());
    QVERIFY(loaded().token.isEmpty());
  }

  // Gone from the store behind the app's back: no token, and the reason
  // (the server then makes a new one when it starts).
  void aTokenMissingFromTheStoreIsNamed() {
    ServerSettings server;
    server.token = kToken;
    keepServerToken(server);
    QVERIFY(deleteSecret(QStringLiteral("server-token")).ok);
    const ServerSettings read = loaded();
    QVERIFY(read.token.isEmpty());
    QCOMPARE(read.secretStoreProblem, QStringLiteral("the secret store no longer holds it"));
  }

  // --- without one ---

  void withoutAStoreTheFileKeepsItAndSettingsSaysSo() {
    ServerSettings server;
    server.token = kToken;
    keepServerToken(server);
    QVERIFY(server.tokenPlace == Place::SettingsFile);
    QVERIFY(!server.secretStoreProblem.isEmpty());
    QVERIFY(settingsFile().contains(kToken.toUtf8()));
    AppSettings read = AppSettings::load();
    read.server = loaded();
    QCOMPARE(read.server.token, kToken);
    QVERIFY(read.server.tokenPlace == Place::SettingsFile);

    SettingsDialog dialog(read);
    const QString note = dialog.findChild<QLabel*>(QStringLiteral("serverNote"))->text();
    QVERIFY2(note.contains(QStringLiteral("No secret store answered (%1): the token is kept in plain text")
                               .arg(read.server.secretStoreProblem)),
             qPrintable(note));
  }
};

QTEST_MAIN(SecretStoreTest)
#include "secret_store_test.moc"
