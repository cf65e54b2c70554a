// One request on its way through the speech server, whichever API it came by
// (speech_server.cpp, speech_server_api.cpp): the client's connection and what
// it was promised.
#pragma once

#include "services/server/speech_server.h"
#include "services/server/streamed_join.h"

#include <QElapsedTimer>
#include <QHttpServerResponder>
#include <QPointer>
#include <QTcpSocket>

namespace cosystudio::services {

struct SpeechServer::Stream {
  explicit Stream(QHttpServerResponder&& responder) : responder(std::move(responder)) {}

  QPointer<QTcpSocket> socket;
  QHttpServerResponder responder;
  SpeechFormat format = SpeechFormat::Wav;
  // OpenAI's: wav and pcm at speed 1, sent as the engine makes it; CosyStudio's: "audio" events.
  bool streamed = false;
  bool events = false;  // CosyStudio's API: NDJSON events (api_events.h), begun once accepted
  bool segmentEvents = false;  // each segment's samples in an event of its own, not in the result
  int segmentsSent = 0;        // those events sent so far, as the segments were made
  bool headerSent = false;
  StreamedJoin join{24000};
  QMetaObject::Connection clientGone;
  // The last progress event: a progress per speech token would outweigh the audio.
  Progress lastProgress;
  QElapsedTimer sinceProgress;
};

}  // namespace cosystudio::services
