#include "services/server/api_request.h"

#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>

namespace cosystudio::services {
namespace {

ApiError invalid(const QString& param, const QString& message) { return {400, message, param, {}}; }

// A field that must be true or false when present.
std::optional<ApiError> readFlag(const QJsonObject& body, const QString& field, bool& flag) {
  const QJsonValue value = body.value(field);
  if (value.isUndefined() || value.isNull()) return std::nullopt;
  if (!value.isBool()) return invalid(field, QStringLiteral("'%1' must be true or false").arg(field));
  flag = value.toBool();
  return std::nullopt;
}

}  // namespace

bool isVoiceHash(const QString& text) {
  return text.size() == 64 &&
         std::all_of(text.begin(), text.end(), [](QChar c) { return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f'); });
}

std::variant<ApiSpeechRequest, ApiError> parseApiSpeechRequest(const QByteArray& bytes, const SpeechLimits& limits) {
  auto parsed = jsonBody(bytes, limits.maxApiRequestBytes);
  if (auto* refused = std::get_if<ApiError>(&parsed)) return *refused;
  const QJsonObject& body = std::get<QJsonObject>(parsed);

  ApiSpeechRequest request;
  const auto voiceField = [&body](const QString& field, QString& hash) -> std::optional<ApiError> {
    const QJsonValue voice = body.value(field);
    if (!voice.isString() || !isVoiceHash(voice.toString()))
      return invalid(field, QStringLiteral("'%1' must be the SHA-256 of a .voice file, 64 lowercase hex digits, as PUT "
                                           "%2/voices/{sha256} keeps it")
                                .arg(field, QLatin1String(kApiRoot)));
    hash = voice.toString();
    return std::nullopt;
  };
  const QString sourceField = QStringLiteral("source");
  const bool conversion = !body.value(sourceField).isUndefined() && !body.value(sourceField).isNull();
  if (!conversion) {
    if (const auto refused = readInput(body, limits.maxApiInputCharacters, request.speech.input)) return *refused;
  } else if (!body.value(QStringLiteral("input")).isUndefined()) {
    return invalid(QStringLiteral("input"), QStringLiteral("voice conversion speaks the words of its 'source': give "
                                                           "no 'input'"));
  }
  if (const auto refused = voiceField(QStringLiteral("voice"), request.speech.voice)) return *refused;
  if (conversion)
    if (const auto refused = voiceField(sourceField, request.source)) return *refused;
  if (const auto refused = readStyle(body, request.speech, conversion)) return *refused;
  for (const auto& [field, flag] : {std::pair{QStringLiteral("raw_text"), &request.rawText},
                                    std::pair{QStringLiteral("read_numbers"), &request.readNumbers},
                                    std::pair{QStringLiteral("stream"), &request.stream},
                                    std::pair{QStringLiteral("check"), &request.listen.check},
                                    std::pair{QStringLiteral("text_is_segment"), &request.textIsSegment},
                                    std::pair{QStringLiteral("segment_events"), &request.segmentEvents}})
    if (const auto refused = readFlag(body, field, *flag)) return *refused;

  const QString limitField = QStringLiteral("segment_time_limit_seconds");
  if (const QJsonValue limit = body.value(limitField); !limit.isUndefined() && !limit.isNull()) {
    if (!limit.isDouble() || !(limit.toDouble() >= 0) || limit.toDouble() > kMaxSegmentTimeLimitSeconds)
      return invalid(limitField, QStringLiteral("'%1' must be a number of seconds from 0 (no limit) to %2")
                                     .arg(limitField)
                                     .arg(kMaxSegmentTimeLimitSeconds));
    request.segmentTimeLimitSeconds = limit.toDouble();
  }
  const QString retakesField = QStringLiteral("retakes");
  if (const QJsonValue retakes = body.value(retakesField); !retakes.isUndefined() && !retakes.isNull()) {
    const double count = retakes.toDouble(-1);
    if (!retakes.isDouble() || count < 0 || count > kMaxServedRetakes || count != double(int(count)))
      return invalid(retakesField,
                     QStringLiteral("'retakes' must be a whole number from 0 to %1").arg(kMaxServedRetakes));
    if (!request.listen.check && count > 0)
      return invalid(retakesField, QStringLiteral("'retakes' needs \"check\": true"));
    request.listen.retakes = int(count);
  }
  const QString segmentField = QStringLiteral("segment");
  if (const QJsonValue segment = body.value(segmentField); !segment.isUndefined() && !segment.isNull()) {
    // A segment is at least a character of the input: no text has more segments than that.
    const double index = segment.toDouble(-1);
    if (!segment.isDouble() || index < 0 || index >= limits.maxApiInputCharacters || index != double(int(index)))
      return invalid(segmentField, QStringLiteral("'segment' must be a whole number from 0 to %1")
                                       .arg(limits.maxApiInputCharacters - 1));
    request.onlySegment = int(index);
  }
  return request;
}

}  // namespace cosystudio::services
