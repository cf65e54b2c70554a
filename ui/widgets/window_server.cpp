#include "window_server.h"

#include "engine_session.h"
#include "transcriber.h"

#include "services/app_data.h"
#include "services/server/server_access.h"
#include "services/server/server_tls.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <utility>

namespace cosystudio::ui {

namespace {

// A served job's take as the server answers it: what the engine made.
SynthesisResult servedResult(const Take& take) {
  SynthesisResult result;
  result.samples.assign(take.samples.begin(), take.samples.end());
  result.sampleRate = take.sampleRate;
  result.seed = take.seed;
  for (const TakeSegment& segment : take.segments) {
    SegmentResult& made = result.segments.emplace_back();
    made.text = segment.text.toStdString();
    made.userText = segment.userText.toStdString();
    made.speechTokens = segment.speechTokens;
    made.samples.assign(segment.samples.begin(), segment.samples.end());
    for (const QString& warning : segment.warnings) made.warnings.push_back(warning.toStdString());
  }
  return result;
}

}  // namespace

QueuedSpeechEngine::QueuedSpeechEngine(EngineSession* session, PrepareServedJob prepare, QObject* parent)
    : services::SpeechEngine(parent), session_(session), prepare_(std::move(prepare)) {
  connect(session_, &EngineSession::jobAudio, this, [this](quint64 id, const AudioChunk& chunk) {
    if (jobs_.count(id)) emit audio(id, chunk);
  });
  connect(session_, &EngineSession::jobProgress, this, [this](quint64 id, const Progress& p) {
    if (jobs_.count(id)) emit progress(id, p);
  });
  connect(session_, &EngineSession::jobFinished, this, [this](const Take& take) {
    if (ended(take.jobId)) emit finished(take.jobId, servedResult(take), take.servedCheck);
  });
  connect(session_, &EngineSession::jobFailed, this, [this](quint64 id, const QString& message, bool cancelled) {
    if (ended(id)) emit failed(id, message, cancelled);
  });
  connect(session_, &EngineSession::jobRanAway, this, [this](const JobSpec& job, int, const QString& message) {
    if (ended(job.id)) emit failed(job.id, message, false);
  });
  connect(session_, &EngineSession::speakerCompared, this, [this](quint64 id, double similarity) {
    if (ended(id)) emit speakerCompared(id, similarity);
  });
  connect(session_, &EngineSession::comparisonFailed, this, [this](quint64 id, const QString& message) {
    if (ended(id)) emit failed(id, message, false);
  });
  connect(session_, &EngineSession::resetDone, this, [this](const ResetReport& report) {
    resetEnded([this, report](quint64 id) { emit resetDone(id, report); });
  });
  connect(session_, &EngineSession::resetFailed, this, [this](const QString& message) {
    resetEnded([this, message](quint64 id) { emit failed(id, message, false); });
  });
}

void QueuedSpeechEngine::resetEnded(const std::function<void(quint64)>& answer) {
  for (const quint64 id : std::exchange(resets_, {})) answer(id);
}

services::EngineReadiness QueuedSpeechEngine::readiness() const {
  switch (session_->state()) {
    case EngineSession::State::Ready:
    case EngineSession::State::Busy: return services::EngineReadiness::Ready;
    case EngineSession::State::Loading: return services::EngineReadiness::Loading;
    case EngineSession::State::Resetting: return services::EngineReadiness::Resetting;
    case EngineSession::State::NoModel:
    case EngineSession::State::Poisoned: return services::EngineReadiness::NoModel;
  }
  return services::EngineReadiness::NoModel;
}

Precision QueuedSpeechEngine::precision() const { return session_->model().precision; }

std::variant<quint64, services::ApiError> QueuedSpeechEngine::enqueue(const services::SpeechJob& job) {
  JobSpec spec;
  if (job.listen.check) {
    // As the window listens (Settings → Listening: the recogniser and its bounds), with the request's retakes.
    spec.listening = session_->textListening();
    spec.listening.check = true;
    spec.listening.retakes = job.listen.retakes;
    spec.servedCheckBytes = job.maxCheckBytes;
    if (!recognizerInstalled(spec.listening.recognizerFolder))
      return services::ApiError{503,
                                QStringLiteral("listening needs the recogniser, which CosyStudio does not have in %1: "
                                               "download it in Settings → Listening")
                                    .arg(spec.listening.recognizerFolder),
                                {}, QStringLiteral("recognizer_not_available"), QStringLiteral("server_error")};
  }
  spec.text = job.text;
  spec.instruction = job.instruction;
  spec.voiceFile = job.voiceFile;
  spec.voiceName = job.voiceName;
  spec.settings = job.settings;
  spec.served = true;
  spec.onlySegment = job.onlySegment;
  spec.textIsSegment = job.textIsSegment;
  if (job.settings.mode == Mode::VoiceConversion) spec.sourceClipPath = job.sourceFile;
  if (const QString problem = prepare_(spec); !problem.isEmpty())
    return services::ApiError{503, problem, {}, QStringLiteral("model_not_loaded"), QStringLiteral("server_error")};
  const quint64 id = session_->enqueue(spec);
  jobs_.insert(id);
  return id;
}

std::variant<quint64, services::ApiError> QueuedSpeechEngine::enqueue(const services::EngineErrand& errand) {
  const EngineSession::State state = session_->state();
  if (!session_->isLoaded() && state != EngineSession::State::Resetting)
    return services::ApiError{503, QStringLiteral("no model is loaded in CosyStudio"), {},
                              QStringLiteral("model_not_loaded"), QStringLiteral("server_error")};
  const quint64 id = session_->newJobId();
  if (errand.kind == services::EngineErrand::Kind::CompareSpeaker) {
    jobs_.insert(id);
    session_->compareSpeaker(id, errand.samples, errand.sampleRate, errand.voice);
    return id;
  }
  resets_.insert(id);
  if (state != EngineSession::State::Resetting) session_->reset();  // else the one under way answers it
  return id;
}

void QueuedSpeechEngine::cancel(quint64 id) {
  if (jobs_.count(id)) session_->cancel(id);  // a comparison is not a job: it ends soon on its own
}

WindowSpeechServer::WindowSpeechServer(EngineSession* session, PrepareServedJob prepare, QObject* parent)
    : QObject(parent), engine_(session, std::move(prepare), this) {}

WindowSpeechServer::~WindowSpeechServer() = default;

bool WindowSpeechServer::start(const ServerSettings& settings, QString* error) {
  stop();  // first: the new server may want the same port
  services::SpeechServerOptions options;
  if (!options.access.address.setAddress(settings.host)) {
    *error = QCoreApplication::translate("WindowSpeechServer", "%1 is not an IP address").arg(settings.host);
    return false;
  }
  options.port = quint16(settings.port);
  options.access.token = settings.token;
  options.access.allowedOrigins = settings.allowedOrigins;
  options.voicesFolder = services::voicesFolder();
  QDir().mkpath(options.voicesFolder);
  if (settings.https) {
    bool made = false;
    QString problem;
    const services::TlsFiles files = settings.tlsFiles();
    QDir().mkpath(QFileInfo(files.certificate).path());
    QDir().mkpath(QFileInfo(files.key).path());
    options.tls = services::serverTlsMadeIfMissing(files, services::certificateNames(options.access.address), &made,
                                                   &problem);
    if (!options.tls) {
      *error = QCoreApplication::translate("WindowSpeechServer", "The speech server cannot serve HTTPS: %1").arg(problem);
      return false;
    }
  }
  auto server = std::make_unique<services::SpeechServer>(&engine_, options);
  if (!server->listen(error)) {
    *error = QCoreApplication::translate("WindowSpeechServer", "The speech server cannot listen on %1 port %2: %3")
                 .arg(settings.host)
                 .arg(settings.port)
                 .arg(*error);
    return false;
  }
  server_ = std::move(server);
  connect(server_.get(), &services::SpeechServer::activeRequestsChanged, this, &WindowSpeechServer::changed);
  emit changed();
  return true;
}

bool WindowSpeechServer::serve(bool on, ServerSettings& settings, QString* error) {
  bool started = true;
  if (!on) {
    stop();
  } else {
    if (settings.token.isEmpty()) {
      settings.token = services::newServerToken();
      keepServerToken(settings);
    }
    started = start(settings, error);
  }
  settings.enabled = isRunning();
  return started;
}

void WindowSpeechServer::stop() {
  if (!server_) return;
  server_.reset();  // its clients' requests are cancelled
  emit changed();
}

QString WindowSpeechServer::url() const { return server_ ? server_->url() : QString(); }

int WindowSpeechServer::activeRequests() const { return server_ ? server_->activeRequests() : 0; }

QString serverNote(const WindowSpeechServer& server, const ServerSettings& settings) {
  if (!server.isRunning()) return {};
  const QString where = settings.isLoopback()
                            ? QCoreApplication::translate("WindowSpeechServer", "API on %1").arg(server.url())
                            : QCoreApplication::translate("WindowSpeechServer", "API open to the network on %1")
                                  .arg(server.url());
  const int requests = server.activeRequests();
  return requests == 0 ? where
                       : where + QStringLiteral(" · ") +
                             QCoreApplication::translate("WindowSpeechServer", "%n request(s)", nullptr, requests);
}

}  // namespace cosystudio::ui

#include "moc_window_server.cpp"
