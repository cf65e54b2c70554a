// The client of CosyStudio's own API (services/server/remote_speech.h) against
// `cosystudio-cli serve` on the tiny model: the server's speech is the local
// engine's, sample for sample, streamed as it is made; so are its speaker
// comparison and its voice conversion; its engine is reset from here and
// speaks as before; a stop ends the request on both sides; and what goes wrong is said so that a person can act: a
// wrong token, a server from before the API, an untrusted certificate, nobody
// listening.
#include "heard_speech.h"

#include "services/server/remote_speech.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/runtime.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <optional>

using namespace cosystudio;
using namespace cosystudio::services;

namespace {

const QString kToken = QStringLiteral("test-token");
const QString kTranscript = QStringLiteral("希望你以后能够做的比我还好呦。");
// Two segments.
const std::string kText =
    "春天来了，公园里的花都开了3朵。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们开心地玩耍。"
    "湖面上有几只白色的小船，正慢慢地划向远方。天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路散步，一边走一边聊着过去的事情。";

// `serve` with the token, started in `folder`; its URL once it listens.
std::optional<QUrl> startServe(QProcess& serve, const QString& folder, const QStringList& extra = {}) {
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("COSYSTUDIO_SERVER_TOKEN"), kToken);
  serve.setProcessEnvironment(environment);
  serve.setProcessChannelMode(QProcess::ForwardedErrorChannel);
  serve.start(QStringLiteral(COSYSTUDIO_CLI),
              QStringList{QStringLiteral("serve"), QStringLiteral("--model"), QStringLiteral(TINY_MODEL),
                          QStringLiteral("--voices"), folder, QStringLiteral("--received-voices"),
                          folder + QStringLiteral("/received"), QStringLiteral("--port"), QStringLiteral("0")} +
                  extra);
  if (!serve.waitForStarted() || !serve.waitForReadyRead(120000)) return std::nullopt;
  const QRegularExpressionMatch listening =
      QRegularExpression(QStringLiteral("listening on (https?://127\\.0\\.0\\.1:\\d+)")).match(QString::fromUtf8(serve.readLine()));
  if (!listening.hasMatch()) return std::nullopt;
  return QUrl(listening.captured(1));
}

void stopServe(QProcess& serve) {
  serve.terminate();
  serve.waitForFinished(30000);
}

QString errorOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const RemoteError& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace

class RemoteSpeechTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(folder_.isValid());
    voiceFile_ = folder_.filePath(QStringLiteral("Ann.voice"));
    QCOMPARE(QProcess::execute(QStringLiteral(COSYSTUDIO_CLI),
                               {QStringLiteral("voice"), QStringLiteral("save"), QStringLiteral("--model"),
                                QStringLiteral(TINY_MODEL), QStringLiteral("--prompt"), QStringLiteral(PROMPT),
                                QStringLiteral("--prompt-text"), kTranscript, QStringLiteral("--out"), voiceFile_}),
             0);
    const std::optional<QUrl> url = startServe(serve_, folder_.path());
    QVERIFY(url);
    url_ = *url;
    // As `serve` loads it: the precision this machine's device computes in by default.
    LoadOptions options;
    options.modelFolder = TINY_MODEL;
    options.precision = defaultPrecision(options.device);
    engine_.load(options);
  }

  void cleanupTestCase() { stopServe(serve_); }

  void aServersSpeechIsTheLocalEnginesSampleForSample() {
    RemoteSpeech remote({url_, kToken, {}});
    const RemoteInfo info = remote.connect();
    QCOMPARE(info.apiVersion, 1);
    QVERIFY(info.modelLoaded);
    QVERIFY(info.server.startsWith(QStringLiteral("CosyStudio ")));
    const QString hash = remote.sendVoice(voiceFile_);
    QCOMPARE(hash.size(), 64);
    QCOMPARE(remote.sendVoice(voiceFile_), hash);  // kept: not sent again, the same name

    SynthesisRequest request;
    request.text = kText;
    SynthesisSettings settings;
    settings.seed = 7;
    settings.stream = true;
    HeardSpeech heard;
    SynthesisCallbacks callbacks = heard.callbacks();
    std::map<int, SegmentResult> kept;  // as a long text's job keeps its parts
    callbacks.store.keep = [&kept](int index, int count, const SegmentResult& segment) {
      QCOMPARE(count, 2);
      kept[index] = segment;
    };
    const SynthesisResult served = remote.synthesize(request, hash, settings, callbacks);

    request.voice = Voice::load(voiceFile_.toStdString());
    const SynthesisResult local = engine_.synthesize(request, settings);

    QCOMPARE(served.segments.size(), std::size_t(2));
    QCOMPARE(served.segments.size(), local.segments.size());
    QVERIFY(served.samples == local.samples);
    QCOMPARE(served.seed, local.seed);
    for (std::size_t i = 0; i < local.segments.size(); ++i) {
      QCOMPARE(served.segments[i].text, local.segments[i].text);
      QCOMPARE(served.segments[i].userText, local.segments[i].userText);
      QCOMPARE(served.segments[i].speechTokens, local.segments[i].speechTokens);
      QVERIFY(served.segments[i].warnings == local.segments[i].warnings);
      QVERIFY(heard.streamed[int(i)] == local.segments[i].samples);
      QVERIFY(kept[int(i)].samples == local.segments[i].samples);
      QCOMPARE(kept[int(i)].text, local.segments[i].text);
    }
    QVERIFY(heard.progress > 2);
  }

  // What listening back asks of the engine: a take's speaker against the voice,
  // here a voice with features and one of a clip alone (the server computes them).
  void theServersSpeakerComparisonIsTheLocalEngines() {
    RemoteSpeech remote({url_, kToken, {}});
    const Voice saved = Voice::load(voiceFile_.toStdString());
    const Voice clipOnly = Voice::fromClip(audio::loadClip(PROMPT), kTranscript.toStdString());
    SynthesisRequest request;
    request.text = "今天天气很好。";
    request.voice = saved;
    SynthesisSettings settings;
    settings.seed = 3;
    const SynthesisResult take = engine_.synthesize(request, settings);
    for (const Voice& voice : {saved, clipOnly}) {
      const double here = engine_.speakerSimilarity(take.samples, take.sampleRate, voice);
      QCOMPARE(remote.speakerSimilarity(take.samples, take.sampleRate, voice), here);
    }
  }

  // A source clip re-spoken in the voice: sent as a voice of its own.
  void theServersVoiceConversionIsTheLocalEngines() {
    RemoteSpeech remote({url_, kToken, {}});
    SynthesisRequest request;
    request.voice = Voice::load(voiceFile_.toStdString());
    request.sourceClip = audio::loadClip(PROMPT);
    SynthesisSettings settings;
    settings.mode = Mode::VoiceConversion;
    settings.seed = 5;
    const SynthesisResult served = remote.synthesize(request, settings);
    QVERIFY(!served.samples.empty());
    QVERIFY(served.samples == engine_.synthesize(request, settings).samples);
  }

  // Reset engine on the server: its memory before and after, and the same speech after it.
  void theServersEngineIsResetFromHere() {
    RemoteSpeech remote({url_, kToken, {}});
    SynthesisRequest request;
    request.text = "好的。";
    request.voice = Voice::load(voiceFile_.toStdString());
    SynthesisSettings settings;
    settings.seed = 9;
    const SynthesisResult before = remote.synthesize(request, settings);
    const ResetReport report = remote.reset();
    QVERIFY(report.before.hostResident > 0 && report.afterTeardown.hostResident > 0 &&
            report.afterReload.hostResident > 0);
    QVERIFY(report.afterTeardown.hostResident < report.before.hostResident);
    QVERIFY(report.reloadSeconds > 0);
    QCOMPARE(report.before.deviceTotal, 0);  // on the CPU: no GPU's memory to show
    QVERIFY(remote.synthesize(request, settings).samples == before.samples);
  }

  // Stopped at its first progress: Cancelled here, the server free for the next.
  void aStopEndsTheRequestOnBothSides() {
    RemoteSpeech remote({url_, kToken, {}});
    const QString hash = remote.sendVoice(voiceFile_);
    SynthesisRequest request;
    request.text = kText + kText + kText;
    bool stop = false;
    SynthesisCallbacks callbacks;
    callbacks.onProgress = [&](const Progress&) { stop = true; };
    callbacks.shouldStop = [&] { return stop; };
    QVERIFY_THROWS_EXCEPTION(Cancelled, remote.synthesize(request, hash, SynthesisSettings{}, callbacks));
    request.text = "好的。";
    QVERIFY(!remote.synthesize(request, hash, SynthesisSettings{}).samples.empty());
  }

  void aRefusalIsTheServersOwnSentence() {
    RemoteSpeech remote({url_, kToken, {}});
    SynthesisRequest request;
    request.text = "好的。";
    const QString missing = errorOf([&] { remote.synthesize(request, QString(64, QLatin1Char('0')), {}); });
    QVERIFY2(missing.contains(QStringLiteral("has no voice")) && missing.contains(QStringLiteral("PUT")),
             qPrintable(missing));
  }

  void aWrongTokenIsSaidSo() {
    const QString error = errorOf([&] { RemoteSpeech({url_, QStringLiteral("wrong"), {}}).connect(); });
    QVERIFY2(error.contains(QStringLiteral("refused the token")), qPrintable(error));
  }

  // A server that answers 404 for the API, as one from before it does.
  void anEarlierServerIsSaidSo() {
    QTcpServer earlier;
    QVERIFY(earlier.listen(QHostAddress::LocalHost));
    connect(&earlier, &QTcpServer::newConnection, &earlier, [&earlier] {
      QTcpSocket* socket = earlier.nextPendingConnection();
      connect(socket, &QTcpSocket::readyRead, socket, [socket] {
        socket->readAll();
        socket->write("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
        socket->disconnectFromHost();
      });
    });
    const QUrl url(QStringLiteral("http://127.0.0.1:%1").arg(earlier.serverPort()));
    const QString error = errorOf([&] { RemoteSpeech({url, kToken, {}}).connect(); });
    QVERIFY2(error.contains(QStringLiteral("does not speak CosyStudio's own API")), qPrintable(error));
  }

  void nobodyListeningIsSaidSo() {
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const QUrl url(QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort()));
    closed.close();
    const QString error = errorOf([&] { RemoteSpeech({url, kToken, {}}).connect(); });
    QVERIFY2(error.contains(QStringLiteral("cannot be reached")), qPrintable(error));
  }

  // HTTPS with a self-signed certificate: refused until its file is given.
  void anUntrustedCertificateIsSaidSo() {
    const QString certificate = folder_.filePath(QStringLiteral("cert.pem"));
    QProcess tls;
    const std::optional<QUrl> url =
        startServe(tls, folder_.path(),
                   {QStringLiteral("--tls-cert"), certificate, QStringLiteral("--tls-key"),
                    folder_.filePath(QStringLiteral("key.pem")), QStringLiteral("--make-certificate")});
    QVERIFY(url);
    QCOMPARE(url->scheme(), QStringLiteral("https"));
    const QString error = errorOf([&] { RemoteSpeech({*url, kToken, {}}).connect(); });
    QVERIFY2(error.contains(QStringLiteral("is not trusted")), qPrintable(error));
    QCOMPARE(RemoteSpeech({*url, kToken, certificate}).connect().apiVersion, 1);
    stopServe(tls);
  }

 private:
  QTemporaryDir folder_;
  QString voiceFile_;
  QProcess serve_;
  QUrl url_;
  Engine engine_;  // this computer's, as `serve` loads it
};

QTEST_GUILESS_MAIN(RemoteSpeechTest)
#include "remote_speech_test.moc"
