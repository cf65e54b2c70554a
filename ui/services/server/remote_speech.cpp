#include "services/server/remote_speech.h"

#include "services/server/api_events.h"
#include "services/server/api_request.h"

#include "cosystudio/settings_json.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslError>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <map>

namespace cosystudio::services {
namespace {

using Json = nlohmann::ordered_json;

// How often a running request asks its callbacks whether to stop.
constexpr int kStopPollMs = 50;

QByteArray jsonBytes(const Json& json) { return QByteArray::fromStdString(json.dump()); }

// The message of the server's OpenAI-style error, or the body's start.
QString serverMessage(const QByteArray& body) {
  const Json json = Json::parse(body.toStdString(), nullptr, false);
  if (json.is_object() && json.contains("error") && json["error"].is_object() &&
      json["error"].value("message", Json()).is_string())
    return QString::fromStdString(json["error"]["message"].get<std::string>());
  return QString::fromUtf8(body.left(200));
}

RemoteError failure(const QString& message) { return RemoteError(message.toStdString()); }

}  // namespace

struct RemoteSpeech::Impl {
  RemoteServer server;
  QNetworkAccessManager network;
  std::optional<QSslConfiguration> tls;
  std::map<std::string, QString> sentVoices;  // a voice's fingerprints → its file's hash

  // Whether the server has the voice of `hash` (GET /voices/{hash}).
  bool hasVoice(const QString& hash);

  QString where() const { return server.url.adjusted(QUrl::RemovePath).toString(); }

  QNetworkRequest requestFor(const QString& path) const {
    QUrl url = server.url;
    url.setPath(QLatin1String(kApiRoot) + path);
    QNetworkRequest request(url);
    if (!server.token.isEmpty()) request.setRawHeader("Authorization", "Bearer " + server.token.toUtf8());
    if (tls) request.setSslConfiguration(*tls);
    return request;
  }

  // Runs until `reply` ends, the TLS errors gathered.
  void wait(QNetworkReply* reply, QStringList* sslErrors) {
    QObject::connect(reply, &QNetworkReply::sslErrors, reply, [sslErrors](const QList<QSslError>& errors) {
      for (const QSslError& error : errors) *sslErrors << error.errorString();
    });
    if (!reply->isFinished()) {
      QEventLoop loop;
      QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
      loop.exec();
    }
  }

  // A failed reply as a sentence: the network, the certificate, the token, or the server's own message.
  RemoteError errorOf(QNetworkReply* reply, const QStringList& sslErrors) const {
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() == QNetworkReply::SslHandshakeFailedError || !sslErrors.isEmpty())
      return failure(QStringLiteral("the certificate of the CosyStudio server at %1 is not trusted (%2): give its "
                                    "certificate file, whose SHA-256 fingerprint the server shows")
                         .arg(where(), sslErrors.isEmpty() ? reply->errorString() : sslErrors.join(QStringLiteral("; "))));
    if (status == 0)
      return failure(QStringLiteral("the CosyStudio server at %1 cannot be reached: %2").arg(where(), reply->errorString()));
    const QString message = serverMessage(reply->readAll());
    if (status == 401) return failure(QStringLiteral("the server at %1 refused the token: %2").arg(where(), message));
    return failure(QStringLiteral("the server at %1 answered %2: %3").arg(where()).arg(status).arg(message));
  }

  // Runs `reply` to its end (deleted later): its HTTP status, 0 when none came.
  int finish(QNetworkReply* reply, QStringList* sslErrors) {
    wait(reply, sslErrors);
    reply->deleteLater();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  }

  // The body of a request answered 2xx, else its RemoteError.
  QByteArray bodyOf(QNetworkReply* reply) {
    QStringList sslErrors;
    finish(reply, &sslErrors);
    if (reply->error() != QNetworkReply::NoError || !sslErrors.isEmpty()) throw errorOf(reply, sslErrors);
    return reply->readAll();
  }

  // The JSON answer of a route this API version gained after it began: an
  // earlier server answers 404 or 405, and cannot do `what`.
  Json answerOfNewerRoute(QNetworkReply* reply, const QString& what) {
    QStringList sslErrors;
    const int status = finish(reply, &sslErrors);
    if (status == 404 || status == 405)
      throw failure(QStringLiteral("the server at %1 cannot %2: it is an earlier CosyStudio (update it there)")
                        .arg(where(), what));
    if (reply->error() != QNetworkReply::NoError || !sslErrors.isEmpty()) throw errorOf(reply, sslErrors);
    return Json::parse(reply->readAll().toStdString(), nullptr, false);
  }
};

RemoteSpeech::RemoteSpeech(RemoteServer server) : impl_(std::make_unique<Impl>()) {
  impl_->server = std::move(server);
  if (!impl_->server.certificateFile.isEmpty()) {
    const QList<QSslCertificate> trusted = QSslCertificate::fromPath(impl_->server.certificateFile);
    if (trusted.isEmpty())
      throw failure(QStringLiteral("%1 holds no certificate (a PEM file is needed)").arg(impl_->server.certificateFile));
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setCaCertificates(trusted);
    impl_->tls = tls;
  }
}

RemoteSpeech::~RemoteSpeech() = default;

RemoteInfo RemoteSpeech::connect() {
  QNetworkReply* reply = impl_->network.get(impl_->requestFor({}));
  QStringList sslErrors;
  const int status = impl_->finish(reply, &sslErrors);
  if (status == 404)
    throw failure(QStringLiteral("the server at %1 does not speak CosyStudio's own API: it is a CosyStudio from "
                                 "before it (update it there) or another program")
                      .arg(impl_->where()));
  if (reply->error() != QNetworkReply::NoError || !sslErrors.isEmpty()) throw impl_->errorOf(reply, sslErrors);
  const Json info = Json::parse(reply->readAll().toStdString(), nullptr, false);
  const int apiVersion = wholeField(info, "api_version", -1);
  if (apiVersion < 0)
    throw failure(QStringLiteral("the server at %1 does not answer as CosyStudio does").arg(impl_->where()));
  RemoteInfo remote;
  remote.apiVersion = apiVersion;
  remote.server = QString::fromStdString(textField(info, "server"));
  remote.modelLoaded = flagField(info, "model_loaded", false);
  if (const auto precision = parsePrecision(textField(info, "precision", "fp32"))) remote.precision = *precision;
  if (remote.apiVersion != kApiVersion)
    throw failure(QStringLiteral("the server at %1 (%2) speaks version %3 of CosyStudio's API, and this CosyStudio "
                                 "version %4: update the older of the two")
                      .arg(impl_->where(), remote.server)
                      .arg(remote.apiVersion)
                      .arg(kApiVersion));
  return remote;
}

bool RemoteSpeech::Impl::hasVoice(const QString& hash) {
  QNetworkReply* asked = network.get(requestFor(QStringLiteral("/voices/") + hash));
  QStringList sslErrors;
  const int status = finish(asked, &sslErrors);
  if (status != 200 && status != 404) throw errorOf(asked, sslErrors);
  return status == 200;
}

QString RemoteSpeech::sendVoice(const QString& voiceFile) {
  QFile file(voiceFile);
  if (!file.open(QIODevice::ReadOnly)) throw failure(QStringLiteral("the voice %1 cannot be read").arg(voiceFile));
  const QByteArray bytes = file.readAll();
  const QString hash = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
  if (impl_->hasVoice(hash)) return hash;
  QNetworkRequest put = impl_->requestFor(QStringLiteral("/voices/") + hash);
  put.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/octet-stream"));
  impl_->bodyOf(impl_->network.put(put, bytes));
  return hash;
}

// Written out and hashed once per voice; the server is asked each time, as
// its folder may have been emptied (or it is another server at that address).
QString RemoteSpeech::sendVoice(const Voice& voice) {
  const std::string key = voice.fingerprint() + '\n' + voice.modelFingerprint();
  if (const auto sent = impl_->sentVoices.find(key); sent != impl_->sentVoices.end() && impl_->hasVoice(sent->second))
    return sent->second;
  QTemporaryDir folder;
  const QString file = folder.filePath(QStringLiteral("sent.voice"));
  if (!folder.isValid()) throw failure(QStringLiteral("no temporary folder to write the voice in"));
  voice.save(file.toStdString());
  return impl_->sentVoices[key] = sendVoice(file);
}

Voice RemoteSpeech::prepareVoice(const audio::Clip& clip, const std::string& transcript) {
  return Voice::fromClip(clip, transcript);
}

SynthesisResult RemoteSpeech::synthesize(const SynthesisRequest& request, const SynthesisSettings& settings,
                                         const SynthesisCallbacks& callbacks) {
  return synthesize(request, sendVoice(request.voice), settings, callbacks);
}

double RemoteSpeech::speakerSimilarity(const std::vector<float>& samples, int sampleRate, const Voice& voice) {
  const QString hash = sendVoice(voice);
  QNetworkRequest post = impl_->requestFor(QStringLiteral("/voices/%1/similarity").arg(hash));
  QUrl url = post.url();
  url.setQuery(QStringLiteral("sample_rate=%1").arg(sampleRate));
  post.setUrl(url);
  post.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/octet-stream"));
  const auto similarity = similarityFromAnswer(impl_->answerOfNewerRoute(
      impl_->network.post(post, samplesBytes(samples)), QStringLiteral("compare speakers, which listening back needs")));
  if (!similarity)
    throw failure(QStringLiteral("the server at %1 sent a comparison CosyStudio cannot read").arg(impl_->where()));
  return *similarity;
}

ResetReport RemoteSpeech::reset() {
  const auto report = resetFromAnswer(impl_->answerOfNewerRoute(
      impl_->network.post(impl_->requestFor(QStringLiteral("/reset")), QByteArray()),
      QStringLiteral("reset its engine from here")));
  if (!report)
    throw failure(QStringLiteral("the server at %1 sent a reset report CosyStudio cannot read").arg(impl_->where()));
  return *report;
}

SynthesisResult RemoteSpeech::synthesize(const SynthesisRequest& request, const QString& voiceHash,
                                         const SynthesisSettings& settings, const SynthesisCallbacks& callbacks) {
  Json body{{"voice", voiceHash.toStdString()},
            {"mode", modeId(settings.mode)},
            {"instruction", request.instruction},
            {"speed", settings.speed},
            {"seed", settings.seed},
            {"raw_text", !settings.normalize},
            {"read_numbers", settings.readNumbers},
            {"segment_time_limit_seconds", settings.segmentTimeLimitSeconds},
            {"stream", settings.stream},
            {"text_is_segment", request.textIsSegment},
            {"segment_events", true}};  // a long text's take comes a segment a line
  if (request.sourceClip.frames() > 0)
    body["source"] = sendVoice(Voice::fromClip(request.sourceClip, {})).toStdString();  // its words, no input
  else
    body["input"] = request.text;
  if (request.onlySegment) body["segment"] = *request.onlySegment;
  QNetworkRequest post = impl_->requestFor(QStringLiteral("/speech"));
  post.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
  const auto start = std::chrono::steady_clock::now();
  QNetworkReply* reply = impl_->network.post(post, jsonBytes(body));

  std::optional<SynthesisResult> result;
  std::optional<RemoteError> refused;
  std::optional<double> firstAudioSeconds;
  std::map<int, std::vector<float>> segments;  // from "segment" events
  int segmentCount = 0;                        // as the last progress said
  const auto elapsed = [&start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  bool stopped = false;
  QByteArray pending;
  const auto onEvent = [&](const Json& event) {
    const std::string kind = textField(event, "event");
    if (kind == "progress") {
      const Progress progress = progressFromEvent(event);
      segmentCount = progress.segmentCount;
      if (callbacks.onProgress) callbacks.onProgress(progress);
    } else if (kind == "audio" && callbacks.onAudio) {
      if (!firstAudioSeconds) firstAudioSeconds = elapsed();
      callbacks.onAudio(audioFromEvent(event));
    } else if (kind == "segment") {
      auto segment = segmentFromEvent(event);
      if (!segment) return;
      auto& [index, made] = *segment;
      // Kept by the caller as it comes (a long text stopped halfway keeps what was made).
      if (callbacks.store.keep) callbacks.store.keep(index, std::max(segmentCount, index + 1), made);
      segments[index] = std::move(made.samples);
    } else if (kind == "result") {
      result = resultFromEvent(event, std::move(segments));
      if (!result)
        refused = failure(QStringLiteral("the server at %1 sent a result CosyStudio cannot read").arg(impl_->where()));
    } else if (kind == "error") {
      refused = failure(QStringLiteral("the server at %1 could not make it: %2")
                            .arg(impl_->where(), QString::fromStdString(textField(event, "message"))));
    }
  };
  QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200) return;  // an error's body is read once it has ended
    pending += reply->readAll();
    for (qsizetype end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const Json event = Json::parse(pending.left(end).toStdString(), nullptr, false);
      pending.remove(0, end + 1);
      if (event.is_object()) onEvent(event);
    }
  });
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, reply, [&] {
    if (callbacks.shouldStop && callbacks.shouldStop()) {
      stopped = true;
      reply->abort();  // the server stops a request whose client has gone
    }
  });
  poll.start(kStopPollMs);
  QStringList sslErrors;
  const int status = impl_->finish(reply, &sslErrors);
  poll.stop();
  if (stopped) throw Cancelled();
  if (status != 200 || reply->error() != QNetworkReply::NoError || !sslErrors.isEmpty())
    throw impl_->errorOf(reply, sslErrors);
  if (refused) throw *refused;
  if (!result)
    throw failure(QStringLiteral("the server at %1 ended the answer before its result").arg(impl_->where()));
  result->totalSeconds = elapsed();
  result->firstAudioSeconds = firstAudioSeconds.value_or(result->totalSeconds);  // unstreamed: when it all came
  return std::move(*result);
}

}  // namespace cosystudio::services
