// The paragraphs of a chapter kept between runs (chapter_lines.h): read back
// exactly as made, only for the very line and render key they were made from,
// never from a damaged record, and gone once the chapter is recorded. A
// dubbing's cue is kept the same way, with what it took to fit its time
// (kept_results.h).

#include "services/book/book_folder.h"
#include "services/book/chapter_lines.h"
#include "services/kept_results.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace cosystudio;
using namespace cosystudio::services;

namespace {

SynthesisResult madeLine() {
  SynthesisResult result;
  result.sampleRate = 24000;
  result.seed = 77;
  for (int s = 0; s < 2; ++s) {
    SegmentResult segment;
    segment.text = s == 0 ? "今天天气很好。" : "我们出去走走。";
    segment.userText = segment.text + " (user)";
    segment.speechTokens = 40 + s;
    segment.reachedTokenCap = s == 1;
    segment.warnings = {"warning " + std::to_string(s)};
    // Values a 16-bit file would round: the line must come back bit for bit.
    for (int i = 0; i < 1000 + 10 * s; ++i) segment.samples.push_back(0.3f * std::sin(0.0123f * float(i + s)) + 1e-7f);
    result.segments.push_back(segment);
  }
  return result;
}

ScriptLine line(const std::string& text) { return {kChapterVoice, text, std::nullopt, "", std::nullopt, std::nullopt}; }

}  // namespace

class ChapterLinesTest : public QObject {
  Q_OBJECT

 private slots:
  void aKeptLineComesBackExactly() {
    QTemporaryDir dir;
    const ChapterLines lines(dir.path().toStdString(), 3, "key", Precision::Float32);
    const SynthesisResult made = madeLine();
    QVERIFY(!lines.made(0, line("今天天气很好。我们出去走走。")));
    lines.keep(0, line("今天天气很好。我们出去走走。"), made);
    const auto back = lines.made(0, line("今天天气很好。我们出去走走。"));
    QVERIFY(back);
    QCOMPARE(back->seed, made.seed);
    QCOMPARE(back->sampleRate, made.sampleRate);
    QCOMPARE(back->segments.size(), made.segments.size());
    for (std::size_t i = 0; i < made.segments.size(); ++i) {
      QVERIFY(back->segments[i].samples == made.segments[i].samples);
      QCOMPARE(back->segments[i].text, made.segments[i].text);
      QCOMPARE(back->segments[i].userText, made.segments[i].userText);
      QCOMPARE(back->segments[i].speechTokens, made.segments[i].speechTokens);
      QCOMPARE(back->segments[i].reachedTokenCap, made.segments[i].reachedTokenCap);
      QVERIFY(back->segments[i].warnings == made.segments[i].warnings);
    }
    SynthesisResult joined = made;
    joined.joinSegments();
    QVERIFY(back->samples == joined.samples);  // the segments joined as the engine joins them
    Script script;
    script.lines = {line("今天天气很好。我们出去走走。"), line("再见。")};
    QCOMPARE(lines.keptLines(script), 1);
  }

  void anotherLineOrKeyMakesItAgain() {
    QTemporaryDir dir;
    const ChapterLines lines(dir.path().toStdString(), 1, "key", Precision::Float32);
    lines.keep(0, line("你好。"), madeLine());
    QVERIFY(!lines.made(0, line("你好！")));  // the paragraph was edited
    ScriptLine instructed = line("你好。");
    instructed.instruction = "请用四川话表达。";
    QVERIFY(!lines.made(0, instructed));
    QVERIFY(!ChapterLines(dir.path().toStdString(), 1, "another key", Precision::Float32).made(0, line("你好。")));
    QVERIFY(!ChapterLines(dir.path().toStdString(), 2, "key", Precision::Float32).made(0, line("你好。")));
    QVERIFY(!ChapterLines(dir.path().toStdString(), 1, "key", Precision::BFloat16).made(0, line("你好。")));
    QVERIFY(lines.made(0, line("你好。")));
  }

  void aDamagedLineIsMadeAgain() {
    QTemporaryDir dir;
    const ChapterLines lines(dir.path().toStdString(), 1, "key", Precision::Float32);
    lines.keep(0, line("你好。"), madeLine());
    const std::string wav = dir.path().toStdString() + "/.lines/1/0001.wav";
    std::filesystem::resize_file(wav, std::filesystem::file_size(wav) - 400);  // samples lost
    QVERIFY(!lines.made(0, line("你好。")));
    lines.keep(0, line("你好。"), madeLine());
    std::ofstream(dir.path().toStdString() + "/.lines/1/0001.json") << "{\"key\": 1}";
    QVERIFY(!lines.made(0, line("你好。")));
    const std::string record = R"({"key": "k", "seed": 1, "sample_rate": 24000, "segments": [{"text": "a"}]})";
    QVERIFY(!readKeptRecord(record, "k"));
  }

  void aKeptCueComesBackWithItsSpeedAndTakes() {
    QTemporaryDir dir;
    const std::filesystem::path stem = dir.path().toStdString() + "/0003";
    CueSpeech made{madeLine(), 1.27, 2};
    made.result.joinSegments();
    keepCue(stem, "key", made);
    const std::optional<CueSpeech> back = readKeptCue(stem, "key");
    QVERIFY(back);
    QCOMPARE(back->speed, 1.27);
    QCOMPARE(back->attempts, 2);
    QVERIFY(back->result.samples == made.result.samples);
    QCOMPARE(back->result.segments.size(), made.result.segments.size());
    QVERIFY(back->result.warnings() == made.result.warnings());
    QVERIFY(!readKeptCue(stem, "another key"));
    // A result kept without them is not a cue's; a speed no request may have is refused.
    keepResult(stem, "key", made.result);
    QVERIFY(!readKeptCue(stem, "key"));
    keepCue(stem, "key", {madeLine(), 7.5, 2});
    QVERIFY(!readKeptCue(stem, "key"));
    keepCue(stem, "key", {madeLine(), 1.0, 0});
    QVERIFY(!readKeptCue(stem, "key"));
  }

  void recordingTheChapterDropsItsLines() {
    QTemporaryDir dir;
    const std::filesystem::path folder = dir.path().toStdString();
    const ChapterLines two(folder, 2, "key", Precision::Float32), three(folder, 3, "key", Precision::Float32);
    two.keep(0, line("你好。"), madeLine());
    three.keep(0, line("你好。"), madeLine());
    BookFolder book(folder);
    book.record({{"number", 2}, {"file", "02-b.wav"}, {"seed", 1u}});
    QVERIFY(!std::filesystem::exists(folder / ".lines" / "2"));
    QVERIFY(three.made(0, line("你好。")));  // another chapter's stay
    ChapterLines::drop(folder, 3);
    QVERIFY(!std::filesystem::exists(folder / ".lines"));
  }
};

QTEST_GUILESS_MAIN(ChapterLinesTest)
#include "chapter_lines_test.moc"
