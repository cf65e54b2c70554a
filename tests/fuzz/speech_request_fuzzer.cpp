// The speech server's requests: any bytes as the body of POST
// /v1/audio/speech. Each is read or refused with an OpenAI-style error that
// is itself valid JSON; what is read keeps within the limits.
#include "fuzz_support.h"

#include "services/server/speech_request.h"

#include "cosystudio/request_rules.h"

#include <QJsonDocument>

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace cosystudio::services;
  const QByteArray body(reinterpret_cast<const char*>(data), qsizetype(size));
  const SpeechLimits limits;
  const auto parsed = parseSpeechRequest(body, limits);
  if (const auto* error = std::get_if<ApiError>(&parsed)) {
    if (!QJsonDocument::fromJson(error->json()).isObject()) std::abort();
    return 0;
  }
  const SpeechRequest& request = std::get<SpeechRequest>(parsed);
  if (request.input.trimmed().isEmpty() || request.input.toUcs4().size() > limits.maxInputCharacters ||
      request.voice.isEmpty() || request.speed < cosystudio::kMinSpeed || request.speed > cosystudio::kMaxSpeed)
    std::abort();
  return 0;
}
