// CosyStudio's own API beside OpenAI's (docs/api/cosystudio-v1.yaml): what a
// program that drives CosyStudio on another machine sends, with every setting
// a request has, in a voice sent once and named by its content hash after:
//
//   POST /cosystudio/v1/speech
//   {"input": "今天天气很好。", "voice": "<SHA-256 of the .voice file, 64 hex digits>",
//    "mode": "zero_shot", "instruction": "", "speed": 1.0, "seed": 7,
//    "raw_text": false, "read_numbers": true, "segment_time_limit_seconds": 0,
//    "stream": true, "check": false, "retakes": 0, "segment": 2, "text_is_segment": false,
//    "segment_events": true}
//
// Only "input" and "voice" are required. Voice conversion has no input but a
// "source": a voice sent as the others are, whose clip is re-spoken in "voice"
// (mode "voice_conversion", which a source implies). The settings are spelled as
// CosyStudio's files spell them (cosystudio/settings_json.h); "seed" may be a
// number or a decimal string. A refusal names the field at fault,
// as OpenAI's errors do (speech_request.h: ApiError).
#pragma once

#include "services/server/speech_request.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <variant>

namespace cosystudio::services {

// The version this server speaks, under kApiRoot; a client that finds another
// (or none: a server from before the API) says so instead of guessing.
inline constexpr int kApiVersion = 1;
inline constexpr char kApiRoot[] = "/cosystudio/v1";

struct ApiSpeechRequest {
  SpeechRequest speech;  // input, voice (its hash), speed, mode, instruction, seed
  bool rawText = false;  // SynthesisSettings::normalize's opposite
  bool readNumbers = true;
  double segmentTimeLimitSeconds = 0;  // 0: no limit
  bool stream = false;                 // "audio" events as it is made
  ListenRequest listen;                // "check" and "retakes"
  std::optional<int> onlySegment;      // "segment": that segment of the text alone (SynthesisRequest::onlySegment)
  bool textIsSegment = false;          // "text_is_segment": the input is one segment as a result gave it
  QString source;                      // "source": the hash of the voice whose clip is converted; empty: none
  bool segmentEvents = false;          // "segment_events": each segment's samples in an event of its own
};

// The most seconds a segment may be given by segment_time_limit_seconds: an hour.
inline constexpr double kMaxSegmentTimeLimitSeconds = 3600;

// `body` as a request, or the first thing wrong with it.
std::variant<ApiSpeechRequest, ApiError> parseApiSpeechRequest(const QByteArray& body, const SpeechLimits& limits = {});

// Whether `text` names a voice as the API does: 64 lowercase hexadecimal
// digits, the SHA-256 of the .voice file's bytes.
bool isVoiceHash(const QString& text);

}  // namespace cosystudio::services
