// The window's speech server (Tools → Serve on localhost) on the tiny model:
// the clients of serve_test.py get the CLI's audio from it; a request is a
// job in the window's queue, cancelled there; its take is kept or not as the
// settings say; one segment alone, a speaker comparison, a conversion and a
// reset through CosyStudio's API; the settings warn before other machines are
// let in; a request to listen is heard with the window's recogniser.
#include "engine_session.h"
#include "history_panel.h"
#include "main_window.h"
#include "model_dialogs.h"
#include "window_server.h"
#include "window_status_bar.h"

#include "../ui/test_support.h"
#include "heard_speech.h"

#include "services/app_data.h"
#include "services/server/remote_speech.h"
#include "services/server/server_tls.h"

#include "cosystudio/audio/clip.h"
#include "cosystudio/runtime.h"

#include <QAction>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <optional>
#include <utility>

using namespace cosystudio;
using namespace cosystudio::services;
using namespace cosystudio::ui;

namespace {

const QString kToken = QStringLiteral("test-token");
const QString kTranscript = QStringLiteral("希望你以后能够做的比我还好呦。");
constexpr int kLoadMs = 120000;
constexpr int kJobMs = 180000;

bool loadTinyModel(MainWindow& window) {
  QSignalSpy loaded(window.session(), &EngineSession::loaded);
  return window.setModelFolder(test::tinyModelA()) && loaded.wait(kLoadMs);
}

// Tools → Serve on localhost, as a click; the port the server got.
int serve(MainWindow& window) {
  window.findChild<QAction*>(QStringLiteral("serveAction"))->trigger();
  if (!window.speechServer()->isRunning()) return 0;
  return QUrl(window.speechServer()->url()).port();
}

// The app's voice library holds Ann, the fixture prompt's voice.
bool saveAnn() {
  QDir().mkpath(voicesFolder());
  return QProcess::execute(QStringLiteral(COSYSTUDIO_CLI),
                           {QStringLiteral("voice"), QStringLiteral("save"), QStringLiteral("--model"),
                            test::tinyModelA(), QStringLiteral("--prompt"), test::promptA(),
                            QStringLiteral("--prompt-text"), kTranscript, QStringLiteral("--out"),
                            voicesFolder() + QStringLiteral("/Ann.voice")}) == 0;
}

QNetworkReply* postSpeech(QNetworkAccessManager& network, int port, const QString& text,
                          const QByteArray& checkHeader = {}) {
  QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/v1/audio/speech").arg(port)));
  request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
  request.setRawHeader("Authorization", "Bearer " + kToken.toUtf8());
  if (!checkHeader.isEmpty()) request.setRawHeader("X-CosyStudio-Check", checkHeader);
  const QJsonObject body{{QStringLiteral("model"), QStringLiteral("tts-1")},
                         {QStringLiteral("input"), text},
                         {QStringLiteral("voice"), QStringLiteral("Ann")},
                         {QStringLiteral("response_format"), QStringLiteral("pcm")}};
  return network.post(request, QJsonDocument(body).toJson());
}

// GET /health, without the token: its status and its "status".
std::pair<int, QString> health(QNetworkAccessManager& network, int port) {
  QNetworkReply* reply = network.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/health").arg(port))));
  if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 10000)) return {0, {}};
  reply->deleteLater();
  return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
          QJsonDocument::fromJson(reply->readAll()).object().value(QStringLiteral("status")).toString()};
}

int servedTakes(const MainWindow& window) {
  const QList<Take>& takes = window.historyPanel()->takes();
  return int(std::count_if(takes.begin(), takes.end(), [](const Take& take) { return take.spec.served; }));
}

// The token the window keeps (AppSettings::load() leaves it out).
QString storedToken() {
  ServerSettings server;
  loadServerToken(server);
  return server.token;
}

}  // namespace

class WindowServerTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    // A home of its own: the voice library holds only the voice this test saves.
    QVERIFY(home_.isValid());
    qputenv("HOME", home_.path().toUtf8());
    QStandardPaths::setTestModeEnabled(true);
    QSettings().setValue(QStringLiteral("server/port"), 0);  // any free port
    QSettings().setValue(QStringLiteral("server/token"), kToken);
  }

  // Each window starts with the server off (serving is remembered for the next start).
  void init() { QSettings().setValue(QStringLiteral("server/enabled"), 0); }

  void servingIsRememberedForTheNextStart() {
    {
      MainWindow window;
      QVERIFY(serve(window) > 0);
    }
    MainWindow window;
    QTRY_VERIFY(window.speechServer()->isRunning());
    QVERIFY(window.findChild<QAction*>(QStringLiteral("serveAction"))->isChecked());
    serve(window);  // off, and so at the next start
    QVERIFY(!window.speechServer()->isRunning());
    QCOMPARE(AppSettings::load().server.enabled, false);
  }

  void theFirstStartMakesAToken() {
    QSettings().remove(QStringLiteral("server/token"));
    {
      MainWindow window;
      QVERIFY(saveAnn());
      const int port = serve(window);
      QVERIFY(port > 0);
      const QString made = storedToken();
      QCOMPARE(made.size(), 22);  // 128 random bits
      QNetworkAccessManager network;
      QNetworkReply* reply = postSpeech(network, port, QStringLiteral("你好。"));  // with the test's token
      QTRY_VERIFY(reply->isFinished());
      QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);
      serve(window);
      serve(window);  // started again: the same token
      QCOMPARE(storedToken(), made);
      serve(window);
    }
    QSettings().setValue(QStringLiteral("server/token"), kToken);
  }

  // A load balancer asks GET /health whether the window takes requests: not
  // before a model is loaded, nor while the engine is reset.
  void healthSaysWhetherTheWindowTakesRequests() {
    MainWindow window;
    const int port = serve(window);
    QVERIFY(port > 0);
    QNetworkAccessManager network;
    QCOMPARE(health(network, port), std::make_pair(503, QStringLiteral("no_model")));
    QVERIFY(loadTinyModel(window));
    QCOMPARE(health(network, port), std::make_pair(200, QStringLiteral("ready")));
    auto* engine = window.speechServer()->findChild<SpeechEngine*>();
    QVERIFY(engine);
    std::optional<EngineReadiness> duringReset;
    connect(window.session(), &EngineSession::stateChanged, this, [&](EngineSession::State state) {
      if (state == EngineSession::State::Resetting) duringReset = engine->readiness();
    });
    QSignalSpy reset(window.session(), &EngineSession::resetDone);
    window.session()->reset();
    QVERIFY(reset.wait(kLoadMs));
    QCOMPARE(duringReset, std::optional(EngineReadiness::Resetting));
    QCOMPARE(health(network, port), std::make_pair(200, QStringLiteral("ready")));
  }

  // Settings → Local server → Serve HTTPS: a self-signed certificate is made
  // where there is none, the settings show its fingerprint, a client that
  // trusts the file gets answers, and plain HTTP is told to use https.
  void theWindowServesHttpsWithTheCertificateItMade() {
    QTemporaryDir folder;
    const QString certificate = folder.filePath(QStringLiteral("cert.pem")), key = folder.filePath(QStringLiteral("key.pem"));
    QSettings().setValue(QStringLiteral("server/https"), 1);
    QSettings().setValue(QStringLiteral("server/certificate"), certificate);
    QSettings().setValue(QStringLiteral("server/key"), key);
    MainWindow window;
    const int port = serve(window);
    QVERIFY2(port > 0, qPrintable(window.lastError()));
    QCOMPARE(window.speechServer()->url(), QStringLiteral("https://127.0.0.1:%1/v1").arg(port));
    const QList<QSslCertificate> made = QSslCertificate::fromPath(certificate);
    QCOMPARE(made.size(), 1);
    QCOMPARE(QFileInfo(key).permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());

    QNetworkAccessManager network;
    QSslConfiguration trusting = QSslConfiguration::defaultConfiguration();
    trusting.setCaCertificates(made);
    QNetworkRequest request(QUrl(QStringLiteral("https://127.0.0.1:%1/health").arg(port)));
    request.setSslConfiguration(trusting);
    QNetworkReply* reply = network.get(request);
    QVERIFY(QTest::qWaitFor([reply] { return reply->isFinished(); }, 10000));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 503);  // no model yet: answered
    QCOMPARE(QJsonDocument::fromJson(reply->readAll()).object().value(QStringLiteral("status")).toString(),
             QStringLiteral("no_model"));
    reply->deleteLater();
    QNetworkReply* plain = network.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/health").arg(port))));
    QVERIFY(QTest::qWaitFor([plain] { return plain->isFinished(); }, 10000));
    QCOMPARE(plain->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 400);
    QVERIFY(plain->readAll().contains("https_required"));
    plain->deleteLater();

    SettingsDialog dialog(AppSettings::load());
    auto* note = dialog.findChild<QLabel*>(QStringLiteral("serverNote"));
    QVERIFY2(note->text().contains(QStringLiteral("https://127.0.0.1:")) &&
                 note->text().contains(certificateFingerprint(made.first())),
             qPrintable(note->text()));
    QSettings().setValue(QStringLiteral("server/https"), 0);
  }

  void curlAndOpenAiGetTheCliAudioFromTheWindow() {
    MainWindow window;
    QVERIFY(loadTinyModel(window));
    const int port = serve(window);
    QVERIFY(port > 0);
    auto* note = window.statusBar()->findChild<QLabel*>(QStringLiteral("serverStatus"));
    QCOMPARE(note->text(), QStringLiteral("API on http://127.0.0.1:%1/v1").arg(port));

    QProcess clients;
    clients.setProcessChannelMode(QProcess::ForwardedChannels);
    QTemporaryDir out;
    clients.start(QStringLiteral("python3"),
                  {QStringLiteral(SERVE_TEST), QStringLiteral("clients-at"), QString::number(port), voicesFolder(),
                   QStringLiteral(COSYSTUDIO_CLI), test::tinyModelA(), test::promptA(), kTranscript, out.path(),
                   QStringLiteral(VENV_PYTHON)});
    QSignalSpy done(&clients, &QProcess::finished);
    QVERIFY(done.wait(170000));  // the window's event loop serves meanwhile
    QCOMPARE(clients.exitStatus(), QProcess::NormalExit);
    QCOMPARE(clients.exitCode(), 0);
    // Every request that made audio is a take in the history, like the window's own.
    QVERIFY(servedTakes(window) >= 6);
    QVERIFY(window.session()->jobs().isEmpty());
  }

  // CosyStudio's own API through the window's queue, with its client
  // (remote_speech.h): the voice sent once, the audio streamed as each
  // segment's result, progress on the way.
  void theWindowsQueueAnswersCosyStudiosOwnApi() {
    MainWindow window;
    QVERIFY(saveAnn());
    QVERIFY(loadTinyModel(window));
    const int port = serve(window);
    QVERIFY(port > 0);
    RemoteSpeech remote({QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), kToken, {}});
    QCOMPARE(remote.connect().apiVersion, 1);
    const QString hash = remote.sendVoice(voicesFolder() + QStringLiteral("/Ann.voice"));
    SynthesisRequest request;
    request.text = "今天天气很好，我们出去走走吧。公园里的花都开了，小朋友们在草地上奔跑，笑声传得很远很远。"
                   "老人们坐在长椅上聊天，看着孩子们开心地玩耍。";
    SynthesisSettings settings;
    settings.seed = 7;
    settings.stream = true;
    HeardSpeech heard;
    const SynthesisResult made = remote.synthesize(request, hash, settings, heard.callbacks());
    QVERIFY(made.segments.size() >= 1);
    QCOMPARE(made.seed, quint64(7));
    for (std::size_t i = 0; i < made.segments.size(); ++i) {
      QVERIFY(!made.segments[i].samples.empty());
      QVERIFY(heard.streamed[int(i)] == made.segments[i].samples);
      QVERIFY(!made.segments[i].text.empty());
    }
    QVERIFY(heard.progress > 0);
    QTRY_VERIFY(servedTakes(window) >= 1);  // a take in the history, like any other request's
  }

  // What the window's remote engine asks of a server besides whole texts: one
  // segment made again (alone, or from its text), a take's speaker compared
  // with the voice, a clip converted, and Reset engine, as the window's own.
  void theWindowsServerMakesASegmentComparesConvertsAndResets() {
    MainWindow window;
    QVERIFY(saveAnn());
    QVERIFY(loadTinyModel(window));
    const int port = serve(window);
    QVERIFY(port > 0);
    RemoteSpeech remote({QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), kToken, {}});
    QCOMPARE(remote.connect().apiVersion, 1);
    const Voice ann = Voice::load((voicesFolder() + QStringLiteral("/Ann.voice")).toStdString());
    SynthesisRequest request;
    request.voice = ann;
    request.text = "春天来了，公园里的花都开了3朵。小朋友们在草地上奔跑，笑声传得很远很远。老人们坐在长椅上聊天，看着孩子们"
                   "开心地玩耍。湖面上有几只白色的小船，正慢慢地划向远方。天空很蓝，白云像棉花一样柔软。我们沿着湖边的小路"
                   "散步，一边走一边聊着过去的事情。";
    SynthesisSettings settings;
    settings.seed = 7;
    const SynthesisResult whole = remote.synthesize(request, settings);
    QCOMPARE(whole.segments.size(), std::size_t(2));
    request.onlySegment = 1;
    const SynthesisResult alone = remote.synthesize(request, settings);
    QCOMPARE(alone.segments.size(), std::size_t(1));
    QVERIFY(alone.segments[0].samples == whole.segments[1].samples);
    request.onlySegment.reset();
    request.text = whole.segments[1].text;
    request.textIsSegment = true;
    QVERIFY(remote.synthesize(request, settings).segments.at(0).samples == whole.segments[1].samples);

    // As this computer's engine compares them, loaded as the window loads it (its default precision and threads).
    Engine here;
    LoadOptions options;
    options.modelFolder = test::tinyModelA().toStdString();
    options.precision = defaultPrecision(options.device);
    here.load(options);
    QCOMPARE(remote.speakerSimilarity(whole.samples, whole.sampleRate, ann),
             here.speakerSimilarity(whole.samples, whole.sampleRate, ann));

    SynthesisRequest conversion;
    conversion.voice = ann;
    conversion.sourceClip = audio::loadClip(test::promptA().toStdString());
    SynthesisSettings converting;
    converting.mode = Mode::VoiceConversion;
    converting.seed = 5;
    QVERIFY(remote.synthesize(conversion, converting).samples == here.synthesize(conversion, converting).samples);

    QSignalSpy resetHere(window.session(), &EngineSession::resetDone);
    const ResetReport report = remote.reset();
    QCOMPARE(resetHere.count(), 1);  // the window's own reset, shown as Engine → Reset engine shows it
    QVERIFY(report.before.hostResident > 0 && report.reloadSeconds > 0);
    QVERIFY(window.session()->isLoaded());
  }

  void aRequestWaitsInTheQueueAndIsCancelledThere() {
    MainWindow window;
    QVERIFY(saveAnn());
    QVERIFY(loadTinyModel(window));
    const int port = serve(window);
    QVERIFY(port > 0);
    const int takesBefore = servedTakes(window);  // earlier tests' takes, read back with their sidecars
    QNetworkAccessManager network;
    const QString longText = QStringLiteral("春天来了，公园里的花都开了。小朋友们在草地上奔跑，笑声传得很远很远。").repeated(6);
    QNetworkReply* reply = postSpeech(network, port, longText);
    QTRY_VERIFY_WITH_TIMEOUT(!window.session()->jobs().isEmpty(), 10000);
    const JobSpec job = window.session()->jobs().first();
    QVERIFY(job.served);
    QVERIFY2(job.summary().contains(QStringLiteral(" API ")), qPrintable(job.summary()));
    window.session()->cancel(job.id);  // as the queue's Cancel does
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), kJobMs);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 503);
    const QJsonObject error = QJsonDocument::fromJson(reply->readAll()).object().value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("cancelled"));
    QCOMPARE(servedTakes(window), takesBefore);

    // Kept by default; not when the settings say so, and the client gets its audio all the same.
    for (const bool keep : {true, false}) {
      window.historyPanel()->setKeepServedTakes(keep);
      QNetworkReply* shortReply = postSpeech(network, port, QStringLiteral("你好。"));
      QTRY_VERIFY_WITH_TIMEOUT(shortReply->isFinished(), kJobMs);
      QCOMPARE(shortReply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
      QVERIFY(shortReply->readAll().size() > 0);
      QTRY_VERIFY(window.session()->jobs().isEmpty());
      QCOMPARE(servedTakes(window), takesBefore + 1);
    }

    // Stopped from the menu: the port is let go.
    serve(window);
    QVERIFY(!window.speechServer()->isRunning());
    QVERIFY(window.statusBar()->findChild<QLabel*>(QStringLiteral("serverStatus"))->isHidden());
    QNetworkReply* refused = postSpeech(network, port, QStringLiteral("你好。"));
    QTRY_VERIFY(refused->isFinished());
    QCOMPARE(refused->error(), QNetworkReply::ConnectionRefusedError);
  }

  void withoutAModelARequestIsRefusedAt503() {
    MainWindow window;
    QVERIFY(saveAnn());
    const int port = serve(window);
    QVERIFY(port > 0);
    QNetworkAccessManager network;
    QNetworkReply* reply = postSpeech(network, port, QStringLiteral("你好。"));
    QTRY_VERIFY(reply->isFinished());
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 503);
    QVERIFY(window.session()->jobs().isEmpty());
  }

  // A request to listen is heard as the window listens (its recogniser): the
  // figures in the answer's header, or in the API's result, as `serve` gives
  // them; without the recogniser it is refused, saying where to get it.
  void aRequestForACheckIsHeardByTheWindow() {
    QSettings().setValue(QStringLiteral("recognizer/folder"), test::fixtures() + QStringLiteral("/sensevoice/model"));
    {
      MainWindow window;
      QVERIFY(saveAnn());
      QVERIFY(loadTinyModel(window));
      const int port = serve(window);
      QVERIFY(port > 0);
      QNetworkAccessManager network;
      QNetworkReply* reply = postSpeech(network, port, QStringLiteral("你好。"), "1");
      QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), kJobMs);
      QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
      QVERIFY(reply->readAll().size() > 0);
      const QJsonObject figures = QJsonDocument::fromJson(reply->rawHeader("X-CosyStudio-Check")).object();
      const QJsonArray segments = figures.value(QStringLiteral("segments")).toArray();
      QVERIFY2(segments.size() == 1 && segments[0].toObject().contains(QStringLiteral("passed")),
               reply->rawHeader("X-CosyStudio-Check").constData());

      RemoteSpeech remote({QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), kToken, {}});
      const QString hash = remote.sendVoice(voicesFolder() + QStringLiteral("/Ann.voice"));
      QNetworkRequest post(QUrl(QStringLiteral("http://127.0.0.1:%1/cosystudio/v1/speech").arg(port)));
      post.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
      post.setRawHeader("Authorization", "Bearer " + kToken.toUtf8());
      const QJsonObject body{{QStringLiteral("input"), QStringLiteral("你好。")}, {QStringLiteral("voice"), hash},
                             {QStringLiteral("check"), true}, {QStringLiteral("retakes"), 1}};
      QNetworkReply* events = network.post(post, QJsonDocument(body).toJson());
      QTRY_VERIFY_WITH_TIMEOUT(events->isFinished(), kJobMs);
      const QList<QByteArray> lines = events->readAll().trimmed().split('\n');
      const QJsonObject result = QJsonDocument::fromJson(lines.last()).object();
      QCOMPARE(result.value(QStringLiteral("event")).toString(), QStringLiteral("result"));
      const QJsonArray heard = result.value(QStringLiteral("check")).toObject().value(QStringLiteral("segments")).toArray();
      QVERIFY2(heard.size() == 1 && !heard[0].toObject().value(QStringLiteral("tries")).toArray().isEmpty(),
               lines.last().left(500).constData());
    }
    QSettings().setValue(QStringLiteral("recognizer/folder"), QStringLiteral("/nonexistent/recogniser"));
    init();  // the window before served: this one starts with the server off too
    {
      MainWindow window;
      QVERIFY(loadTinyModel(window));
      const int port = serve(window);
      QVERIFY(port > 0);
      QNetworkAccessManager network;
      QNetworkReply* reply = postSpeech(network, port, QStringLiteral("你好。"), "1");
      QTRY_VERIFY(reply->isFinished());
      QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 503);
      const QJsonObject error =
          QJsonDocument::fromJson(reply->readAll()).object().value(QStringLiteral("error")).toObject();
      QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("recognizer_not_available"));
      QVERIFY(window.session()->jobs().isEmpty());
      // Without the header, or with it at 0, the same request is served.
      QNetworkReply* served = postSpeech(network, port, QStringLiteral("你好。"), "0");
      QTRY_VERIFY_WITH_TIMEOUT(served->isFinished(), kJobMs);
      QCOMPARE(served->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
      QVERIFY(served->rawHeader("X-CosyStudio-Check").isEmpty());
    }
    QSettings().remove(QStringLiteral("recognizer/folder"));
  }

  void theSettingsWarnBeforeOtherMachinesAreLetIn() {
    AppSettings settings = AppSettings::load();  // as the window has them, its token with them
    loadServerToken(settings.server);
    SettingsDialog dialog(settings);
    auto* host = dialog.findChild<QLineEdit*>(QStringLiteral("serverHost"));
    auto* token = dialog.findChild<QLineEdit*>(QStringLiteral("serverToken"));
    auto* note = dialog.findChild<QLabel*>(QStringLiteral("serverNote"));
    QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QCOMPARE(host->text(), QStringLiteral("127.0.0.1"));
    QVERIFY(!note->text().contains(QStringLiteral("Warning")));
    host->setText(QStringLiteral("0.0.0.0"));
    QVERIFY2(note->text().contains(QStringLiteral("Warning: other machines")), qPrintable(note->text()));
    // Off the loopback a token is needed: the settings cannot be taken without one.
    token->clear();
    QVERIFY2(note->text().contains(QStringLiteral("give a token")), qPrintable(note->text()));
    QVERIFY(!ok->isEnabled());
    token->setText(kToken);
    QVERIFY(ok->isEnabled());
    dialog.findChild<QPushButton*>(QStringLiteral("copyServerToken"))->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), kToken);
    host->setText(QStringLiteral("localhost:80"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(note->text().contains(QStringLiteral("is not an IP address")));
    host->setText(QStringLiteral("::1"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.settings().server.host, QStringLiteral("::1"));
    QVERIFY(dialog.settings().server.isLoopback());
  }

 private:
  QTemporaryDir home_;
};

QTEST_MAIN(WindowServerTest)
#include "window_server_test.moc"
