// What the server's two APIs (speech_server.cpp, speech_server_api.cpp) answer
// alike: an error as OpenAI's API writes it, and the headers its access rules read.
#pragma once

#include "services/server/server_access.h"
#include "services/server/speech_request.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>

namespace cosystudio::services {

inline void answer(QHttpServerResponder& responder, const ApiError& error) {
  responder.write(error.json(), "application/json", QHttpServerResponder::StatusCode(error.status));
}

inline RequestHeaders headersOf(const QHttpServerRequest& request) {
  return {request.value("host"), request.value("origin"), request.value("authorization"),
          request.value("content-type")};
}

}  // namespace cosystudio::services
