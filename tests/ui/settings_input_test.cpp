// Bad values in the settings file (edited by hand, or written by another
// version): each is replaced by its default and reported with its key and value.
#include "app_settings.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace cosystudio;
using namespace cosystudio::ui;

class SettingsInputTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("CosyStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("settings_input_test"));
  }
  void init() { QSettings().clear(); }
  void cleanupTestCase() { QSettings().clear(); }

  void aSavedChoiceReadsBackWithoutProblems() {
    AppSettings chosen;
    chosen.device = {DeviceKind::Cuda, 1};
    chosen.precision = Precision::BFloat16;
    chosen.llmCheckpoint = QLatin1String(kBaseCheckpoint);
    chosen.retentionDays = kMaxRetentionDays;
    chosen.idleUnloadMinutes = 30;
    chosen.watchdogSeconds = 0;
    chosen.cpuWatchdogMinutes = 90;
    chosen.cpuThreads = 4;
    chosen.language = QStringLiteral("zh_CN");
    chosen.save();
    const AppSettings read = AppSettings::load();
    QVERIFY2(read.problems.isEmpty(), qPrintable(read.problems.join(QLatin1Char('\n'))));
    QCOMPARE(read.device.kind, DeviceKind::Cuda);
    QCOMPARE(read.device.index, 1);
    QCOMPARE(read.precision, Precision::BFloat16);
    QCOMPARE(read.llmCheckpoint, chosen.llmCheckpoint);
    QCOMPARE(read.retentionDays, kMaxRetentionDays);
    QCOMPARE(read.idleUnloadMinutes, 30);
    QCOMPARE(read.watchdogSeconds, 0);
    QCOMPARE(read.cpuWatchdogMinutes, 90);
    QCOMPARE(read.cpuThreads, 4);
    QCOMPARE(read.language, chosen.language);
  }

  // Versions before the CPU had a choice saved fp32 for it: that does not
  // hold the CPU off its default, and a choice made now is kept per device.
  void theCpuGetsItsDefaultOverAnOldSavedFloat32() {
    QSettings().setValue(QStringLiteral("engine/deviceKind"), int(DeviceKind::Cpu));
    QSettings().setValue(QStringLiteral("engine/precision"), int(Precision::Float32));
    QCOMPARE(AppSettings::load().precision, defaultPrecision(Device{}));

    AppSettings cpu;
    cpu.precision = Precision::Int8;
    cpu.save();
    QCOMPARE(AppSettings::load().precision, Precision::Int8);
    AppSettings gpu;
    gpu.device = {DeviceKind::Cuda, 0};
    gpu.precision = Precision::Float16;
    gpu.save();
    QCOMPARE(AppSettings::load().precision, Precision::Float16);
    // Back on the CPU: its own choice.
    QSettings().setValue(QStringLiteral("engine/deviceKind"), int(DeviceKind::Cpu));
    QCOMPARE(AppSettings::load().precision, Precision::Int8);
  }

  void aBadValueIsReplacedAndNamed_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("reason");  // part of the message after the value
    const auto row = [](const char* name, const char* key, const QVariant& value, const char* reason) {
      QTest::newRow(name) << QString::fromLatin1(key) << value << QString::fromUtf8(reason);
    };
    // 100000 threads would be asked of OpenMP and OpenBLAS.
    row("cpu threads too many", "engine/cpuThreads", 100000, "not a whole number from 0 to 256");
    row("cpu threads negative", "engine/cpuThreads", -4, "not a whole number from 0 to 256");
    // 100000 minutes in milliseconds overflows the idle timer's int.
    row("idle unload overflows", "engine/idleUnloadMinutes", 100000, "not a whole number from 0 to 1440");
    row("watchdog not a number", "engine/watchdogSeconds", QStringLiteral("two minutes"),
        "not a whole number from 0 to 3600");
    row("cpu watchdog over a day", "engine/cpuWatchdogMinutes", 100000, "not a whole number from 0 to 1440");
    row("retention negative", "outputs/retentionDays", -7, "not a whole number from 0 to 3650");
    // Neither the CPU (0) nor CUDA (1): the engine would take it for a GPU.
    row("unknown device kind", "engine/deviceKind", 7, "not a whole number from 0 to 1");
    row("negative device index", "engine/deviceIndex", -1, "not a whole number from 0 to 255");
    row("unknown precision", "engine/cpuPrecision", 9, "not a whole number from 0 to 3");
    row("unknown checkpoint", "engine/llmCheckpoint", QStringLiteral("../llm.pt"), "not llm.rl.pt or llm.pt");
    row("unknown language", "ui/language", QStringLiteral("klingon!"), "not a language name");
    row("engine server not a web address", "engineServer/url", QStringLiteral("ftp://gpu-box"),
        "not an http:// or https:// address");
  }

  void aBadValueIsReplacedAndNamed() {
    QFETCH(QString, key);
    QFETCH(QVariant, value);
    QFETCH(QString, reason);
    QSettings().setValue(key, value);
    const AppSettings defaults;
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^Setting ") + QRegularExpression::escape(key)));
    const AppSettings read = AppSettings::load();
    QCOMPARE(read.problems.size(), 1);
    const QString expected = QStringLiteral("Setting %1 = “%2” is %3; ").arg(key, value.toString(), reason);
    QVERIFY2(read.problems.first().startsWith(expected), qPrintable(read.problems.first()));
    // Every field is back at its default, the bad one included.
    QCOMPARE(read.device.kind, defaults.device.kind);
    QCOMPARE(read.device.index, defaults.device.index);
    QCOMPARE(read.precision, defaults.precision);
    QCOMPARE(read.llmCheckpoint, defaults.llmCheckpoint);
    QCOMPARE(read.retentionDays, defaults.retentionDays);
    QCOMPARE(read.idleUnloadMinutes, defaults.idleUnloadMinutes);
    QCOMPARE(read.watchdogSeconds, defaults.watchdogSeconds);
    QCOMPARE(read.cpuWatchdogMinutes, defaults.cpuWatchdogMinutes);
    QCOMPARE(read.cpuThreads, defaults.cpuThreads);
    QCOMPARE(read.language, defaults.language);
  }

  // Settings → Engine: the server's address and files read back, its token
  // from its file; the model choice is then the server's, whatever folder is
  // chosen, and this computer's again when it is not used.
  void anEngineServerIsTheModelChoiceWithTheTokenOfItsFile() {
    QTemporaryDir folder;
    const QString tokenFile = folder.filePath(QStringLiteral("token"));
    QFile token(tokenFile);
    QVERIFY(token.open(QIODevice::WriteOnly));
    token.write("  s3cret \nsecond line\n");
    token.close();
    AppSettings chosen;
    chosen.engineServer = {true, QStringLiteral("https://gpu-box:8880"), tokenFile, QStringLiteral("/etc/gpu-box.pem")};
    chosen.save();
    AppSettings read = AppSettings::load();
    QVERIFY2(read.problems.isEmpty(), qPrintable(read.problems.join(QLatin1Char('\n'))));
    QCOMPARE(read.engineServer.url, chosen.engineServer.url);
    const ModelChoice remote = modelChoice(read, QStringLiteral("/models/Fun-CosyVoice3-0.5B-2512"));
    QVERIFY(remote.isRemote());
    QCOMPARE(remote.engineName(), QStringLiteral("https://gpu-box:8880"));
    QCOMPARE(remote.server.token, QStringLiteral("s3cret"));
    QCOMPARE(remote.server.certificateFile, QStringLiteral("/etc/gpu-box.pem"));
    QVERIFY(!(remote == modelChoice(AppSettings{}, QStringLiteral("/models/Fun-CosyVoice3-0.5B-2512"))));

    read.engineServer.use = false;
    read.save();
    const ModelChoice here = modelChoice(AppSettings::load(), QStringLiteral("/models/m"));
    QVERIFY(!here.isRemote());
    QCOMPARE(here.engineName(), QStringLiteral("/models/m"));
    QCOMPARE(AppSettings::load().engineServer.url, chosen.engineServer.url);  // kept for the next time
  }

  // Each device has its own runaway limit, the CPU's long enough for a slow
  // CPU: 30 s of speech at 80 times real time.
  void theWatchdogIsTheDevicesOwn() {
    AppSettings settings;
    QCOMPARE(settings.watchdogSecondsFor(DeviceKind::Cuda), 120.0);
    QVERIFY(settings.watchdogSecondsFor(DeviceKind::Cpu) >= 30 * 80);
    settings.watchdogSeconds = 0;
    settings.cpuWatchdogMinutes = 5;
    QCOMPARE(settings.watchdogSecondsFor(DeviceKind::Cuda), 0.0);
    QCOMPARE(settings.watchdogSecondsFor(DeviceKind::Cpu), 300.0);
  }

  // The message says what is used instead: the default number, or "the default".
  void theMessageSaysWhatIsUsedInstead() {
    QSettings().setValue(QStringLiteral("engine/watchdogSeconds"), -1);
    QSettings().setValue(QStringLiteral("engine/llmCheckpoint"), QStringLiteral("llm.bin"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^Setting ")));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^Setting ")));
    // In the order load() reads the keys.
    QCOMPARE(AppSettings::load().problems,
             (QStringList{QStringLiteral("Setting engine/llmCheckpoint = “llm.bin” is not llm.rl.pt or llm.pt; "
                                         "the default is used instead."),
                          QStringLiteral("Setting engine/watchdogSeconds = “-1” is not a whole number from 0 to 3600; "
                                         "120 is used instead.")}));
  }
};

QTEST_MAIN(SettingsInputTest)
#include "settings_input_test.moc"
