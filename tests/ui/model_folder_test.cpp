#include "model_dialogs.h"
#include "test_support.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

using namespace cosystudio::ui;

class ModelFolderTest : public QObject {
  Q_OBJECT

 private slots:
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
};

QTEST_MAIN(ModelFolderTest)
#include "model_folder_test.moc"
