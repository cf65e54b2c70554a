#include "services/server/api_events.h"

#include "services/result_json.h"

#include "cosystudio/settings_json.h"

#include <QtEndian>

#include <cstring>

namespace cosystudio::services {
namespace {

using Json = nlohmann::ordered_json;

QByteArray line(const Json& event) { return QByteArray::fromStdString(event.dump() + '\n'); }

}  // namespace

QByteArray samplesBase64(const std::vector<float>& samples) {
  QByteArray bytes(qsizetype(samples.size() * sizeof(float)), '\0');
  for (std::size_t i = 0; i < samples.size(); ++i) qToLittleEndian(samples[i], bytes.data() + sizeof(float) * i);
  return bytes.toBase64();
}

std::optional<std::vector<float>> samplesFromBase64(const QByteArray& base64) {
  const auto result = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
  const QByteArray& bytes = result.decoded;
  if (!result || bytes.size() % qsizetype(sizeof(float)) != 0) return std::nullopt;
  std::vector<float> samples(std::size_t(bytes.size()) / sizeof(float));
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = qFromLittleEndian<float>(bytes.constData() + sizeof(float) * i);
  return samples;
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

QByteArray resultEvent(const SynthesisResult& result, const QByteArray& checkFigures) {
  Json segments = Json::array();
  for (const SegmentResult& segment : result.segments) {
    Json made = segmentJson(segment);
    made["samples"] = samplesBase64(segment.samples).toStdString();
    segments.push_back(std::move(made));
  }
  Json event{{"event", "result"}, {"sample_rate", result.sampleRate}, {"seed", result.seed}, {"segments", segments}};
  if (!checkFigures.isEmpty()) event["check"] = Json::parse(checkFigures.toStdString(), nullptr, false);
  return line(event);
}

Progress progressFromEvent(const Json& event) {
  Progress p;
  p.stage = stageFromId(event.value("stage", std::string())).value_or(Stage::Preparing);
  p.segment = event.value("segment", 0);
  p.segmentCount = event.value("segment_count", 0);
  p.tokens = event.value("tokens", 0);
  p.flowStep = event.value("flow_step", -1);
  p.elapsedSeconds = event.value("elapsed_seconds", 0.0);
  return p;
}

AudioChunk audioFromEvent(const Json& event) {
  AudioChunk chunk;
  chunk.segment = event.value("segment", 0);
  chunk.sampleRate = event.value("sample_rate", 24000);
  chunk.segmentDone = event.value("segment_done", false);
  chunk.samples = samplesFromBase64(QByteArray::fromStdString(event.value("samples", std::string())))
                      .value_or(std::vector<float>{});
  return chunk;
}

std::optional<SynthesisResult> resultFromEvent(const Json& event) {
  SynthesisResult made;
  made.sampleRate = event.value("sample_rate", 24000);
  made.seed = event.value("seed", uint64_t(0));
  for (const Json& entry : event.value("segments", Json::array())) {
    std::optional<SegmentResult> segment = segmentFromJson(entry);
    auto samples = samplesFromBase64(QByteArray::fromStdString(entry.value("samples", std::string())));
    if (!segment || !samples) return std::nullopt;
    segment->samples = std::move(*samples);
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
