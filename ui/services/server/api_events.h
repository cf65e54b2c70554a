// The answer to POST /cosystudio/v1/speech (api_request.h): status 200 and
// application/x-ndjson, one JSON event a line, sent as they happen:
//
//   {"event": "accepted", "id": 12, "seed": 7, "mode": "zero_shot"}   first; the id is what
//                                       DELETE /cosystudio/v1/speech/{id} cancels
//   {"event": "progress", "stage": "speech_tokens", "segment": 0, "segment_count": 2,
//    "tokens": 40, "flow_step": -1, "elapsed_seconds": 0.8}            as it goes
//   {"event": "audio", "segment": 0, "sample_rate": 24000, "segment_done": false,
//    "samples": "<base64>"}                                            "stream": true only
//   {"event": "segment", "segment": 0, "text", "user_text", ..., "samples": "<base64>"}
//                                       "segment_events": true only: each segment, as it is made
//                                       (or all before the result)
//   {"event": "result", "sample_rate": 24000, "seed": 7,
//    "segments": [{"text", "user_text", "speech_tokens", "reached_token_cap", "made_no_speech",
//                  "warnings", "samples": "<base64>"}], "check": {...}}  last, when it was made;
//                                       with "segment_events", its segments without "samples"
//   {"event": "error", "status": 500, "message": "...", "code": "cancelled"}  last, when it was not
//
// Samples are float32 little-endian, base64: exactly what the engine made, so
// that a client's take equals the one it would make itself. A segment's
// samples are its own; the take is the segments joined with the engine's
// crossfade (SynthesisResult::joinSegments). "check" (only when asked) is
// what listening found, as `synth --check --json` writes it.
#pragma once

#include "cosystudio/engine.h"
#include "services/server/speech_request.h"

#include <QByteArray>

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace cosystudio::services {

inline constexpr char kEventsContentType[] = "application/x-ndjson";

// Each event is one line, its newline included.
QByteArray acceptedEvent(quint64 id, const SynthesisSettings& settings);
QByteArray progressEvent(const Progress& progress);
QByteArray audioEvent(const AudioChunk& chunk);
// One line a segment, so that a long text's take is not one line of hundreds of megabytes.
QByteArray segmentEvent(int index, const SegmentResult& segment);
QByteArray resultEvent(const SynthesisResult& result, const QByteArray& checkFigures, bool withSamples = true);
QByteArray errorEvent(const ApiError& error);

// What a server sends, as a client reads it (remote_speech.h), not trusted to
// be well formed: a field left out or of another type reads as `fallback`.
std::string textField(const nlohmann::ordered_json& json, const char* key, std::string fallback = {});
bool flagField(const nlohmann::ordered_json& json, const char* key, bool fallback);
int wholeField(const nlohmann::ordered_json& json, const char* key, int fallback);

// The events back, as a client reads them: a field left out or of another
// type leaves its default; a result with no segments, or a segment that
// cannot be read, is nothing.
Progress progressFromEvent(const nlohmann::ordered_json& event);
AudioChunk audioFromEvent(const nlohmann::ordered_json& event);
// A segment event's index and segment; nothing when it cannot be read.
std::optional<std::pair<int, SegmentResult>> segmentFromEvent(const nlohmann::ordered_json& event);
// A segment of the result without "samples" takes those `sentBefore` holds for its index.
std::optional<SynthesisResult> resultFromEvent(const nlohmann::ordered_json& event,
                                               std::map<int, std::vector<float>> sentBefore = {});

// The answers of the API's errands, 200 and application/json:
//   POST /cosystudio/v1/reset: {"teardown_seconds": 0.4, "reload_seconds": 2.1,
//     "before": {memory}, "after_teardown": {memory}, "after_reload": {memory}}
//     with memory as result_json.h spells it
//   POST /cosystudio/v1/voices/{sha256}/similarity: {"similarity": 0.83}
QByteArray resetAnswer(const ResetReport& report);
QByteArray similarityAnswer(double similarity);
// And back, as a client reads them: nothing when a figure is missing.
std::optional<ResetReport> resetFromAnswer(const nlohmann::ordered_json& answer);
std::optional<double> similarityFromAnswer(const nlohmann::ordered_json& answer);

// Samples as the API carries them: float32 little-endian, as bytes (a
// similarity request's body) or base64 (in events); and back (nothing when
// they are not a whole number of float32 samples).
QByteArray samplesBytes(const std::vector<float>& samples);
std::optional<std::vector<float>> samplesFromBytes(const QByteArray& bytes);
QByteArray samplesBase64(const std::vector<float>& samples);
std::optional<std::vector<float>> samplesFromBase64(const QByteArray& base64);

}  // namespace cosystudio::services
