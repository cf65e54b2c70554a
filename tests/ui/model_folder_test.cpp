#include "model_dialogs.h"
#include "model_folder_dialog.h"
#include "test_support.h"

#include "language.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace cosystudio;
using namespace cosystudio::ui;

class ModelFolderTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("CosyStudioTest"));
    QCoreApplication::setApplicationName(QStringLiteral("model_folder_test"));
  }

  void theTinyModelIsAccepted() {
    QCOMPARE(modelFolderProblems(test::tinyModelA()), QStringList());
    ModelFolderDialog dialog(test::tinyModelA());
    QVERIFY(dialog.problems().isEmpty());
    QVERIFY(dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
  }

  void aBrokenCopyListsWhatIsMissing() {
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("model"));
    QVERIFY(test::copyTree(test::tinyModelA(), model));
    QVERIFY(QFile::remove(model + QStringLiteral("/flow.pt")));
    QVERIFY(QFile::remove(model + QStringLiteral("/CosyVoice-BlankEN/vocab.json")));
    ModelFolderDialog dialog(model);
    const QStringList problems = dialog.problems();
    QVERIFY(problems.size() >= 2);
    QVERIFY(!problems.filter(QStringLiteral("flow.pt")).isEmpty());
    QVERIFY(!problems.filter(QStringLiteral("vocab.json")).isEmpty());
    QVERIFY(!dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
  }

  void theParentOfTheModelIsRecognised() {
    QTemporaryDir dir;
    QVERIFY(test::copyTree(test::tinyModelA(), dir.filePath(QStringLiteral("Fun-CosyVoice3-0.5B"))));
    const QStringList problems = modelFolderProblems(dir.path());
    QVERIFY(!problems.isEmpty());
    QVERIFY2(!problems.filter(QStringLiteral("Fun-CosyVoice3-0.5B")).isEmpty(),
             qPrintable(problems.join(QLatin1Char('\n'))));
  }

  // Pointed at the folder above the model, the dialog offers the subfolder in one click.
  void theDialogOffersTheSubfolderThatHoldsTheModel() {
    QTemporaryDir dir;
    QVERIFY(test::copyTree(test::tinyModelA(), dir.filePath(QStringLiteral("Fun-CosyVoice3-0.5B"))));
    ModelFolderDialog dialog(dir.path());
    auto* use = dialog.findChild<QPushButton*>(QStringLiteral("useSubfolder"));
    QVERIFY(!use->isHidden());
    QCOMPARE(use->text(), QStringLiteral("&Use “Fun-CosyVoice3-0.5B”"));
    QVERIFY(!dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
    use->click();
    QCOMPARE(dialog.folder(), dir.filePath(QStringLiteral("Fun-CosyVoice3-0.5B")));
    QVERIFY(use->isHidden());
    QVERIFY(dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
  }

  void theDialogSaysWhereTheModelComesFromAndWhichFolderToChoose() {
    QTemporaryDir empty;
    ModelFolderDialog dialog(empty.path());
    const auto* source = dialog.findChild<QLabel*>(QStringLiteral("modelSource"));
    QVERIFY(source->openExternalLinks());
    for (const char* url : {kModelScopeUrl, kHuggingFaceUrl})
      QVERIFY2(source->text().contains(QStringLiteral("href=\"%1\"").arg(QLatin1String(url))), url);
    // It names every file (or folder) the check asks for.
    for (const QString& problem : dialog.problems()) {
      const QString file = problem.section(QLatin1Char(':'), 0, 0).section(QLatin1Char('/'), 0, 0);
      QVERIFY2(source->text().contains(QStringLiteral("<code>%1</code>").arg(file)), qPrintable(problem));
    }
    QVERIFY(dialog.problems().size() >= 7);
    // Or it downloads the model.
    QVERIFY(source->text().contains(QStringLiteral("Engine → Download model…")));
    QVERIFY(dialog.findChild<QPushButton*>(QStringLiteral("downloadModel")));
  }

  // Every label of a form row reaches its field by its shortcut: none shows a
  // literal '&' (a row that holds a layout gets no buddy of its own).
  void everySettingsLabelHasItsField() {
    SettingsDialog dialog{AppSettings{}};
    for (const QLabel* label : dialog.findChildren<QLabel*>())
      if (label->text().contains(QLatin1Char('&')) && !label->text().contains(QStringLiteral("&amp;")))
        QVERIFY2(label->buddy(), qPrintable(label->text()));
  }

  // Settings names the language-model checkpoint the choice stands for in
  // the loaded folder.
  void settingsNameTheCheckpointInUse() {
    SettingsDialog dialog{AppSettings{}};  // the automatic choice
    const auto* info = dialog.findChild<QLabel*>(QStringLiteral("checkpointInfo"));
    QVERIFY(info);
    QCOMPARE(info->text(), QStringLiteral("No model is loaded."));
    dialog.showModelInUse(test::tinyModelA());  // holds llm.pt alone
    QCOMPARE(info->text(), QStringLiteral("In use: llm.pt"));
    QTemporaryDir both;
    for (const char* name : {kRlCheckpoint, kBaseCheckpoint}) {
      QFile file(both.filePath(QLatin1String(name)));
      QVERIFY(file.open(QIODevice::WriteOnly));
    }
    dialog.showModelInUse(both.path());
    QCOMPARE(info->text(), QStringLiteral("In use: llm.rl.pt"));
    auto* checkpoint = dialog.findChild<QComboBox*>(QStringLiteral("checkpoint"));
    checkpoint->setCurrentIndex(checkpoint->findData(QLatin1String(kBaseCheckpoint)));
    QCOMPARE(info->text(), QStringLiteral("After OK the model is loaded again with llm.pt."));
    dialog.showModelInUse(QString());
    QCOMPARE(info->text(), QStringLiteral("No model is loaded."));
  }

  // Each device has its own runaway limit; the GPU's is greyed out, with the
  // reason, where no GPU can be used.
  void settingsHaveAWatchdogPerDevice() {
    AppSettings settings;
    settings.watchdogSeconds = 200;
    settings.cpuWatchdogMinutes = 55;
    SettingsDialog dialog(settings);
    auto* cpu = dialog.findChild<QSpinBox*>(QStringLiteral("cpuWatchdog"));
    const auto* gpu = dialog.findChild<QSpinBox*>(QStringLiteral("watchdog"));
    QVERIFY(cpu && gpu);
    QCOMPARE(cpu->value(), 55);
    QVERIFY(cpu->isEnabled());
    const auto devices = availableDevices();
    const bool anyGpu = std::any_of(devices.begin(), devices.end(),
                                    [](const DeviceInfo& info) { return info.device.kind == DeviceKind::Cuda; });
    QCOMPARE(gpu->isEnabled(), anyGpu);
    if (!anyGpu) QVERIFY(gpu->toolTip().contains(QStringLiteral("No GPU")));
    cpu->setValue(0);
    QCOMPARE(dialog.settings().cpuWatchdogMinutes, 0);
    QCOMPARE(dialog.settings().watchdogSeconds, 200);
  }

  void theProblemsSpeakTheUsersLanguage() {
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("model"));
    QVERIFY(test::copyTree(test::tinyModelA(), model));
    QVERIFY(QFile::remove(model + QStringLiteral("/flow.pt")));
    QCOMPARE(modelFolderProblems(model), QStringList{QStringLiteral("flow.pt: missing")});
    QSettings().setValue(QLatin1String(cosystudio::i18n::kLanguageSettingsKey), QStringLiteral("zh_CN"));
    QCOMPARE(cosystudio::i18n::installTranslators(), QStringLiteral("zh_CN"));
    QSettings().remove(QLatin1String(cosystudio::i18n::kLanguageSettingsKey));
    QCOMPARE(modelFolderProblems(model), QStringList{QStringLiteral("flow.pt: 缺失")});
  }
};

QTEST_MAIN(ModelFolderTest)
#include "model_folder_test.moc"
