#include "services/server/api_events.h"

#include "services/result_json.h"

#include "cosystudio/settings_json.h"

#include <QtEndian>

#include <algorithm>
#include <cstring>

namespace cosystudio::services {
namespace {

using Json = nlohmann::ordered_json;

QByteArray line(const Json& event) { return QByteArray::fromStdString(event.dump() + '\n'); }

const Json* member(const Json& json, const char* key) {
  if (!json.is_object()) return nullptr;
  const auto found = json.find(key);
  return found == json.end() ? nullptr : &*found;
}

double numberField(const Json& json, const char* key, double fallback) {
  const Json* value = member(json, key);
  return value && value->is_number() ? value->get<double>() : fallback;
}

uint64_t seedField(const Json& json, const char* key) {
  const Json* value = member(json, key);
  return value && value->is_number_unsigned() ? value->get<uint64_t>() : 0;
}

}  // namespace

std::string textField(const Json& json, const char* key, std::string fallback) {
  const Json* value = member(json, key);
  return value && value->is_string() ? value->get<std::string>() : fallback;
}

bool flagField(const Json& json, const char* key, bool fallback) {
  const Json* value = member(json, key);
  return value && value->is_boolean() ? value->get<bool>() : fallback;
}

int wholeField(const Json& json, const char* key, int fallback) {
  const Json* value = member(json, key);
  if (!value || !value->is_number_integer()) return fallback;
  if (value->is_number_unsigned())
    return value->get<uint64_t>() <= uint64_t(INT32_MAX) ? int(value->get<uint64_t>()) : fallback;
  const int64_t whole = value->get<int64_t>();
  return whole >= INT32_MIN && whole <= INT32_MAX ? int(whole) : fallback;
}

QByteArray resetAnswer(const ResetReport& report) {
  const Json answer{{"teardown_seconds", report.teardownSeconds},
                    {"reload_seconds", report.reloadSeconds},
                    {"before", memoryJson(report.before)},
                    {"after_teardown", memoryJson(report.afterTeardown)},
                    {"after_reload", memoryJson(report.afterReload)}};
  return QByteArray::fromStdString(answer.dump());
}

QByteArray similarityAnswer(double similarity) {
  return QByteArray::fromStdString(Json{{"similarity", similarity}}.dump());
}

std::optional<ResetReport> resetFromAnswer(const Json& answer) {
  const double teardown = numberField(answer, "teardown_seconds", -1), reload = numberField(answer, "reload_seconds", -1);
  const Json *before = member(answer, "before"), *tornDown = member(answer, "after_teardown"),
             *reloaded = member(answer, "after_reload");
  if (teardown < 0 || reload < 0 || !before || !tornDown || !reloaded) return std::nullopt;
  return ResetReport{memoryFromJson(*before), memoryFromJson(*tornDown), memoryFromJson(*reloaded), teardown, reload};
}

std::optional<double> similarityFromAnswer(const Json& answer) {
  const Json* similarity = member(answer, "similarity");
  if (!similarity || !similarity->is_number()) return std::nullopt;
  return similarity->get<double>();
}

QByteArray samplesBytes(const std::vector<float>& samples) {
  QByteArray bytes(qsizetype(samples.size() * sizeof(float)), '\0');
  for (std::size_t i = 0; i < samples.size(); ++i) qToLittleEndian(samples[i], bytes.data() + sizeof(float) * i);
  return bytes;
}

std::optional<std::vector<float>> samplesFromBytes(const QByteArray& bytes) {
  if (bytes.size() % qsizetype(sizeof(float)) != 0) return std::nullopt;
  std::vector<float> samples(std::size_t(bytes.size()) / sizeof(float));
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = qFromLittleEndian<float>(bytes.constData() + sizeof(float) * i);
  return samples;
}

QByteArray samplesBase64(const std::vector<float>& samples) { return samplesBytes(samples).toBase64(); }

std::optional<std::vector<float>> samplesFromBase64(const QByteArray& base64) {
  const auto result = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
  if (!result) return std::nullopt;
  return samplesFromBytes(result.decoded);
}

QByteArray acceptedEvent(quint64 id, const SynthesisSettings& settings) {
  return line({{"event", "accepted"}, {"id", id}, {"seed", settings.seed}, {"mode", modeId(settings.mode)}});
}

QByteArray progressEvent(const Progress& progress) {
  return line({{"event", "progress"},
               {"stage", stageId(progress.stage)},
               {"segment", progress.segment},
               {"segment_count", progress.segmentCount},
               {"tokens", progress.tokens},
               {"flow_step", progress.flowStep},
               {"elapsed_seconds", progress.elapsedSeconds}});
}

QByteArray audioEvent(const AudioChunk& chunk) {
  return line({{"event", "audio"},
               {"segment", chunk.segment},
               {"sample_rate", chunk.sampleRate},
               {"segment_done", chunk.segmentDone},
               {"samples", samplesBase64(chunk.samples).toStdString()}});
}

namespace {

// A segment's record, with its samples or without.
Json segmentRecord(const SegmentResult& segment, bool withSamples) {
  Json made = segmentJson(segment);
  if (withSamples) made["samples"] = samplesBase64(segment.samples).toStdString();
  return made;
}

}  // namespace

QByteArray segmentEvent(int index, const SegmentResult& segment) {
  Json event{{"event", "segment"}, {"segment", index}};
  event.update(segmentRecord(segment, true));
  return line(event);
}

QByteArray resultEvent(const SynthesisResult& result, const QByteArray& checkFigures, bool withSamples) {
  Json segments = Json::array();
  for (const SegmentResult& segment : result.segments) segments.push_back(segmentRecord(segment, withSamples));
  Json event{{"event", "result"}, {"sample_rate", result.sampleRate}, {"seed", result.seed}, {"segments", segments}};
  if (!checkFigures.isEmpty()) event["check"] = Json::parse(checkFigures.toStdString(), nullptr, false);
  return line(event);
}

Progress progressFromEvent(const Json& event) {
  Progress p;
  p.stage = stageFromId(textField(event, "stage")).value_or(Stage::Preparing);
  p.segment = wholeField(event, "segment", 0);
  p.segmentCount = wholeField(event, "segment_count", 0);
  p.tokens = wholeField(event, "tokens", 0);
  p.flowStep = wholeField(event, "flow_step", -1);
  p.elapsedSeconds = numberField(event, "elapsed_seconds", 0.0);
  return p;
}

AudioChunk audioFromEvent(const Json& event) {
  AudioChunk chunk;
  chunk.segment = wholeField(event, "segment", 0);
  chunk.sampleRate = std::max(wholeField(event, "sample_rate", 24000), 1);
  chunk.segmentDone = flagField(event, "segment_done", false);
  chunk.samples = samplesFromBase64(QByteArray::fromStdString(textField(event, "samples"))).value_or(std::vector<float>{});
  return chunk;
}

namespace {

// A segment's record with its samples; nothing when either cannot be read.
std::optional<SegmentResult> segmentWithSamples(const Json& entry) {
  const Json* samples = member(entry, "samples");
  std::optional<SegmentResult> segment = segmentFromJson(entry);
  if (!samples || !samples->is_string() || !segment) return std::nullopt;
  auto decoded = samplesFromBase64(QByteArray::fromStdString(samples->get<std::string>()));
  if (!decoded) return std::nullopt;
  segment->samples = std::move(*decoded);
  return segment;
}

}  // namespace

std::optional<std::pair<int, SegmentResult>> segmentFromEvent(const Json& event) {
  const int index = wholeField(event, "segment", -1);
  std::optional<SegmentResult> segment = segmentWithSamples(event);
  if (index < 0 || !segment) return std::nullopt;
  return std::pair{index, std::move(*segment)};
}

std::optional<SynthesisResult> resultFromEvent(const Json& event, std::map<int, std::vector<float>> sentBefore) {
  const Json* segments = member(event, "segments");
  if (!segments || !segments->is_array()) return std::nullopt;
  SynthesisResult made;
  made.sampleRate = wholeField(event, "sample_rate", 24000);
  if (made.sampleRate <= 0) return std::nullopt;
  made.seed = seedField(event, "seed");
  for (const Json& entry : *segments) {
    const bool carried = member(entry, "samples") != nullptr;  // else a segment event carried them
    const auto sent = sentBefore.find(int(made.segments.size()));
    std::optional<SegmentResult> segment = carried ? segmentWithSamples(entry) : segmentFromJson(entry);
    if (!segment || (!carried && sent == sentBefore.end())) return std::nullopt;
    if (!carried) segment->samples = std::move(sent->second);
    made.segments.push_back(std::move(*segment));
  }
  made.joinSegments();
  return made;
}

QByteArray errorEvent(const ApiError& error) {
  return line({{"event", "error"},
               {"status", error.status},
               {"message", error.message.toStdString()},
               {"code", error.code.isEmpty() ? Json() : Json(error.code.toStdString())}});
}

}  // namespace cosystudio::services
