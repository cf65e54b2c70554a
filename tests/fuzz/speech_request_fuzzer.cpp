// The speech server's requests: any bytes as the body of POST
// /v1/audio/speech and of POST /cosystudio/v1/speech. Each is read or refused
// with an OpenAI-style error that is itself valid JSON; what is read keeps
// within the limits, and converts a voice exactly when it has a source.
#include "fuzz_support.h"

#include "services/server/api_request.h"
#include "services/server/speech_request.h"

#include "cosystudio/request_rules.h"

#include <QJsonDocument>

#include <cstdlib>

namespace {

using namespace cosystudio::services;

// A refusal is JSON; what is read keeps within the limits.
template <typename Read>
const Read* checked(const std::variant<Read, ApiError>& parsed) {
  if (const auto* error = std::get_if<ApiError>(&parsed)) {
    if (!QJsonDocument::fromJson(error->json()).isObject()) std::abort();
    return nullptr;
  }
  return &std::get<Read>(parsed);
}

void checkStyle(const SpeechRequest& request, int maxCharacters) {
  if (request.input.trimmed().isEmpty() || request.input.toUcs4().size() > maxCharacters || request.voice.isEmpty() ||
      request.speed < cosystudio::kMinSpeed || request.speed > cosystudio::kMaxSpeed ||
      (request.seed && *request.seed > cosystudio::kMaxSeed))
    std::abort();
}

// Voice conversion: a source and no input, in that mode only.
void checkConversion(const ApiSpeechRequest& request) {
  const bool converts = request.speech.mode == cosystudio::Mode::VoiceConversion;
  if (converts != !request.source.isEmpty() || (converts && !request.speech.input.isEmpty()) ||
      (converts && !isVoiceHash(request.source)))
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QByteArray body(reinterpret_cast<const char*>(data), qsizetype(size));
  const SpeechLimits limits;
  const auto openAi = parseSpeechRequest(body, limits);
  if (const SpeechRequest* request = checked(openAi)) checkStyle(*request, limits.maxInputCharacters);
  const auto own = parseApiSpeechRequest(body, limits);
  if (const ApiSpeechRequest* request = checked(own)) {
    checkConversion(*request);
    if (request->source.isEmpty()) checkStyle(request->speech, limits.maxApiInputCharacters);
    if (!isVoiceHash(request->speech.voice) || !(request->segmentTimeLimitSeconds >= 0) ||
        request->segmentTimeLimitSeconds > kMaxSegmentTimeLimitSeconds || request->listen.retakes < 0 ||
        request->listen.retakes > kMaxServedRetakes || (request->listen.retakes > 0 && !request->listen.check) ||
        (request->onlySegment && (*request->onlySegment < 0 || *request->onlySegment >= limits.maxApiInputCharacters)))
      std::abort();
  }
  return 0;
}
