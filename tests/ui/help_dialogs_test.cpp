#include "help_dialogs.h"
#include "instruction_presets.h"
#include "main_window.h"
#include "test_support.h"
#include "text_panel.h"

#include "cosystudio/text/tokenizer.h"

#include <QMenu>
#include <QTextBrowser>
#include <QtTest>

using namespace cosystudio::ui;

class HelpDialogsTest : public QObject {
  Q_OBJECT

  static QString shownText(const MarkupReference& reference) {
    return reference.findChild<QTextBrowser*>()->toPlainText();
  }

  static QAction* helpAction(const MainWindow& window, const QString& text) {
    for (QAction* action : window.findChild<QMenu*>(QStringLiteral("helpMenu"))->actions())
      if (action->text().remove(QLatin1Char('&')) == text) return action;
    return nullptr;
  }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void theReferenceExplainsEveryKindOfMarkup() {
    const MarkupReference reference;
    const QString text = shownText(reference);
    for (const QString& example : {QStringLiteral("她[h][ào]干净"), QStringLiteral("[M][AY1][N][D]"),
                                   QStringLiteral("hao4"), QStringLiteral("Pronunciation…")})
      QVERIFY2(text.contains(example), qPrintable(example));
    for (const PaletteTag& tag : paletteTags()) {
      QVERIFY2(text.contains(tag.shown()), qPrintable(tag.shown()));
      QVERIFY2(text.contains(tag.meaning), qPrintable(tag.meaning));
    }
    for (const InstructionPreset& preset : instructionPresets())
      QVERIFY2(text.contains(preset.label), qPrintable(preset.label));
    QVERIFY(!text.contains(QStringLiteral("[noise]")));  // known once a model is loaded
  }

  void theLoadedModelsOtherTagsAreListedToo() {
    const auto tokenizer = cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString());
    QStringList tags;
    for (const std::string& tag : tokenizer.addedTokens()) tags << QString::fromStdString(tag);
    MarkupReference reference;
    reference.setKnownTags(tags);
    const QString text = shownText(reference);
    QVERIFY(text.contains(QStringLiteral("[noise]")));
    QVERIFY(text.contains(QStringLiteral("[lipsmack]")));
    // Phones, pinyin and control tokens are not tags to insert.
    for (const QString& token : {QStringLiteral("[AA1]"), QStringLiteral("[iǎo]"), QStringLiteral("<|endofprompt|>")})
      QVERIFY2(!text.contains(token), qPrintable(token));
  }

  void helpOpensOneReferenceNextToTheWindow() {
    MainWindow window;
    QAction* open = helpAction(window, QStringLiteral("Markup reference"));
    QVERIFY(open);
    QCOMPARE(open->shortcut(), QKeySequence(QKeySequence::HelpContents));
    open->trigger();
    open->trigger();
    QCOMPARE(window.findChildren<MarkupReference*>().size(), 1);
    QVERIFY(window.findChild<MarkupReference*>()->isVisible());
    QVERIFY(!window.findChild<MarkupReference*>()->isModal());
  }
};

QTEST_MAIN(HelpDialogsTest)
#include "help_dialogs_test.moc"
