#include "services/server/speech_server.h"

#include "services/app_data.h"
#include "services/server/api_events.h"
#include "services/server/http_answers.h"
#include "services/server/qt_compat.h"
#include "services/server/server_connections.h"
#include "services/server/voice_cache.h"
#include "cosystudio/audio/loudness.h"
#include "cosystudio/request_rules.h"
#include "services/server/speech_encoding.h"
#include "services/server/speech_stream.h"

#include <QDir>
#include <QFileInfo>
#include <QHttpServer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <optional>
#include <utility>

namespace cosystudio::services {
namespace {

using Status = QHttpServerResponder::StatusCode;

// GET /health's "status" for each readiness.
QString readinessName(EngineReadiness readiness) {
  switch (readiness) {
    case EngineReadiness::Ready: return QStringLiteral("ready");
    case EngineReadiness::NoModel: return QStringLiteral("no_model");
    case EngineReadiness::Loading: return QStringLiteral("loading");
    case EngineReadiness::Resetting: return QStringLiteral("resetting");
  }
  return {};
}

// A voice's name as a file name in the voices folder, never a path out of it.
bool isPlainName(const QString& name) {
  return !name.startsWith(QLatin1Char('.')) && !name.contains(QLatin1Char('/')) && !name.contains(QLatin1Char('\\')) &&
         !name.contains(QChar(0));
}

// The saved voice `name` of `folder` and its file, or why there is none.
std::variant<std::pair<Voice, QString>, ApiError> savedVoice(const QString& folder, const QString& name) {
  const QString file = QDir(folder).filePath(name + QLatin1String(kVoiceSuffix));
  if (!isPlainName(name) || !QFileInfo(file).isFile())
    return ApiError{400, QStringLiteral("there is no saved voice named '%1' (GET /v1/audio/voices lists them)").arg(name),
                    QStringLiteral("voice"), QStringLiteral("voice_not_found")};
  try {
    return std::pair{Voice::load(file.toStdString()), file};
  } catch (const std::exception& e) {
    return ApiError{500, QStringLiteral("the voice '%1' cannot be read: %2").arg(name, QString::fromUtf8(e.what())),
                    QStringLiteral("voice"), {}, QStringLiteral("server_error")};
  }
}

}  // namespace

ApiError shuttingDownError() {
  return {503, QStringLiteral("the server is shutting down: send the request to another"), {},
          QStringLiteral("shutting_down"), QStringLiteral("server_error")};
}

ApiError SpeechServer::tooManyRequests() const {
  return {429, QStringLiteral("%1 requests are already waiting; try again later").arg(activeRequests()), {},
          QStringLiteral("rate_limit_exceeded"), QStringLiteral("rate_limit_error")};
}

QString SpeechServer::defaultReceivedVoicesFolder() { return appDataFolder() + QStringLiteral("/received-voices"); }

SpeechServer::SpeechServer(SpeechEngine* engine, SpeechServerOptions options, QObject* parent)
    : QObject(parent), engine_(engine), options_(std::move(options)), http_(std::make_unique<QHttpServer>()) {
  if (options_.receivedVoicesFolder.isEmpty()) options_.receivedVoicesFolder = defaultReceivedVoicesFolder();
  receivedVoices_ = std::make_unique<VoiceCache>(options_.receivedVoicesFolder);
  using qt_compat::ResponderArg;
  http_->route(QStringLiteral("/v1/audio/speech"), QHttpServerRequest::Method::Post,
               [this](const QHttpServerRequest& request, ResponderArg responder) {
                 speak(request, std::move(responder));
               });
  http_->route(QStringLiteral("/v1/audio/voices"), QHttpServerRequest::Method::Get,
               [this](const QHttpServerRequest& request, ResponderArg responder) {
                 listVoices(request, std::move(responder));
               });
  http_->route(QStringLiteral("/v1/models"), QHttpServerRequest::Method::Get,
               [this](const QHttpServerRequest& request, ResponderArg responder) {
                 listModels(request, std::move(responder));
               });
  http_->route(QStringLiteral("/health"), QHttpServerRequest::Method::Get,
               [this](const QHttpServerRequest& request, ResponderArg responder) {
                 health(request, std::move(responder));
               });
  qt_compat::setMissingHandler(*http_, this, [this](const QHttpServerRequest& request, ResponderArg responder) {
    if (!admit(request, responder)) return;
    answer(responder, {404, QStringLiteral("no such endpoint: %1").arg(request.url().path()), {},
                       QStringLiteral("not_found")});
  });
  routeApi();
  connect(engine_, &SpeechEngine::audio, this, &SpeechServer::onAudio);
  connect(engine_, &SpeechEngine::progress, this, &SpeechServer::onProgress);
  connect(engine_, &SpeechEngine::segmentMade, this, &SpeechServer::onSegmentMade);
  connect(engine_, &SpeechEngine::finished, this, &SpeechServer::onFinished);
  connect(engine_, &SpeechEngine::failed, this, &SpeechServer::onFailed);
  connect(engine_, &SpeechEngine::resetDone, this,
          [this](quint64 id, const ResetReport& report) { onAnswered(id, resetAnswer(report)); });
  connect(engine_, &SpeechEngine::speakerCompared, this,
          [this](quint64 id, double similarity) { onAnswered(id, similarityAnswer(similarity)); });
  connect(engine_, &SpeechEngine::refused, this, &SpeechServer::onRefused);
}

SpeechServer::~SpeechServer() {
  for (const auto& [id, stream] : streams_) {
    disconnect(stream->clientGone);
    engine_->cancel(id);
  }
}

bool SpeechServer::listen(QString* error) {
  if (const auto refusal = refuseListening(options_.access)) {
    *error = *refusal;
    return false;
  }
  auto* tcp = new Connections(options_, http_.get());
  if (!tcp->listen(options_.access.address, options_.port)) {
    *error = tcp->errorString();
    delete tcp;
    return false;
  }
  port_ = tcp->serverPort();
  http_->bind(tcp);
  connections_ = tcp;
  return true;
}

QString SpeechServer::url() const {
  QUrl url;
  url.setScheme(options_.tls ? QStringLiteral("https") : QStringLiteral("http"));
  url.setHost(options_.access.address.toString());
  url.setPort(port_);
  url.setPath(QStringLiteral("/v1"));
  return url.toString();
}

QTcpSocket* SpeechServer::clientSocket(const QHttpServerRequest& request, QHttpServerResponder& responder) const {
  if (QTcpSocket* socket = qt_compat::responderSocket(responder)) return socket;
  return connections_ ? connections_->find(request.remoteAddress(), qt_compat::remotePort(request)) : nullptr;
}

bool SpeechServer::admit(const QHttpServerRequest& request, QHttpServerResponder& responder, TokenCheck tokenCheck) {
  if (QTcpSocket* socket = clientSocket(request, responder)) Connections::awaitNextRequest(socket);
  const auto refusal = refuseRequest(options_.access, headersOf(request), tokenCheck);
  if (refusal) answer(responder, *refusal);
  return !refusal;
}

void SpeechServer::listModels(const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  const QJsonObject model{{QStringLiteral("id"), QLatin1String(kSpeechModelId)},
                          {QStringLiteral("object"), QStringLiteral("model")},
                          {QStringLiteral("created"), 0},
                          {QStringLiteral("owned_by"), QStringLiteral("cosystudio")}};
  responder.write(QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                            {QStringLiteral("data"), QJsonArray{model}}}));
}

void SpeechServer::health(const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder, TokenCheck::NotAsked)) return;
  const EngineReadiness readiness = engine_->readiness();
  const bool ready = readiness == EngineReadiness::Ready && !draining_;
  const QString status = draining_ ? QStringLiteral("shutting_down") : readinessName(readiness);
  const QJsonObject body{{QStringLiteral("status"), status},
                         {QStringLiteral("model_loaded"), readiness == EngineReadiness::Ready},
                         {QStringLiteral("active_requests"), activeRequests()}};
  responder.write(QJsonDocument(body), ready ? Status::Ok : Status::ServiceUnavailable);
}

void SpeechServer::listVoices(const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  QJsonArray names;
  const QString suffix = QLatin1String(kVoiceSuffix);
  for (const QFileInfo& file : QDir(options_.voicesFolder).entryInfoList({QLatin1Char('*') + suffix}, QDir::Files,
                                                                         QDir::Name))
    names.append(file.fileName().chopped(suffix.size()));
  responder.write(QJsonDocument(QJsonObject{{QStringLiteral("voices"), names}}));
}

std::variant<SpeechJob, ApiError> SpeechServer::jobFor(const SpeechRequest& request, const Voice& voice,
                                                      const QString& voiceFile, const QString& voiceName) const {
  SpeechJob job;
  job.voice = voice;
  const bool transcript = !job.voice.transcript().empty();
  job.settings.mode = request.mode.value_or(transcript ? Mode::ZeroShot : Mode::CrossLingual);
  if (job.settings.mode == Mode::ZeroShot && !transcript)
    return ApiError{400,
                    QStringLiteral("the voice '%1' has no transcript, which mode 'zero_shot' needs: use "
                                   "mode 'cross_lingual'")
                        .arg(voiceName),
                    QStringLiteral("mode"), {}};
  job.text = request.input;
  job.instruction = request.instruction;
  job.voiceName = voiceName;
  job.voiceFile = voiceFile;
  job.settings.speed = request.speed;
  // The engine changes the speed on a segment's whole mel, so only speed 1 streams.
  job.settings.stream = request.speed == 1.0;
  job.settings.seed = request.seed ? *request.seed : QRandomGenerator::global()->bounded(quint64(kMaxSeed) + 1);
  return job;
}

std::optional<quint64> SpeechServer::queue(const SpeechJob& job, const QHttpServerRequest& request,
                                           std::unique_ptr<Stream> stream) {
  if (activeRequests() >= options_.maxRequests) {
    answer(stream->responder, tooManyRequests());
    return std::nullopt;
  }
  const auto queued = engine_->enqueue(job);
  if (!hold(queued, request, stream)) return std::nullopt;
  return std::get<quint64>(queued);
}

bool SpeechServer::hold(const std::variant<quint64, ApiError>& queued, const QHttpServerRequest& request,
                        std::unique_ptr<Stream>& stream) {
  if (auto* error = std::get_if<ApiError>(&queued)) {
    answer(stream->responder, *error);
    return false;
  }
  const quint64 id = std::get<quint64>(queued);
  QTcpSocket* socket = clientSocket(request, stream->responder);
  if (!socket) {
    engine_->cancel(id);  // the client is already gone
    return false;
  }
  Connections::holdWhileAnswering(socket);
  stream->socket = socket;
  stream->clientGone = connect(socket, &QTcpSocket::disconnected, this, [this, id] { onClientGone(id); });
  streams_.emplace(id, std::move(stream));
  emit activeRequestsChanged(activeRequests());
  return true;
}

bool SpeechServer::admitSpeech(const QHttpServerRequest& request, QHttpServerResponder& responder) {
  if (!admit(request, responder)) return false;
  const std::optional<ApiError> refusal = draining_ ? shuttingDownError() : refuseNonJsonBody(headersOf(request));
  if (refusal) answer(responder, *refusal);
  return !refusal;
}

void SpeechServer::speak(const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admitSpeech(request, responder)) return;
  auto parsed = parseSpeechRequest(request.body(), options_.limits);
  if (auto* error = std::get_if<ApiError>(&parsed)) return answer(responder, *error);
  const SpeechRequest& speech = std::get<SpeechRequest>(parsed);
  const auto listen = parseListenHeaders(request.value(kCheckHeader), request.value(kRetakesHeader));
  if (auto* error = std::get_if<ApiError>(&listen)) return answer(responder, *error);
  const auto voice = savedVoice(options_.voicesFolder, speech.voice);
  if (auto* error = std::get_if<ApiError>(&voice)) return answer(responder, *error);
  const auto& [loaded, file] = std::get<std::pair<Voice, QString>>(voice);
  auto job = jobFor(speech, loaded, file, speech.voice);
  if (auto* error = std::get_if<ApiError>(&job)) return answer(responder, *error);
  SpeechJob& speechJob = std::get<SpeechJob>(job);
  speechJob.listen = std::get<ListenRequest>(listen);
  // The figures are known once every segment is made and heard: such an answer comes whole.
  const bool checked = speechJob.listen.check;
  if (checked) speechJob.settings.stream = false;
  auto stream = std::make_unique<Stream>(std::move(responder));
  stream->format = speech.format;
  stream->streamed = speech.format != SpeechFormat::Flac && speech.speed == 1.0 && !checked;
  queue(speechJob, request, std::move(stream));
}

void SpeechServer::onAudio(quint64 id, const AudioChunk& chunk) {
  const auto found = streams_.find(id);
  if (found == streams_.end() || !found->second->streamed || !found->second->socket) return;
  Stream& stream = *found->second;
  if (stream.events) return qt_compat::writeChunk(stream.responder, audioEvent(chunk));
  if (!stream.headerSent) beginStream(stream, chunk.sampleRate);
  qt_compat::writeChunk(stream.responder, pcmBytes(stream.join.add(chunk)));
}

void SpeechServer::beginStream(Stream& stream, int sampleRate) {
  // The status waits for the first audio, so that a request that fails before it still gets its error.
  qt_compat::beginChunked(stream.responder, contentType(stream.format));
  if (stream.format == SpeechFormat::Wav) qt_compat::writeChunk(stream.responder, wavHeader(sampleRate, UINT32_MAX));
  stream.headerSent = true;
}

void SpeechServer::onProgress(quint64 id, const Progress& progress) {
  constexpr qint64 kProgressEveryMs = 250;
  const auto found = streams_.find(id);
  if (found == streams_.end() || !found->second->events || !found->second->socket) return;
  Stream& stream = *found->second;
  const bool news = progress.stage != stream.lastProgress.stage || progress.segment != stream.lastProgress.segment;
  if (!news && stream.sinceProgress.isValid() && stream.sinceProgress.elapsed() < kProgressEveryMs) return;
  stream.lastProgress = progress;
  stream.sinceProgress.start();
  qt_compat::writeChunk(stream.responder, progressEvent(progress));
}

void SpeechServer::onSegmentMade(quint64 id, int index, const SegmentResult& segment) {
  const auto found = streams_.find(id);
  if (found == streams_.end() || !found->second->segmentEvents || !found->second->socket) return;
  Stream& stream = *found->second;
  if (index != stream.segmentsSent) return;  // out of order: sent with the take instead
  qt_compat::writeChunk(stream.responder, segmentEvent(index, segment));
  ++stream.segmentsSent;
}

void SpeechServer::onFinished(quint64 id, const SynthesisResult& result, const QByteArray& checkFigures) {
  const auto found = streams_.find(id);
  if (found == streams_.end()) return;
  Stream& stream = *found->second;
  const std::vector<float>& samples = result.samples;
  const int sampleRate = result.sampleRate;
  if (stream.socket && stream.events) {
    if (stream.segmentEvents)
      for (std::size_t i = std::size_t(stream.segmentsSent); i < result.segments.size(); ++i)
        qt_compat::writeChunk(stream.responder, segmentEvent(int(i), result.segments[i]));
    qt_compat::writeChunk(stream.responder, resultEvent(result, checkFigures, !stream.segmentEvents));
    qt_compat::endChunked(stream.responder);
  } else if (stream.socket && stream.streamed) {
    if (!stream.headerSent) beginStream(stream, sampleRate);
    qt_compat::writeChunk(stream.responder, pcmBytes(stream.join.finish()));
    qt_compat::endChunked(stream.responder);
  } else if (stream.socket) {
    // A whole take gets the peak guard of every export (the CLI's and the window's); a
    // stream cannot, as it is a gain on the whole take.
    std::vector<float> mastered = samples;
    audio::master(mastered, sampleRate, std::nullopt, audio::exportCeilingDbfs(std::nullopt));
    QByteArray body;
    QString error;
    if (stream.format == SpeechFormat::Flac) {
      if (const auto flac = flacBytes(mastered, sampleRate, &error)) body = *flac;
    } else {
      body = pcmBytes(mastered);
      if (stream.format == SpeechFormat::Wav) body.prepend(wavHeader(sampleRate, quint32(body.size())));
    }
    if (!error.isEmpty())
      answer(stream.responder, {500, error, {}, {}, QStringLiteral("server_error")});
    else if (!checkFigures.isEmpty())
      qt_compat::writeWithHeaders(stream.responder, body, contentType(stream.format), {{kCheckHeader, checkFigures}});
    else
      stream.responder.write(body, contentType(stream.format));
  }
  end(id);
}

void SpeechServer::onAnswered(quint64 id, const QByteArray& json) {
  const auto found = streams_.find(id);
  if (found == streams_.end()) return;
  if (found->second->socket) found->second->responder.write(json, "application/json");
  end(id);
}

void SpeechServer::onFailed(quint64 id, const QString& message, bool cancelled) {
  const auto found = streams_.find(id);
  if (found == streams_.end()) return;
  Stream& stream = *found->second;
  const ApiError error = cancelled ? ApiError{503, QStringLiteral("the request was cancelled"), {},
                                              QStringLiteral("cancelled"), QStringLiteral("server_error")}
                                   : ApiError{500, message, {}, {}, QStringLiteral("server_error")};
  if (stream.socket && stream.events) {
    qt_compat::writeChunk(stream.responder, errorEvent(error));
    qt_compat::endChunked(stream.responder);
  } else if (stream.socket && stream.headerSent) {
    // Too late for a status: the stream ends without its last chunk, which a client reads as an error.
    stream.socket->disconnectFromHost();
  } else if (stream.socket) {
    answer(stream.responder, error);
  }
  end(id);
}

void SpeechServer::onRefused(quint64 id, const ApiError& error) {
  const auto found = streams_.find(id);
  if (found == streams_.end()) return;
  Stream& stream = *found->second;
  if (stream.socket && stream.events) {
    qt_compat::writeChunk(stream.responder, errorEvent(error));
    qt_compat::endChunked(stream.responder);
  } else if (stream.socket && stream.headerSent) {
    stream.socket->disconnectFromHost();
  } else if (stream.socket) {
    answer(stream.responder, error);
  }
  end(id);
}

void SpeechServer::onClientGone(quint64 id) { engine_->cancel(id); }

void SpeechServer::end(quint64 id) {
  const auto found = streams_.find(id);
  disconnect(found->second->clientGone);
  if (QTcpSocket* socket = found->second->socket) Connections::awaitNextRequest(socket);
  streams_.erase(found);
  emit activeRequestsChanged(activeRequests());
  closeWhenDrained();
}

void SpeechServer::drain() {
  draining_ = true;
  if (connections_) connections_->close();
  closeWhenDrained();
}

void SpeechServer::closeWhenDrained() {
  if (!draining_ || !streams_.empty()) return;
  if (!connections_) return void(emit drained());
  // Later, so that the answer just given is handed to its socket before the socket closes.
  QTimer::singleShot(0, this, [this] {
    if (streams_.empty()) connections_->closeAll([this] { emit drained(); });
  });
}

}  // namespace cosystudio::services
