// CosyStudio's own API on the speech server (speech_server.h lists its routes;
// docs/api/cosystudio-v1.yaml writes it down for clients).
#include "services/server/speech_server.h"

#include "services/server/api_events.h"
#include "services/server/api_request.h"
#include "services/server/http_answers.h"
#include "services/server/qt_compat.h"
#include "services/server/speech_stream.h"
#include "services/server/voice_cache.h"

#include "cosystudio/runtime.h"
#include "cosystudio/version.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace cosystudio::services {
namespace {

using Status = QHttpServerResponder::StatusCode;

QString route(const char* path) { return QLatin1String(kApiRoot) + QLatin1String(path); }

ApiError noSuchVoice(const QString& hash, const QString& field = QStringLiteral("voice")) {
  return {404, QStringLiteral("the server has no voice %1: send it with PUT %2/voices/%1").arg(hash, QLatin1String(kApiRoot)),
          field, QStringLiteral("voice_not_found")};
}

// The rates a take compared with a voice may have: the recogniser's and the model's, and every common one.
constexpr int kMinComparedRate = 8000;
constexpr int kMaxComparedRate = 192000;

// The samples of a similarity request: float32 little-endian at ?sample_rate=N.
std::variant<std::pair<std::vector<float>, int>, ApiError> comparedSamples(const QHttpServerRequest& request) {
  const QByteArray mediaType = request.value("content-type").split(';').first().trimmed().toLower();
  if (mediaType != "application/octet-stream")
    return ApiError{415, QStringLiteral("send the samples (float32, little-endian) as \"Content-Type: "
                                        "application/octet-stream\""),
                    {}, QStringLiteral("unsupported_media_type")};
  bool whole = false;
  const int rate = request.query().queryItemValue(QStringLiteral("sample_rate")).toInt(&whole);
  if (!whole || rate < kMinComparedRate || rate > kMaxComparedRate)
    return ApiError{400, QStringLiteral("'sample_rate' must be given in the query, a whole number of Hz from %1 to %2")
                             .arg(kMinComparedRate)
                             .arg(kMaxComparedRate),
                    QStringLiteral("sample_rate"), {}};
  std::optional<std::vector<float>> samples = samplesFromBytes(request.body());
  if (!samples || samples->empty())
    return ApiError{400, QStringLiteral("the body must be whole float32 samples, at least one"), {}, {}};
  if (const auto odd = std::find_if(samples->begin(), samples->end(), [](float x) { return !std::isfinite(x); });
      odd != samples->end())
    return ApiError{400, QStringLiteral("sample %1 is not a finite number").arg(odd - samples->begin()), {}, {}};
  return std::pair{std::move(*samples), rate};
}

}  // namespace

void SpeechServer::routeApi() {
  using qt_compat::ResponderArg;
  http_->route(QLatin1String(kApiRoot), QHttpServerRequest::Method::Get,
               [this](const QHttpServerRequest& request, ResponderArg responder) {
                 apiInfo(request, std::move(responder));
               });
  http_->route(route("/voices/<arg>"), QHttpServerRequest::Method::Get,
               [this](const QString& hash, const QHttpServerRequest& request, ResponderArg responder) {
                 hasVoice(hash, request, std::move(responder));
               });
  http_->route(route("/voices/<arg>"), QHttpServerRequest::Method::Put,
               [this](const QString& hash, const QHttpServerRequest& request, ResponderArg responder) {
                 keepVoice(hash, request, std::move(responder));
               });
  http_->route(route("/speech"), QHttpServerRequest::Method::Post,
               [this](const QHttpServerRequest& request, ResponderArg responder) {
                 apiSpeak(request, std::move(responder));
               });
  http_->route(route("/speech/<arg>"), QHttpServerRequest::Method::Delete,
               [this](const QString& id, const QHttpServerRequest& request, ResponderArg responder) {
                 apiCancel(id, request, std::move(responder));
               });
  http_->route(route("/voices/<arg>/similarity"), QHttpServerRequest::Method::Post,
               [this](const QString& hash, const QHttpServerRequest& request, ResponderArg responder) {
                 compareSpeaker(hash, request, std::move(responder));
               });
  http_->route(route("/reset"), QHttpServerRequest::Method::Post,
               [this](const QHttpServerRequest& request, ResponderArg responder) {
                 apiReset(request, std::move(responder));
               });
}

void SpeechServer::apiInfo(const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  const QJsonObject info{{QStringLiteral("api_version"), kApiVersion},
                         {QStringLiteral("server"), QStringLiteral("CosyStudio %1").arg(QLatin1String(kVersion))},
                         {QStringLiteral("model"), QLatin1String(kSpeechModelId)},
                         {QStringLiteral("model_loaded"), engine_->readiness() == EngineReadiness::Ready},
                         {QStringLiteral("precision"), QString::fromStdString(precisionName(engine_->precision()))},
                         {QStringLiteral("max_voice_bytes"), options_.limits.maxVoiceBytes}};
  responder.write(QJsonDocument(info));
}

void SpeechServer::hasVoice(const QString& hash, const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  const std::optional<Voice> voice = receivedVoices_->find(hash);
  if (!voice) return answer(responder, noSuchVoice(hash));
  responder.write(QJsonDocument(QJsonObject{{QStringLiteral("sha256"), hash},
                                            {QStringLiteral("transcript"), QString::fromStdString(voice->transcript())}}));
}

void SpeechServer::keepVoice(const QString& hash, const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  if (!isVoiceHash(hash))
    return answer(responder, {400, QStringLiteral("'%1' is not a voice's SHA-256 (64 lowercase hex digits)").arg(hash),
                              QStringLiteral("sha256"), {}});
  const QByteArray mediaType = request.value("content-type").split(';').first().trimmed().toLower();
  if (mediaType != "application/octet-stream")
    return answer(responder, {415, QStringLiteral("send the .voice file's bytes as \"Content-Type: "
                                                  "application/octet-stream\""),
                              {}, QStringLiteral("unsupported_media_type")});
  const auto kept = receivedVoices_->keep(hash, request.body());
  if (auto* error = std::get_if<ApiError>(&kept)) return answer(responder, *error);
  responder.write(QJsonDocument(QJsonObject{{QStringLiteral("sha256"), hash}}),
                  std::get<bool>(kept) ? Status::Created : Status::Ok);
}

void SpeechServer::apiSpeak(const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admitSpeech(request, responder)) return;
  auto parsed = parseApiSpeechRequest(request.body(), options_.limits);
  if (auto* error = std::get_if<ApiError>(&parsed)) return answer(responder, *error);
  const ApiSpeechRequest& asked = std::get<ApiSpeechRequest>(parsed);
  const std::optional<Voice> voice = receivedVoices_->find(asked.speech.voice);
  if (!voice) return answer(responder, noSuchVoice(asked.speech.voice));
  auto job = jobFor(asked.speech, *voice, receivedVoices_->fileFor(asked.speech.voice), asked.speech.voice);
  if (auto* error = std::get_if<ApiError>(&job)) return answer(responder, *error);
  SpeechJob& speechJob = std::get<SpeechJob>(job);
  speechJob.settings.normalize = !asked.rawText;
  speechJob.settings.readNumbers = asked.readNumbers;
  speechJob.settings.segmentTimeLimitSeconds = asked.segmentTimeLimitSeconds;
  speechJob.listen = asked.listen;
  speechJob.onlySegment = asked.onlySegment;
  speechJob.textIsSegment = asked.textIsSegment;
  if (!asked.source.isEmpty()) {
    const std::optional<Voice> source = receivedVoices_->find(asked.source);
    if (!source) return answer(responder, noSuchVoice(asked.source, QStringLiteral("source")));
    speechJob.sourceClip = clipOf(*source);
    speechJob.sourceFile = receivedVoices_->fileFor(asked.source);
  }
  speechJob.maxCheckBytes = SIZE_MAX;  // an event, not a header
  // A check hears each segment whole; the speed changes a segment's whole mel.
  speechJob.settings.stream = asked.stream && !asked.listen.check && speechJob.settings.stream;
  auto stream = std::make_unique<Stream>(std::move(responder));
  stream->events = true;
  stream->segmentEvents = speechJob.segmentEvents = asked.segmentEvents;
  stream->streamed = speechJob.settings.stream;
  Stream& kept = *stream;
  const std::optional<quint64> id = queue(speechJob, request, std::move(stream));
  if (!id) return;
  qt_compat::beginChunked(kept.responder, kEventsContentType);
  kept.headerSent = true;
  qt_compat::writeChunk(kept.responder, acceptedEvent(*id, speechJob.settings));
}

void SpeechServer::apiCancel(const QString& id, const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  bool number = false;
  const quint64 job = id.toULongLong(&number);
  const auto found = number ? streams_.find(job) : streams_.end();
  if (found == streams_.end() || !found->second->events)
    return answer(responder, {404, QStringLiteral("no request %1 is running or waiting").arg(id), {},
                              QStringLiteral("not_found")});
  engine_->cancel(job);
  responder.write(QJsonDocument(QJsonObject{{QStringLiteral("cancelled"), QString::number(job)}}), Status::Accepted);
}

void SpeechServer::compareSpeaker(const QString& hash, const QHttpServerRequest& request,
                                  QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  if (draining_) return answer(responder, shuttingDownError());
  const std::optional<Voice> voice = receivedVoices_->find(hash);
  if (!voice) return answer(responder, noSuchVoice(hash));
  auto heard = comparedSamples(request);
  if (auto* error = std::get_if<ApiError>(&heard)) return answer(responder, *error);
  auto& [samples, rate] = std::get<std::pair<std::vector<float>, int>>(heard);
  EngineErrand errand;
  errand.kind = EngineErrand::Kind::CompareSpeaker;
  errand.voice = *voice;
  errand.samples = std::move(samples);
  errand.sampleRate = rate;
  queueErrand(errand, request, std::move(responder));
}

void SpeechServer::apiReset(const QHttpServerRequest& request, QHttpServerResponder&& responder) {
  if (!admit(request, responder)) return;
  if (draining_) return answer(responder, shuttingDownError());
  EngineErrand reset;
  reset.kind = EngineErrand::Kind::Reset;
  queueErrand(reset, request, std::move(responder));
}

void SpeechServer::queueErrand(const EngineErrand& errand, const QHttpServerRequest& request,
                               QHttpServerResponder&& responder) {
  auto stream = std::make_unique<Stream>(std::move(responder));
  if (activeRequests() >= options_.maxRequests)
    return answer(stream->responder, tooManyRequests());
  hold(engine_->enqueue(errand), request, stream);
}

}  // namespace cosystudio::services
