// cosystudio-cli serve --model DIR [--voices DIR] [--host H] [--port N] [--token-file F] [--asr-model DIR]:
// the local speech server with OpenAI's API (ui/services/server/speech_server.h), on an engine
// thread of this process. Ctrl-C or SIGTERM shuts it down without cutting a
// request off: the port closes, the requests not started yet are answered 503
// (a load balancer sends them to another server), the running one finishes;
// a second one stops it at once, cancelling that request. A request with
// X-CosyStudio-Check: 1 is listened to (checked_synthesis.h) with the
// recogniser, loaded for the first such request. POST /cosystudio/v1/reset
// resets the engine in the queue's order; GET /health says "resetting" (503)
// meanwhile, so that a load balancer sends requests elsewhere.
#include "command.h"
#include "audio_output.h"
#include "engine_options.h"
#include "server_options.h"
#include "server_token.h"

#include "services/app_data.h"
#include "services/server/server_tls.h"
#include "services/server/speech_server.h"

#include "cosystudio/check_json.h"
#include "cosystudio/checked_synthesis.h"
#include "cosystudio/recognizer.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSslCertificate>
#include <QTimer>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <future>
#include <mutex>
#include <thread>

namespace cosystudio::cli {
namespace {

struct ServeOptions {
  EngineOptions engine;
  std::string voices;  // empty: the app's voice library
  std::string receivedVoices;  // empty: SpeechServer::defaultReceivedVoicesFolder()
  std::string host = "127.0.0.1";
  int port = services::kDefaultSpeechPort;
  std::string token;
  std::string tokenFile;
  std::vector<std::string> allowedOrigins;
  std::vector<std::string> allowedHosts;
  int maxRequests = services::SpeechServerOptions{}.maxRequests;
  int maxConnections = services::SpeechServerOptions{}.maxConnections;
  double requestTimeout = services::SpeechServerOptions{}.requestDeadlineMs / 1000.0;
  std::string asrModel = defaultRecognizerFolder().string();
  std::string tlsCertificate;
  std::string tlsKey;
  bool makeCertificate = false;
};

// HTTPS as --tls-cert and --tls-key say, the pair made first with --make-certificate; none without them.
std::optional<QSslConfiguration> serverTls(const ServeOptions& o, const QHostAddress& listening) {
  if (o.tlsCertificate.empty()) return std::nullopt;
  const services::TlsFiles files{QString::fromStdString(o.tlsCertificate), QString::fromStdString(o.tlsKey)};
  QString error;
  std::optional<QSslConfiguration> tls;
  if (o.makeCertificate) {
    QStringList hosts;
    for (const std::string& host : o.allowedHosts) hosts << QString::fromStdString(host);
    const QStringList names = services::certificateNames(listening, hosts);
    bool made = false;
    tls = services::serverTlsMadeIfMissing(files, names, &made, &error);
    if (tls && made)
      std::fprintf(stderr, "made a self-signed certificate for %s in %s, its key in %s\n",
                   names.join(QStringLiteral(", ")).toUtf8().constData(), o.tlsCertificate.c_str(), o.tlsKey.c_str());
  } else {
    tls = services::serverTls(files, &error);
  }
  if (!tls) throw std::runtime_error(error.toStdString());
  return tls;
}

// The engine is thread-confined: it is made, loaded and used on a thread of
// its own, which runs the server's jobs one at a time in the order they came.
class EngineThread : public services::SpeechEngine {
 public:
  EngineThread(const EngineOptions& options, std::string asrModel)
      : asrModel_(std::move(asrModel)), thread_([this, options] { run(options); }) {}

  ~EngineThread() override {
    {
      std::lock_guard lock(mutex_);
      quit_ = true;
      stopRunning_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }

  // Returns once the model is loaded; throws what loading threw.
  void waitUntilLoaded() { loaded_.get_future().get(); }

  // The server is made once the model is loaded.
  services::EngineReadiness readiness() const override {
    return resetting_       ? services::EngineReadiness::Resetting
           : !modelLoaded_ ? services::EngineReadiness::NoModel
                           : services::EngineReadiness::Ready;
  }
  Precision precision() const override { return precision_; }

  // Every job not started yet is refused with `error`; the running one goes on.
  void refuseWaiting(const services::ApiError& error) {
    std::deque<Queued> refused;
    {
      std::lock_guard lock(mutex_);
      refused.swap(waiting_);
    }
    for (const Queued& queued : refused) post([this, id = queued.id, error] { emit this->refused(id, error); });
  }

  std::variant<quint64, services::ApiError> enqueue(const services::SpeechJob& job) override { return queue(job); }
  std::variant<quint64, services::ApiError> enqueue(const services::EngineErrand& errand) override {
    return queue(errand);
  }

  void cancel(quint64 id) override {
    std::lock_guard lock(mutex_);
    if (id == running_) {
      stopRunning_ = true;
      return;
    }
    const auto waiting = std::find_if(waiting_.begin(), waiting_.end(), [id](const Queued& q) { return q.id == id; });
    if (waiting == waiting_.end()) return;
    waiting_.erase(waiting);
    post([this, id] { emit failed(id, QStringLiteral("cancelled"), true); });
  }

 private:
  struct Queued {
    quint64 id = 0;
    std::variant<services::SpeechJob, services::EngineErrand> work;
  };

  quint64 queue(std::variant<services::SpeechJob, services::EngineErrand> work) {
    std::lock_guard lock(mutex_);
    const quint64 id = nextId_++;
    waiting_.push_back({id, std::move(work)});
    wake_.notify_one();
    return id;
  }

  // Reports reach the server's thread in the order they were sent.
  template <typename Report>
  void post(Report report) {
    QMetaObject::invokeMethod(this, std::move(report), Qt::QueuedConnection);
  }

  void run(const EngineOptions& options) {
    device_ = *parseDevice(options.device);
    Engine engine;
    try {
      loadEngine(engine, options);
      precision_ = engine.options().precision;
      modelLoaded_ = true;
      loaded_.set_value();
    } catch (...) {
      loaded_.set_exception(std::current_exception());
      return;
    }
    for (;;) {
      Queued next;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return quit_ || !waiting_.empty(); });
        if (quit_) return;
        next = std::move(waiting_.front());
        waiting_.pop_front();
        running_ = next.id;
        stopRunning_ = false;
      }
      if (const auto* job = std::get_if<services::SpeechJob>(&next.work))
        synthesize(engine, next.id, *job);
      else
        runErrand(engine, next.id, std::get<services::EngineErrand>(next.work));
      std::lock_guard lock(mutex_);
      running_ = 0;
    }
  }

  // The recogniser, loaded for the first job that asks for a check (and again
  // after a load that failed, so that one downloaded meanwhile is found); null
  // when it cannot be, the job refused saying how to get it.
  const Recognizer* recognizer(quint64 id) {
    if (recognizer_) return recognizer_.get();
    try {
      recognizer_ = Recognizer::load(asrModel_, device_);
      return recognizer_.get();
    } catch (const RecognizerError& e) {
      post([this, id, message = QString::fromUtf8(e.what())] {
        emit refused(id, {503,
                          QStringLiteral("%1: 1 needs the recogniser: %2. Download it with `cosystudio-cli "
                                         "model download --recognizer`, or give serve --asr-model DIR")
                              .arg(QLatin1String(services::kCheckHeader), message),
                          {}, QStringLiteral("recognizer_not_available"), QStringLiteral("server_error")});
      });
      return nullptr;
    }
  }

  void synthesize(Engine& engine, quint64 id, const services::SpeechJob& job) {
    SynthesisRequest request;
    request.text = job.text.toStdString();
    request.instruction = job.instruction.toStdString();
    request.voice = job.voice;
    request.onlySegment = job.onlySegment;
    request.textIsSegment = job.textIsSegment;
    request.sourceClip = job.sourceClip;
    SynthesisCallbacks callbacks;
    if (!job.listen.check)  // else the answer comes whole
      callbacks.onAudio = [this, id](const AudioChunk& chunk) { post([this, id, chunk] { emit audio(id, chunk); }); };
    callbacks.shouldStop = [this] { return stopRunning_.load(); };
    if (job.segmentEvents && !job.listen.check)  // a check's retakes may replace a segment made
      callbacks.store.keep = [this, id](int index, int, const SegmentResult& segment) {
        post([this, id, index, segment] { emit segmentMade(id, index, segment); });
      };
    callbacks.onProgress = [this, id](const Progress& p) { post([this, id, p] { emit progress(id, p); }); };
    try {
      CheckedSynthesis checked;
      QByteArray figures;
      if (job.listen.check) {
        const Recognizer* listener = recognizer(id);
        if (!listener) return;
        checked = synthesizeChecked(engine, *listener, request, job.settings, CheckThresholds{},
                                    job.listen.retakes, callbacks);
        figures = QByteArray::fromStdString(checkFiguresJson(checked, job.maxCheckBytes));
      } else {
        checked.result = engine.synthesize(request, job.settings, callbacks);
      }
      post([this, id, result = std::move(checked.result), figures] { emit finished(id, result, figures); });
    } catch (const Cancelled&) {
      post([this, id] { emit failed(id, QStringLiteral("cancelled"), true); });
    } catch (const std::exception& e) {
      post([this, id, message = QString::fromUtf8(e.what())] { emit failed(id, message, false); });
    }
  }

  void runErrand(Engine& engine, quint64 id, const services::EngineErrand& errand) {
    try {
      if (errand.kind == services::EngineErrand::Kind::CompareSpeaker) {
        const double similarity = engine.speakerSimilarity(errand.samples, errand.sampleRate, errand.voice);
        post([this, id, similarity] { emit speakerCompared(id, similarity); });
        return;
      }
      resetting_ = true;
      const ResetReport report = engine.reset();
      resetting_ = false;
      post([this, id, report] { emit resetDone(id, report); });
    } catch (const std::exception& e) {
      modelLoaded_ = engine.isLoaded();  // a reset that failed may leave no model
      resetting_ = false;
      post([this, id, message = QString::fromUtf8(e.what())] { emit failed(id, message, false); });
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Queued> waiting_;
  quint64 running_ = 0;
  quint64 nextId_ = 1;
  bool quit_ = false;
  std::atomic<bool> stopRunning_{false};
  std::atomic<bool> resetting_{false};
  std::atomic<bool> modelLoaded_{false};
  std::promise<void> loaded_;
  Precision precision_ = Precision::Float32;  // set before loaded_, read after it
  const std::string asrModel_;
  Device device_;                           // the engine's, the recogniser's too
  std::unique_ptr<Recognizer> recognizer_;  // used on the engine thread only
  std::thread thread_;  // last: it starts once everything it uses is made
};

int serve(const ServeOptions& o) {
  int argc = 1;
  char name[] = "cosystudio-cli";
  char* argv[] = {name, nullptr};
  QCoreApplication app(argc, argv);

  services::SpeechServerOptions options;
  if (!options.access.address.setAddress(QString::fromStdString(o.host))) {
    std::fprintf(stderr, "cosystudio-cli serve: --host '%s' is not an IP address\n", o.host.c_str());
    return 2;
  }
  options.access.token = serverToken(o.token, o.tokenFile);
  for (const std::string& origin : o.allowedOrigins) options.access.allowedOrigins << QString::fromStdString(origin);
  for (const std::string& host : o.allowedHosts) options.access.allowedHosts << QString::fromStdString(host);
  if (const auto refusal = services::refuseListening(options.access)) {
    std::fprintf(stderr, "cosystudio-cli serve: %s: give one with --token-file FILE or %s\n",
                 refusal->toUtf8().constData(), kTokenVariable);
    return 2;
  }
  options.port = quint16(o.port);
  options.voicesFolder = o.voices.empty() ? services::voicesFolder() : QString::fromStdString(o.voices);
  options.receivedVoicesFolder = QString::fromStdString(o.receivedVoices);
  options.maxRequests = o.maxRequests;
  options.maxConnections = o.maxConnections;
  options.requestDeadlineMs = int(o.requestTimeout * 1000);
  options.tls = serverTls(o, options.access.address);
  if (!QFileInfo(options.voicesFolder).isDir())
    throw std::runtime_error("the voices folder " + options.voicesFolder.toStdString() + " does not exist");
  if (!options.access.address.isLoopback())
    std::fprintf(stderr, "warning: listening on %s, not on the loopback: other machines can use this engine with "
                 "the token\n", o.host.c_str());

  EngineThread engine(o.engine, o.asrModel);
  engine.waitUntilLoaded();
  services::SpeechServer server(&engine, options);
  // Caught before the port is printed: a signal sent as soon as a script reads it shuts down gracefully.
  StopOnInterrupt interrupt(StopOnInterrupt::Terminate::Caught);
  QString error;
  if (!server.listen(&error))
    throw std::runtime_error("cannot listen on " + o.host + " port " + std::to_string(o.port) + ": " +
                             error.toStdString());
  // The first line on stdout: a script that asked for port 0 reads the port here.
  std::printf("listening on %s (voices in %s)\n", server.url().toUtf8().constData(),
              options.voicesFolder.toUtf8().constData());
  // What a client that does not trust the certificate by its file compares, before it trusts it.
  if (options.tls)
    std::printf("certificate SHA-256 fingerprint: %s\n",
                services::certificateFingerprint(options.tls->localCertificate()).toUtf8().constData());
  std::fflush(stdout);

  QObject::connect(&server, &services::SpeechServer::drained, &app, [&app] {
    std::fprintf(stderr, "cosystudio-cli serve: every request answered; stopped\n");
    app.quit();
  });
  bool draining = false;
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, [&] {
    const int interrupts = interruptCount();
    if (interrupts == 0 || (draining && interrupts == 1)) return;
    if (interrupts > 1) return app.quit();  // a second signal: at once
    draining = true;
    std::fprintf(stderr, "cosystudio-cli serve: shutting down: the port is closed and the running request "
                 "finishes (%d request(s) open); Ctrl-C again stops at once\n", server.activeRequests());
    engine.refuseWaiting(services::shuttingDownError());
    server.drain();
  });
  poll.start(100);
  return app.exec();
}

const Registration registration([](CLI::App& app) -> Run {
  auto* sub = app.add_subcommand("serve", "Serve speech on an OpenAI-compatible HTTP API (POST /v1/audio/speech), with "
                                  "GET /health for a load balancer");
  auto o = std::make_shared<ServeOptions>();
  o->engine.addTo(sub);
  sub->add_option("--voices", o->voices,
                  "Folder of saved voices (NAME.voice), each a request's \"voice\" by its NAME (default: the app's "
                  "voice library, " + services::voicesFolder().toStdString() + ")");
  sub->add_option("--received-voices", o->receivedVoices,
                  "Folder where voices sent by clients of the CosyStudio API (PUT /cosystudio/v1/voices/SHA256) are "
                  "kept (default: " + services::SpeechServer::defaultReceivedVoicesFolder().toStdString() + ")");
  sub->add_option("--host", o->host, "Address to listen on; another than 127.0.0.1 lets other machines in")
      ->capture_default_str();
  sub->add_option("--port", o->port, "Port to listen on (0: any free one, printed at start)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  auto* token = sub->add_option("--token", o->token,
                                "Ask every request for \"Authorization: Bearer TOKEN\" (the API key); it shows in "
                                "the process list, which --token-file and " + std::string(kTokenVariable) +
                                    " avoid. Needed off the loopback");
  sub->add_option("--token-file", o->tokenFile, "Read the token from the first line of FILE")
      ->check(CLI::ExistingFile)
      ->excludes(token);
  sub->add_option("--allow-origin", o->allowedOrigins,
                  "Let web pages from ORIGIN (e.g. http://localhost:3000) call the server; requests that carry "
                  "another Origin are refused (repeat for more)");
  sub->add_option("--allow-host", o->allowedHosts,
                  "Answer requests whose Host header gives NAME (e.g. the name of a load balancer in front of the "
                  "server); other names are refused, as a web page that rebinds its name sends one (repeat for more)");
  sub->add_option("--max-requests", o->maxRequests, "Requests running and waiting at once; more are answered 429")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sub->add_option("--max-connections", o->maxConnections, "Open connections at once; more are closed")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  sub->add_option("--request-timeout", o->requestTimeout,
                  "Seconds a connection may take to send a whole request; then it is closed")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  auto* certificate =
      sub->add_option("--tls-cert", o->tlsCertificate,
                      "Serve HTTPS with this certificate (PEM; the server's first, then any chain); clients trust "
                      "it by its file or by the fingerprint printed at start");
  auto* key = sub->add_option("--tls-key", o->tlsKey, "The certificate's private key (PEM, not encrypted)");
  certificate->needs(key);
  key->needs(certificate);
  sub->add_flag("--make-certificate", o->makeCertificate,
                "Make a self-signed certificate and its key in the files --tls-cert and --tls-key name, where "
                "neither exists yet (with OpenSSL's openssl), for this machine's names and addresses")
      ->needs(certificate);
  sub->add_option("--asr-model", o->asrModel,
                  "The recogniser (SenseVoiceSmall folder) that listens to what a request with "
                  "\"X-CosyStudio-Check: 1\" gets, loaded for the first such request")
      ->capture_default_str();
  return {sub, [o] { return serve(*o); }};
});

}  // namespace
}  // namespace cosystudio::cli
