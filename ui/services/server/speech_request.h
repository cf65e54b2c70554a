// The body of POST /v1/audio/speech, OpenAI's speech request with CosyStudio's
// own optional fields, read and checked before anything is queued:
//
//   {"model": "cosyvoice3", "input": "Hello.", "voice": "Ann", "response_format": "wav",
//    "speed": 1.0, "mode": "instruct", "instruction": "请用四川话表达。", "seed": 7}
//
// A refusal is an OpenAI-style error that names the field at fault.
#pragma once

#include "cosystudio/engine.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <cstddef>
#include <optional>
#include <variant>

namespace cosystudio::services {

// How the audio travels: a WAV or headerless 16-bit little-endian PCM, both
// streamed as the engine makes it; FLAC, whose encoder needs the whole take.
enum class SpeechFormat { Wav, Pcm, Flac };

const char* formatId(SpeechFormat format);    // "wav", "pcm", "flac"
const char* contentType(SpeechFormat format);  // its MIME type

struct SpeechRequest {
  QString model;  // any name: the server has one model (GET /v1/models names it)
  QString input;
  QString voice;  // a saved voice's name
  SpeechFormat format = SpeechFormat::Wav;
  double speed = 1.0;
  std::optional<Mode> mode;  // absent: zero-shot when the voice has a transcript, else cross-lingual
  QString instruction;
  std::optional<quint64> seed;  // absent: a fresh one
};

// The bounds of what a client may send.
struct SpeechLimits {
  qsizetype maxRequestBytes = 64 * 1024;  // the whole request, headers and body
  // A voice sent to be kept (PUT /cosystudio/v1/voices/…, voice_cache.h): a
  // .voice file of the longest clip CosyStudio takes is a few hundred KiB.
  qsizetype maxVoiceBytes = 8 * 1024 * 1024;
  // A take's segment compared with a voice (POST …/voices/{sha256}/similarity):
  // float32 samples, about 5.8 minutes at the model's 24 kHz.
  qsizetype maxComparedBytes = 32 * 1024 * 1024;
  int maxInputCharacters = 4096;          // OpenAI's own limit
  // CosyStudio's own API (POST /cosystudio/v1/speech): a long text in one
  // request, its segments sent back each in an event of its own (api_events.h).
  int maxApiInputCharacters = 100000;
  qsizetype maxApiRequestBytes = 1024 * 1024;
};

// An error as OpenAI's API writes it:
//   {"error": {"message": "...", "type": "invalid_request_error", "param": "voice", "code": null}}
struct ApiError {
  int status = 400;
  QString message;
  QString param;  // the field at fault; empty: none (null)
  QString code;   // empty: null
  QString type = QStringLiteral("invalid_request_error");

  QByteArray json() const;
};

// `body` as a request, or the first thing wrong with it.
std::variant<SpeechRequest, ApiError> parseSpeechRequest(const QByteArray& body, const SpeechLimits& limits = {});

// The parts both APIs read alike (CosyStudio's own, api_request.h, too):
// the body as a JSON object within the size limit;
std::variant<QJsonObject, ApiError> jsonBody(const QByteArray& bytes, qsizetype maxBytes);
// 'input', required, not blank, within the limit;
std::optional<ApiError> readInput(const QJsonObject& body, int maxCharacters, QString& input);
// 'speed', 'mode', 'instruction' (or 'instructions') and 'seed', each optional.
// With `conversion` (CosyStudio's API, a request with a source clip) the mode
// is voice_conversion, and no other; without it, never.
std::optional<ApiError> readStyle(const QJsonObject& body, SpeechRequest& request, bool conversion = false);

// Listening back to what is made (cosystudio/checked_synthesis.h), asked for
// in request headers so that the body stays OpenAI's:
//   X-CosyStudio-Check: 1     the audio comes whole, and the answer's own
//                             X-CosyStudio-Check header holds the figures
//                             (cosystudio/check_json.h: checkFiguresJson)
//   X-CosyStudio-Retakes: N   0 to 5 (default 0): a failing segment is made again
inline constexpr char kCheckHeader[] = "X-CosyStudio-Check";
inline constexpr char kRetakesHeader[] = "X-CosyStudio-Retakes";
inline constexpr int kMaxServedRetakes = 5;
// The most the figures may take in the answer's header: its headers stay
// within 16 KiB, the least that common clients read (Node's).
inline constexpr std::size_t kMaxCheckHeaderBytes = 15 * 1024;

struct ListenRequest {
  bool check = false;
  int retakes = 0;
};

// The two headers' values (empty: not sent) as a request, or what is wrong
// with them: Check is 1 or true (0 or false: no check), Retakes a whole
// number from 0 to kMaxServedRetakes, and only with a check.
std::variant<ListenRequest, ApiError> parseListenHeaders(const QByteArray& check, const QByteArray& retakes);

}  // namespace cosystudio::services
