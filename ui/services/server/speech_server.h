// A local speech server with OpenAI's API, on Qt HTTP Server:
//   POST /v1/audio/speech  (speech_request.h) the audio, streamed as it is made;
//                          with X-CosyStudio-Check: 1, whole, with what
//                          listening to it found in a header of its answer
//   GET  /v1/models        the one model
//   GET  /v1/audio/voices  the saved voices (NAME.voice in the voices folder)
//   GET  /health           whether it takes requests now (200) or not (503),
//                          for a load balancer: no token asked
// and CosyStudio's own API (api_request.h, api_events.h; docs/api/cosystudio-v1.yaml):
//   GET  /cosystudio/v1                   its version, and whether a model is loaded
//   GET  /cosystudio/v1/voices/{sha256}   whether it has that voice (200) or not (404)
//   PUT  /cosystudio/v1/voices/{sha256}   the .voice file's bytes, kept (voice_cache.h)
//   POST /cosystudio/v1/speech            every setting; progress, audio and the
//                                         segments as NDJSON events
//   DELETE /cosystudio/v1/speech/{id}     cancels it
//   POST /cosystudio/v1/voices/{sha256}/similarity  how alike a take's speaker
//                                         and that voice sound (listening back)
//   POST /cosystudio/v1/reset             Reset engine, in the queue's order;
//                                         the memory before and after
// It checks who asks (server_access.h) and what, and hands the request to a
// SpeechEngine: the window's queue, or the CLI's own engine thread. A client
// that goes away cancels its request; one that sends no whole request within
// a deadline, or comes past the connection cap, is let go.
#pragma once

#include "cosystudio/engine.h"
#include "services/server/server_access.h"
#include "services/server/speech_request.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QSslConfiguration>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

class QHttpServer;
class QHttpServerRequest;
class QHttpServerResponder;
class QTcpSocket;

namespace cosystudio::services {

class VoiceCache;

// A request as the engine runs it.
struct SpeechJob {
  QString text;
  QString instruction;
  QString voiceName;
  QString voiceFile;
  Voice voice;  // read from voiceFile
  SynthesisSettings settings;
  ListenRequest listen;  // X-CosyStudio-Check and -Retakes
  std::optional<int> onlySegment;  // SynthesisRequest's, from CosyStudio's own API
  bool textIsSegment = false;
  // Voice conversion: the speech re-voiced, the clip of a voice sent as one, and that voice's file.
  audio::Clip sourceClip;
  QString sourceFile;
  std::size_t maxCheckBytes = kMaxCheckHeaderBytes;  // the figures fit a header, or an event (no limit)
  bool segmentEvents = false;  // its client takes each segment as it is made (segmentMade)
};

// What the engine does besides speech, in its queue's order (CosyStudio's API).
struct EngineErrand {
  enum class Kind { Reset, CompareSpeaker };
  Kind kind = Kind::Reset;
  // CompareSpeaker: how alike `samples` and `voice` sound (SpeechMaker::speakerSimilarity).
  Voice voice;
  std::vector<float> samples;
  int sampleRate = 0;
};

// Whether the engine takes requests now, as GET /health says it.
enum class EngineReadiness { Ready, NoModel, Loading, Resetting };

// Runs the server's jobs and reports on each by its id, on the server's thread.
class SpeechEngine : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;
  virtual EngineReadiness readiness() const = 0;
  // The precision its model runs in (a client keeps what it made apart by it).
  virtual Precision precision() const = 0;
  // The job's id, or why it cannot be queued now (e.g. 503: no model, or no
  // recogniser for a job that listens).
  virtual std::variant<quint64, ApiError> enqueue(const SpeechJob& job) = 0;
  // The errand's id, or why it cannot be run now; resetDone() or
  // speakerCompared() follows, or failed().
  virtual std::variant<quint64, ApiError> enqueue(const EngineErrand& errand) = 0;
  // Stops the job, or drops it (or an errand) while it waits; failed() follows.
  // A reset under way is not stopped.
  virtual void cancel(quint64 id) = 0;

 signals:
  // A streamed job's audio as the engine makes it.
  void audio(quint64 id, const cosystudio::AudioChunk& chunk);
  void progress(quint64 id, const cosystudio::Progress& progress);
  // A segment as soon as it is made, in order (an engine that does not say it
  // has them sent with the take; a job that listens sends none, as its retakes
  // may replace them).
  void segmentMade(quint64 id, int index, const cosystudio::SegmentResult& segment);
  // The take: its segments, and their samples joined as the window keeps them;
  // for a job that asked for a check, what listening found (checkFiguresJson),
  // else empty.
  void finished(quint64 id, const cosystudio::SynthesisResult& result, const QByteArray& checkFigures);
  void resetDone(quint64 id, const cosystudio::ResetReport& report);
  void speakerCompared(quint64 id, double similarity);
  void failed(quint64 id, const QString& message, bool cancelled);
  // The job cannot run, for a reason its client is told as is (e.g. 503: no recogniser).
  void refused(quint64 id, const cosystudio::services::ApiError& error);
};

struct SpeechServerOptions {
  ServerAccess access;  // the address it listens on, its token, the web pages allowed
  quint16 port = 0;     // 0: any free one
  QString voicesFolder;
  QString receivedVoicesFolder;  // where PUT /cosystudio/v1/voices keeps them (voice_cache.h)
  SpeechLimits limits;
  int maxRequests = 16;  // running and waiting; more are answered 429
  // Open connections; more are closed at once, so that clients that hold
  // connections open cannot take every one the system gives the process.
  int maxConnections = 64;
  // How long a connection may take to send a whole request, from its opening
  // or the end of its last answer; then it is closed (a client that trickles
  // its bytes, or keeps an idle connection, holds nothing for long).
  int requestDeadlineMs = 30000;
  // HTTPS with this configuration (server_tls.h); none: plain HTTP.
  std::optional<QSslConfiguration> tls;
};

// The answer to a request that comes while the server shuts down (503, which a
// load balancer retries on another server).
ApiError shuttingDownError();

// The port the window's server listens on unless Settings say otherwise.
inline constexpr quint16 kDefaultSpeechPort = 8880;
// The model's name in GET /v1/models.
inline constexpr char kSpeechModelId[] = "cosyvoice3";

class SpeechServer : public QObject {
  Q_OBJECT

 public:
  SpeechServer(SpeechEngine* engine, SpeechServerOptions options, QObject* parent = nullptr);
  // The folder received voices are kept in unless the options name another.
  static QString defaultReceivedVoicesFolder();
  ~SpeechServer() override;

  // False with `error` when the address cannot be listened on.
  bool listen(QString* error);
  quint16 port() const { return port_; }
  // The API's base URL, as clients are given it: "http://127.0.0.1:8880/v1" (https with TLS).
  QString url() const;
  int activeRequests() const { return int(streams_.size()); }
  // Stops taking requests, to shut down without cutting one off: the port is
  // closed (a load balancer sends the next requests elsewhere), a request that
  // still comes on an open connection is answered 503 "shutting_down", and
  // the requests already taken are answered; then every connection is closed
  // and drained() follows. Requests the engine has not started are the
  // engine's to refuse (a balancer retries a 503 on another server).
  void drain();

 signals:
  void activeRequestsChanged(int count);
  void drained();

 private:
  struct Stream;

  class Connections;

  void speak(const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void listVoices(const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void listModels(const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void health(const QHttpServerRequest& request, QHttpServerResponder&& responder);
  // CosyStudio's own API (speech_server_api.cpp).
  void routeApi();
  void apiInfo(const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void hasVoice(const QString& hash, const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void keepVoice(const QString& hash, const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void apiSpeak(const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void apiCancel(const QString& id, const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void compareSpeaker(const QString& hash, const QHttpServerRequest& request, QHttpServerResponder&& responder);
  void apiReset(const QHttpServerRequest& request, QHttpServerResponder&& responder);
  // Queues `errand` for the client of `request`, answered with JSON once it is done.
  void queueErrand(const EngineErrand& errand, const QHttpServerRequest& request, QHttpServerResponder&& responder);
  // False after answering: the request is not this server's to answer (server_access.h).
  bool admit(const QHttpServerRequest& request, QHttpServerResponder& responder,
             TokenCheck tokenCheck = TokenCheck::Asked);
  // admit(), and false after answering when the server takes no speech now
  // (it shuts down) or the body is not JSON.
  bool admitSpeech(const QHttpServerRequest& request, QHttpServerResponder& responder);
  QTcpSocket* clientSocket(const QHttpServerRequest& request, QHttpServerResponder& responder) const;
  // The job of `request` in `voice` (read from `voiceFile`, named `voiceName`).
  std::variant<SpeechJob, ApiError> jobFor(const SpeechRequest& request, const Voice& voice, const QString& voiceFile,
                                           const QString& voiceName) const;
  // Queues `job` for the client of `request`, answered through `stream`; the job's id.
  std::optional<quint64> queue(const SpeechJob& job, const QHttpServerRequest& request, std::unique_ptr<Stream> stream);
  ApiError tooManyRequests() const;
  // Keeps `stream` as the answer to `queued` (the engine's id, or its refusal): false after answering the refusal.
  bool hold(const std::variant<quint64, ApiError>& queued, const QHttpServerRequest& request,
            std::unique_ptr<Stream>& stream);

  void onAudio(quint64 id, const AudioChunk& chunk);
  void beginStream(Stream& stream, int sampleRate);
  void onProgress(quint64 id, const Progress& progress);
  void onSegmentMade(quint64 id, int index, const SegmentResult& segment);
  void onFinished(quint64 id, const SynthesisResult& result, const QByteArray& checkFigures);
  // An errand's answer: 200 and `json`.
  void onAnswered(quint64 id, const QByteArray& json);
  void onFailed(quint64 id, const QString& message, bool cancelled);
  void onRefused(quint64 id, const ApiError& error);
  void onClientGone(quint64 id);
  void end(quint64 id);
  // Once draining and nothing is left to answer: closes the connections, then drained().
  void closeWhenDrained();

  SpeechEngine* engine_;
  SpeechServerOptions options_;
  std::unique_ptr<VoiceCache> receivedVoices_;
  std::unique_ptr<QHttpServer> http_;
  Connections* connections_ = nullptr;  // owned by http_ once bound
  quint16 port_ = 0;
  std::map<quint64, std::unique_ptr<Stream>> streams_;
  bool draining_ = false;
};

}  // namespace cosystudio::services
