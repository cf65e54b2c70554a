// The speech server's request parser: what it accepts, and each refusal an
// OpenAI-style error naming the field; and the stream's join of the engine's
// chunks, the same samples as the take's.

#include "services/server/speech_request.h"
#include "services/server/streamed_join.h"

#include "cosystudio/audio/crossfade.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cosystudio;
using namespace cosystudio::services;

class SpeechRequestTest : public QObject {
  Q_OBJECT

 private slots:
  void readsEveryField() {
    const auto parsed = parseSpeechRequest(
        R"({"model": "tts-1", "input": "你好。", "voice": "Ann", "response_format": "pcm", "speed": 1.5,
            "mode": "instruct", "instruction": "请用四川话表达。", "seed": "2147483647"})");
    const auto* request = std::get_if<SpeechRequest>(&parsed);
    QVERIFY(request);
    QCOMPARE(request->input, QStringLiteral("你好。"));
    QCOMPARE(request->voice, QStringLiteral("Ann"));
    QCOMPARE(request->format, SpeechFormat::Pcm);
    QCOMPARE(request->speed, 1.5);
    QCOMPARE(request->mode, Mode::Instruct);
    QCOMPARE(request->instruction, QStringLiteral("请用四川话表达。"));
    QCOMPARE(request->seed, quint64(2147483647));  // the largest seed, as a string
  }

  void defaultsAndOpenAisInstructions() {
    const auto plain = std::get<SpeechRequest>(parseSpeechRequest(R"({"model": "m", "input": "x", "voice": "v"})"));
    QCOMPARE(plain.format, SpeechFormat::Wav);
    QCOMPARE(plain.speed, 1.0);
    QVERIFY(!plain.mode && !plain.seed);
    // OpenAI's "instructions" choose the instruct mode.
    const auto instructed = std::get<SpeechRequest>(
        parseSpeechRequest(R"({"model": "m", "input": "x", "voice": "v", "instructions": "慢一点。", "seed": 7})"));
    QCOMPARE(instructed.mode, Mode::Instruct);
    QCOMPARE(instructed.seed, quint64(7));
  }

  void refusesNamingTheField_data() {
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("param");
    QTest::newRow("not json") << QByteArray("{") << 400 << QString();
    QTest::newRow("an array") << QByteArray("[]") << 400 << QString();
    QTest::newRow("no model") << QByteArray(R"({"input": "x", "voice": "v"})") << 400 << "model";
    QTest::newRow("model a number") << QByteArray(R"({"model": 1, "input": "x", "voice": "v"})") << 400 << "model";
    QTest::newRow("no input") << QByteArray(R"({"model": "m", "voice": "v"})") << 400 << "input";
    QTest::newRow("blank input") << QByteArray(R"({"model": "m", "input": " \n", "voice": "v"})") << 400 << "input";
    QTest::newRow("long input") << QByteArray(R"({"model": "m", "input": ")" + QByteArray(4097, 'x') +
                                              R"(", "voice": "v"})")
                                << 400 << "input";
    QTest::newRow("no voice") << QByteArray(R"({"model": "m", "input": "x"})") << 400 << "voice";
    QTest::newRow("voice an object") << QByteArray(R"({"model": "m", "input": "x", "voice": {}})") << 400 << "voice";
    QTest::newRow("mp3") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "response_format": "mp3"})")
                         << 400 << "response_format";
    QTest::newRow("fast") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "speed": 2.5})") << 400
                          << "speed";
    QTest::newRow("speed a string") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "speed": "1"})")
                                    << 400 << "speed";
    QTest::newRow("vc") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "mode": "voice_conversion"})")
                        << 400 << "mode";
    QTest::newRow("instruct alone") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "mode": "instruct"})")
                                    << 400 << "instruction";
    QTest::newRow("instruction in zero-shot")
        << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "mode": "zero_shot", "instruction": "i"})") << 400
        << "instruction";
    QTest::newRow("both spellings")
        << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "instruction": "a", "instructions": "b"})") << 400
        << "instructions";
    QTest::newRow("negative seed") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "seed": -1})") << 400
                                   << "seed";
    QTest::newRow("fractional seed") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "seed": 1.5})")
                                     << 400 << "seed";
    QTest::newRow("seed past 2^64") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "seed": "18446744073709551616"})")
                                    << 400 << "seed";
    // One range of seeds everywhere: the window's (request_rules.h).
    QTest::newRow("seed past the range") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "seed": 2147483648})")
                                         << 400 << "seed";
    QTest::newRow("seed string past the range")
        << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "seed": "2147483648"})") << 400 << "seed";
    QTest::newRow("too large") << QByteArray(R"({"model": "m", "input": "x", "voice": "v", "pad": ")" +
                                             QByteArray(70000, 'x') + R"("})")
                               << 413 << QString();
  }

  void refusesNamingTheField() {
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, param);
    const auto parsed = parseSpeechRequest(body);
    const auto* error = std::get_if<ApiError>(&parsed);
    QVERIFY(error);
    QCOMPARE(error->status, status);
    // OpenAI's shape: {"error": {"message", "type", "param", "code"}}, param null when no field is at fault.
    const QJsonObject json = QJsonDocument::fromJson(error->json()).object().value(QStringLiteral("error")).toObject();
    QVERIFY(!json.value(QStringLiteral("message")).toString().isEmpty());
    QCOMPARE(json.value(QStringLiteral("type")).toString(), QStringLiteral("invalid_request_error"));
    QCOMPARE(json.value(QStringLiteral("param")).isNull(), param.isEmpty());
    QCOMPARE(json.value(QStringLiteral("param")).toString(), param);
    QVERIFY(json.contains(QStringLiteral("code")));
  }

  // Segments of every size around the overlap, in chunks of every size: the
  // stream is the take, sample for sample.
  void streamedJoinIsTheTake() {
    const int rate = 24000;
    for (const std::vector<std::size_t>& sizes : std::vector<std::vector<std::size_t>>{
             {1000}, {1000, 5000}, {100, 3000, 0, 239, 240, 241, 4000}, {0, 0, 700}}) {
      for (const std::size_t chunkSize : {std::size_t(1), std::size_t(97), std::size_t(240), std::size_t(10000)}) {
        std::vector<float> take, streamed;
        StreamedJoin join(rate);
        float value = 0;
        for (std::size_t segment = 0; segment < sizes.size(); ++segment) {
          std::vector<float> samples(sizes[segment]);
          for (float& sample : samples) sample = value += 0.001f;
          audio::appendWithCrossfade(take, samples.data(), samples.size(), rate);
          for (std::size_t at = 0; at < samples.size() || at == 0; at += chunkSize) {
            AudioChunk chunk;
            chunk.segment = int(segment);
            chunk.samples.assign(samples.begin() + std::ptrdiff_t(std::min(at, samples.size())),
                                 samples.begin() + std::ptrdiff_t(std::min(at + chunkSize, samples.size())));
            chunk.segmentDone = at + chunkSize >= samples.size();
            const std::vector<float> final = join.add(chunk);
            streamed.insert(streamed.end(), final.begin(), final.end());
            if (samples.empty()) break;
          }
        }
        const std::vector<float> rest = join.finish();
        streamed.insert(streamed.end(), rest.begin(), rest.end());
        QCOMPARE(streamed, take);
      }
    }
  }
};

QTEST_GUILESS_MAIN(SpeechRequestTest)
#include "speech_request_test.moc"
