#include "instruction_presets.h"
#include "markup_highlighter.h"
#include "pronunciation_dictionary.h"
#include "replacement_rules.h"
#include "test_support.h"
#include "text_panel.h"

#include "cosystudio/text/markup.h"
#include "cosystudio/text/tokenizer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QTemporaryDir>
#include "cosystudio/text/split_paragraph.h"

#include <QtTest>

using namespace cosystudio::ui;

class TextPanelTest : public QObject {
  Q_OBJECT

  struct Asked {
    QString question;      // the reading dialog's label, or the message shown instead
    QStringList offered;   // the readings the dialog offered
    bool refused = false;  // a message instead of the reading dialog
  };

  // Selects from `from` to `to` (the cursor at `to`), runs the pronunciation
  // helper, picks `choice` in its dialog and returns what it asked.
  Asked pronounce(TextPanel& panel, int from, int to, const QString& choice) {
    QTextCursor cursor = panel.editor()->textCursor();
    cursor.setPosition(from);
    cursor.setPosition(to, QTextCursor::KeepAnchor);
    panel.editor()->setTextCursor(cursor);
    Asked asked;
    QTimer answer;  // gone with this frame, should no dialog come
    answer.setSingleShot(true);
    connect(&answer, &QTimer::timeout, this, [&] {
      QWidget* modal = QApplication::activeModalWidget();
      if (auto* box = qobject_cast<QMessageBox*>(modal)) {
        asked = {box->text(), {}, true};
        box->accept();
      } else if (auto* dialog = qobject_cast<QInputDialog*>(modal)) {
        asked = {dialog->labelText(), dialog->comboBoxItems()};
        dialog->setTextValue(choice);
        dialog->accept();
      }
    });
    answer.start(0);
    panel.pronounce();
    return asked;
  }

  Asked pronounce(TextPanel& panel, const QString& word, const QString& choice) {
    const int at = int(panel.text().indexOf(word));
    return pronounce(panel, at, at + int(word.size()), choice);
  }

  // With the cursor at `position` and nothing selected.
  Asked pronounceAt(TextPanel& panel, int position, const QString& choice) {
    return pronounce(panel, position, position, choice);
  }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }  // the rules are saved in the settings

  void pinyinReadingsBecomeTokenizerMarkup() {
    QCOMPARE(pinyinMarkup(QStringLiteral("hao4")), QStringLiteral("[h][ào]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("ji3")), QStringLiteral("[j][ǐ]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("hang2")), QStringLiteral("[h][áng]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("xiao3")), QStringLiteral("[x][iǎo]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("lv4")), QStringLiteral("[l][ǜ]"));
    QVERIFY(pinyinMarkup(QStringLiteral("hao")).isEmpty());
    // Every syllable the helper writes must be a token of the model.
    TextPanel panel;
    panel.setText(pinyinMarkup(QStringLiteral("hao4")) + pinyinMarkup(QStringLiteral("hang2")) +
                  pinyinMarkup(QStringLiteral("ji3")));
    QCOMPARE(panel.unknownTags(), QStringList());
  }

  void tonemarkedReadingsAreAcceptedToo() {
    QCOMPARE(pinyinMarkup(QStringLiteral("hǎo")), QStringLiteral("[h][ǎo]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("lǜ")), QStringLiteral("[l][ǜ]"));
    QCOMPARE(pinyinMarkup(QStringLiteral("zhe")), QString());  // no tone: not a reading
  }

  void theSystemDictionariesAreRead() {
    const PronunciationDictionary& dictionary = PronunciationDictionary::system();
    QVERIFY2(dictionary.problems().isEmpty(),
             qPrintable(dictionary.problems().join(QStringLiteral("; ")) +
                        QStringLiteral(" (scripts/setup.sh installs unicode-data and festlex-cmu)")));
    // Polyphones: the common reading first, the others after it.
    QCOMPARE(dictionary.pinyin(U'好').value(0), QStringLiteral("hǎo"));
    QVERIFY(dictionary.pinyin(U'好').contains(QStringLiteral("hào")));
    QCOMPARE(dictionary.pinyin(U'行').value(0), QStringLiteral("xíng"));
    QVERIFY(dictionary.pinyin(U'行').contains(QStringLiteral("háng")));
    QVERIFY(dictionary.pinyin(U'A').isEmpty());
    // Stress on the vowels; the unstressed schwa is AH0.
    QVERIFY(dictionary.phones(QStringLiteral("minute")).contains(QStringLiteral("M IH1 N AH0 T")));
    QVERIFY(dictionary.phones(QStringLiteral("Record")).contains(QStringLiteral("R EH1 K ER0 D")));
    QVERIFY(dictionary.phones(QStringLiteral("record")).contains(QStringLiteral("R AH0 K AO1 R D")));
    QVERIFY(dictionary.phones(QStringLiteral("xyzzyq")).isEmpty());
  }

  void unreadableDictionariesAreReportedNotFatal() {
    QTemporaryDir dir;
    QFile truncated(dir.filePath(QStringLiteral("readings.txt.bz2")));
    QFile real(PronunciationDictionary::defaultUnihanReadings());
    QVERIFY(real.open(QIODevice::ReadOnly) && truncated.open(QIODevice::WriteOnly));
    truncated.write(real.read(real.size() / 2));
    truncated.close();
    const PronunciationDictionary dictionary(truncated.fileName(), dir.filePath(QStringLiteral("missing.out")));
    QCOMPARE(dictionary.problems().size(), 2);
    QVERIFY(dictionary.problems().at(0).contains(QStringLiteral("bzip2")));
    QVERIFY(dictionary.problems().at(1).contains(QStringLiteral("missing.out")));
    QVERIFY(dictionary.pinyin(U'好').isEmpty());
  }

  void theHelperOffersTheReadingsTheModelCanSay() {
    TextPanel panel;
    panel.setText(QStringLiteral("她好干净, a minute."));
    const QStringList readings = pronounce(panel, QStringLiteral("好"), QStringLiteral("hào")).offered;
    QCOMPARE(readings.value(0), QStringLiteral("hǎo"));
    QVERIFY(readings.contains(QStringLiteral("hào")));
    QCOMPARE(panel.text(), QStringLiteral("她[h][ào]干净, a minute."));
    const QStringList phones = pronounce(panel, QStringLiteral("minute"), QStringLiteral("M IH1 N AH0 T")).offered;
    QVERIFY(phones.contains(QStringLiteral("M IH1 N AH0 T")));
    QCOMPARE(panel.text(), QStringLiteral("她[h][ào]干净, a [M][IH1][N][AH0][T]."));
    QCOMPARE(panel.unknownTags(), QStringList());
  }

  void withoutASelectionTheHelperTakesTheCharacterBeforeTheCursor() {
    TextPanel panel;
    panel.setText(QStringLiteral("她好干净。"));
    Asked asked = pronounceAt(panel, 4, QStringLiteral("jing4"));  // 她好干净|。
    QVERIFY2(asked.question.contains(QStringLiteral("“净”")), qPrintable(asked.question));
    QVERIFY(asked.offered.contains(QStringLiteral("jìng")));
    QCOMPARE(panel.text(), QStringLiteral("她好干[j][ìng]。"));
    // After the full stop, as when the sentence has just been typed.
    panel.setText(QStringLiteral("她好干净。"));
    asked = pronounceAt(panel, 5, QStringLiteral("jing4"));
    QVERIFY2(asked.question.contains(QStringLiteral("“净”")), qPrintable(asked.question));
    QCOMPARE(panel.text(), QStringLiteral("她好干[j][ìng]。"));
    // At the start of the text: the character at the cursor.
    asked = pronounceAt(panel, 0, QStringLiteral("ta1"));
    QVERIFY2(asked.question.contains(QStringLiteral("“她”")), qPrintable(asked.question));
    QCOMPARE(panel.text(), QStringLiteral("[t][ā]好干[j][ìng]。"));
  }

  void withoutASelectionTheHelperTakesTheEnglishWordAtTheCursor() {
    TextPanel panel;
    for (const int position : {4, 8, 9}) {  // a mi|nute, a minute|., a minute.|
      panel.setText(QStringLiteral("a minute."));
      const Asked asked = pronounceAt(panel, position, QStringLiteral("M IH1 N AH0 T"));
      QVERIFY2(asked.question.startsWith(QStringLiteral("CMU phones for “minute”")),
               qPrintable(QString::number(position) + QStringLiteral(": ") + asked.question));
      QCOMPARE(panel.text(), QStringLiteral("a [M][IH1][N][AH0][T]."));
    }
  }

  void chineseTextIsNeverOfferedCmuPhones() {
    TextPanel panel;
    panel.setText(QStringLiteral("她好干净。"));
    // A reading stands for one character.
    Asked asked = pronounce(panel, QStringLiteral("干净"), QStringLiteral("M AY1"));
    QVERIFY2(asked.refused, qPrintable(asked.question));
    QCOMPARE(panel.text(), QStringLiteral("她好干净。"));
    for (const QString& text : {QString(), QStringLiteral("2025"), QStringLiteral("かな")}) {
      panel.setText(text);
      asked = pronounceAt(panel, int(text.size()), QStringLiteral("M AY1"));
      QVERIFY2(asked.refused, qPrintable(text + QStringLiteral(": ") + asked.question));
      QCOMPARE(panel.text(), text);
    }
  }

  void phonesBecomeBracketedTokens() {
    QCOMPARE(phoneMarkup(QStringLiteral("M AY1 N D")), QStringLiteral("[M][AY1][N][D]"));
    QVERIFY(phoneMarkup(QStringLiteral("M AY9")).isEmpty());
    QCOMPARE(phoneMarkup(QStringLiteral("m, ay1")), QStringLiteral("[M][AY1]"));
    QVERIFY(phoneMarkup(QStringLiteral("AY1][N")).isEmpty());  // each phone one tag
  }

  void unknownTagsAreFoundBeforeAModelIsLoaded() {
    TextPanel panel;
    panel.setText(QStringLiteral("她[h][ào]干净[breath]，<strong>真的</strong>[giggle]。[giggle]"));
    QCOMPARE(panel.unknownTags(), QStringList{QStringLiteral("[giggle]")});
    const auto* status = panel.findChild<QLabel*>(QStringLiteral("textStatus"));
    QVERIFY(status->text().contains(QStringLiteral("[giggle]")));
  }

  // A text long enough to matter says how long it sounds; a short one only its length.
  void aLongTextSaysHowLongItSounds() {
    TextPanel panel;
    const auto* status = panel.findChild<QLabel*>(QStringLiteral("textStatus"));
    panel.setText(QStringLiteral("今天天气很好。"));
    QVERIFY2(!status->text().contains(QStringLiteral("speech")), qPrintable(status->text()));
    // 900 Chinese characters at 4.5 a second, and 260 English words at 2.6 a second.
    panel.setText(QString(900, QChar(0x4e00)));
    QVERIFY2(status->text().endsWith(QStringLiteral(" · about 3:20 of speech")), qPrintable(status->text()));
    panel.setText(QStringLiteral("word ").repeated(260));
    QVERIFY2(status->text().endsWith(QStringLiteral(" · about 1:40 of speech")), qPrintable(status->text()));
  }

  void highlightingIsTheEnginesMarkup_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("markup");  // what the engine finds, in order
    QTest::newRow("mixed Chinese and English")
        << QStringLiteral("她[h][ào]干净, a [M][AY1] said <strong>hi</strong>[breath] [Breath] <laugh>")
        << QStringList{"[h]", "[ào]", "[M]", "[AY1]", "<strong>", "</strong>", "[breath]", "[Breath]", "<laugh>"};
    QTest::newRow("unclosed") << QStringLiteral("[breath 和 <strong 和 [h][ào") << QStringList{"[h]"};
    QTest::newRow("tag inside pinyin brackets") << QStringLiteral("她[h[breath]ào]") << QStringList{"[breath]"};
    // 16 Chinese characters are past the engine's bound; a space is no bound.
    QTest::newRow("over-long bracket")
        << QStringLiteral("[一二三四五六七八九十一二三四五六] [一二三四五] [a b]") << QStringList{"[一二三四五]", "[a b]"};
    QTest::newRow("surrogate pairs before markup")
        << QStringLiteral("😀👍🏽[breath]😀<strong>好</strong>[ao4][😀]")
        << QStringList{"[breath]", "<strong>", "</strong>", "[ao4]", "[😀]"};
    QTest::newRow("lines") << QStringLiteral("[breath]\n😀[h][ǎo]\n[unclosed\n] <|endofprompt|>")
                           << QStringList{"[breath]", "[h]", "[ǎo]", "<|endofprompt|>"};
    QTest::newRow("line separator") << QStringLiteral("😀[a\u2028b] [c]") << QStringList{"[c]"};
  }

  // Character by character, the editor shows the markup the engine finds in
  // the panel's text, in the format of its kind.
  void highlightingIsTheEnginesMarkup() {
    QFETCH(QString, text);
    QFETCH(QStringList, markup);
    TextPanel panel;
    panel.setText(text);
    const QString plain = panel.text();
    QList<QTextCharFormat> expected(plain.size());
    QStringList found;
    for (const cosystudio::text::MarkupSpan& span : cosystudio::text::scanMarkup(plain.toStdString())) {
      found << plain.mid(qsizetype(span.utf16Offset), qsizetype(span.utf16Length));
      for (std::size_t i = 0; i < span.utf16Length; ++i)
        expected[qsizetype(span.utf16Offset + i)] = MarkupHighlighter::format(span.kind);
    }
    QCOMPARE(found, markup);  // the engine's UTF-16 offsets cut the QString at its markup
    QList<QTextCharFormat> shown(plain.size());
    for (QTextBlock block = panel.editor()->document()->begin(); block.isValid(); block = block.next())
      for (const QTextLayout::FormatRange& range : block.layout()->formats())
        for (int i = 0; i < range.length; ++i) shown[block.position() + range.start + i] = range.format;
    for (qsizetype i = 0; i < plain.size(); ++i)
      QVERIFY2(shown[i] == expected[i], qPrintable(QStringLiteral("at %1: %2").arg(i).arg(plain.mid(i, 10))));
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
    const auto tokenizer = std::make_shared<cosystudio::text::Tokenizer>(
        cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString()));
    panel.setTokenizer(tokenizer);
    panel.setText(manifest.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("tts_text")).toString());
    QTRY_COMPARE(panel.previewSegments(), expected);
    // Cross-lingual text is not split by sentence, as upstream, only where a
    // piece would pass the length bound (this text has more tokens than that).
    panel.setCrossLingual(true);
    const QStringList crossLingual = panel.previewSegments();
    const std::string typed = panel.textToSpeak().trimmed().toStdString();
    QVERIFY(tokenizer->encode(typed).size() > cosystudio::text::kMaxPieceTokens);
    QVERIFY(crossLingual.size() > 1);
    for (const QString& piece : crossLingual)
      QVERIFY(tokenizer->encode(piece.toStdString()).size() <= cosystudio::text::kMaxPieceTokens);
    QCOMPARE(crossLingual.join(QString()).remove(QLatin1Char(' ')),
             QString::fromStdString(typed).remove(QLatin1Char(' ')));
  }

  // The preview splits as the engine splits a request: a blank line ends a segment.
  void previewEndsASegmentAtABlankLine() {
    TextPanel panel;
    panel.setTokenizer(std::make_shared<cosystudio::text::Tokenizer>(
        cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString())));
    panel.setText(QStringLiteral("第一章\n\n这是第一句话。"));
    QTRY_COMPARE(panel.previewSegments(), (QStringList{QStringLiteral("第一章。"), QStringLiteral("这是第一句话。")}));
    panel.setText(QStringLiteral("第一章\n这是第一句话。"));
    QTRY_COMPARE(panel.previewSegments(), QStringList{QStringLiteral("第一章这是第一句话。")});
  }

  void previewReadsNumbersUnlessSwitchedOff() {
    TextPanel panel;
    panel.setTokenizer(std::make_shared<cosystudio::text::Tokenizer>(
        cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString())));
    cosystudio::SynthesisSettings settings;
    settings.readNumbers = false;
    panel.writeSettings(settings);
    QVERIFY(settings.readNumbers);  // the default
    panel.setText(QStringLiteral("会议在2024年3月5日。"));
    QTRY_COMPARE(panel.previewSegments(), QStringList{QStringLiteral("会议在二零二四年三月五日。")});
    settings.readNumbers = false;
    panel.showSettings(settings);
    QTRY_COMPARE(panel.previewSegments(), QStringList{QStringLiteral("会议在2024年3月5日。")});
    // Phone markup keeps its stress digits either way.
    settings.readNumbers = true;
    panel.showSettings(settings);
    panel.setText(QStringLiteral("Say [M][AY0][N][AH0][T] 2 times."));
    QTRY_COMPARE(panel.previewSegments(), QStringList{QStringLiteral("Say [M][AY0][N][AH0][T] two times.")});
  }

  void replacementRulesApplyBeforeNormalisation() {
    const QList<Replacement> rules = {{QStringLiteral("AI"), QStringLiteral("A I")},
                                      {QStringLiteral("重庆"), QStringLiteral("[ch][óng]庆")},
                                      {QStringLiteral("x"), QStringLiteral("a\\1")}};
    // Latin ends match whole words only; Chinese matches anywhere; the replacement is literal.
    QCOMPARE(applyReplacements(QStringLiteral("AI SAID: AI."), rules), QStringLiteral("A I SAID: A I."));
    QCOMPARE(applyReplacements(QStringLiteral("重庆市"), rules), QStringLiteral("[ch][óng]庆市"));
    QCOMPARE(applyReplacements(QStringLiteral("x"), rules), QStringLiteral("a\\1"));

    TextPanel panel;
    const QList<Replacement> saved = panel.replacements();
    panel.setTokenizer(std::make_shared<cosystudio::text::Tokenizer>(
        cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString())));
    panel.setReplacements({rules[1]});
    panel.setText(QStringLiteral("我在重庆。"));
    QCOMPARE(panel.text(), QStringLiteral("我在重庆。"));  // the typed text stays as typed
    QCOMPARE(panel.textToSpeak(), QStringLiteral("我在[ch][óng]庆。"));
    QTRY_COMPARE(panel.previewSegments(), QStringList{QStringLiteral("我在[ch][óng]庆。")});
    QCOMPARE(panel.unknownTags(), QStringList());
    panel.setReplacements(saved);

    ReplacementRulesDialog dialog(rules);
    QCOMPARE(dialog.rules().size(), 3);
    QCOMPARE(dialog.rules().at(1).replace, rules[1].replace);
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
