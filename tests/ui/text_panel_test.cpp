#include "instruction_presets.h"
#include "markup_highlighter.h"
#include "test_support.h"
#include "text_panel.h"

#include "cosystudio/text/tokenizer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QtTest>

using namespace cosystudio::ui;

class TextPanelTest : public QObject {
  Q_OBJECT

  QStringList modelTags() {
    const auto tokenizer = cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString());
    QStringList tags;
    for (const std::string& tag : tokenizer.addedTokens()) tags << QString::fromStdString(tag);
    return tags;
  }

 private slots:
  void pinyinReadingsBecomeTokenizerMarkup() {
    QCOMPARE(pinyinMarkup(QStringLiteral("hao4")), QStringLiteral("[h][ào]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("ji3")), QStringLiteral("[j][ǐ]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("hang2")), QStringLiteral("[h][áng]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("xiao3")), QStringLiteral("[x][iǎo]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("lv4")), QStringLiteral("[l][ǜ]"));
    QVERIFY(pinyinMarkup(QStringLiteral("hao")).isEmpty());
    // Every syllable the helper writes must be a token of the model.
    TextPanel panel;
    panel.setKnownTags(modelTags());
    panel.setText(pinyinMarkup(QStringLiteral("hao4")) + pinyinMarkup(QStringLiteral("hang2")) +
                  pinyinMarkup(QStringLiteral("ji3")));
    QCOMPARE(panel.unknownTags(), QStringList());
  }

  void phonesBecomeBracketedTokens() {
    QCOMPARE(phoneMarkup(QStringLiteral("M AY1 N D")), QStringLiteral("[M][AY1][N][D]"));
    QVERIFY(phoneMarkup(QStringLiteral("M AY9")).isEmpty());
  }

  void unknownTagsAreFoundOnceTheModelIsKnown() {
    TextPanel panel;
    panel.setText(QStringLiteral("她[h][ào]干净[breath]，<strong>真的</strong>[giggle]。"));
    QCOMPARE(panel.unknownTags(), QStringList());  // nothing to check against yet
    panel.setKnownTags(modelTags());
    QCOMPARE(panel.unknownTags(), QStringList{QStringLiteral("[giggle]")});
    const auto* status = panel.findChild<QLabel*>(QStringLiteral("textStatus"));
    QVERIFY(status->text().contains(QStringLiteral("[giggle]")));
  }

  void previewShowsTheSegmentsOfTheGoldenLongCase() {
    QFile file(test::fixtures() + QStringLiteral("/e2e/golden/tiny-model-a/long/manifest.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject manifest = QJsonDocument::fromJson(file.readAll()).object();
    QStringList expected;
    for (const QJsonValue& segment : manifest.value(QStringLiteral("segments_text")).toArray())
      expected << segment.toString();
    QCOMPARE(expected.size(), 3);

    TextPanel panel;
    panel.setTokenizer(std::make_shared<cosystudio::text::Tokenizer>(
        cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString())));
    panel.setText(manifest.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("tts_text")).toString());
    QTRY_COMPARE(panel.previewSegments(), expected);
    panel.setCrossLingual(true);
    QCOMPARE(panel.previewSegments().size(), 1);
  }

  void presetsUseTheModelsInstructionBodies() {
    const QList<InstructionPreset> presets = instructionPresets();
    int dialects = 0;
    for (const InstructionPreset& p : presets) {
      QVERIFY(!p.instruction.contains(QStringLiteral("<|endofprompt|>")));
      QVERIFY(!p.instruction.startsWith(QStringLiteral("You are a helpful assistant")));
      if (p.kind == InstructionPreset::Kind::Dialect) {
        ++dialects;
        QVERIFY(p.instruction.startsWith(QStringLiteral("请用")) && p.instruction.endsWith(QStringLiteral("表达。")));
      }
    }
    QCOMPARE(dialects, 18);
  }
};

QTEST_MAIN(TextPanelTest)
#include "text_panel_test.moc"
