#include "services/server/speech_request.h"

#include "cosystudio/request_rules.h"
#include "cosystudio/settings_json.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>
#include <cmath>

namespace cosystudio::services {
namespace {

ApiError invalid(const QString& param, const QString& message) { return {400, message, param, {}}; }

// A number or a decimal string (as the window's files write seeds), in the
// one range of seeds (request_rules.h).
std::optional<quint64> seedFrom(const QJsonValue& value) {
  if (value.isString()) {
    const auto seed = seedFromId(value.toString().toStdString());
    if (seed && *seed <= kMaxSeed) return quint64(*seed);
    return std::nullopt;
  }
  const double number = value.toDouble(-1);
  if (!value.isDouble() || number < 0 || number > double(kMaxSeed) || std::floor(number) != number)
    return std::nullopt;
  return quint64(number);
}

std::optional<SpeechFormat> formatFrom(const QString& id) {
  for (SpeechFormat format : {SpeechFormat::Wav, SpeechFormat::Pcm, SpeechFormat::Flac})
    if (id == QLatin1String(formatId(format))) return format;
  return std::nullopt;
}

// A field that must be a string when present; `error` set when it is not.
QString optionalString(const QJsonObject& body, const QString& field, std::optional<ApiError>& error) {
  const QJsonValue value = body.value(field);
  if (!value.isUndefined() && !value.isNull() && !value.isString())
    error = invalid(field, QStringLiteral("'%1' must be a string").arg(field));
  return value.toString();
}

QString requiredString(const QJsonObject& body, const QString& field, std::optional<ApiError>& error) {
  if (!body.contains(field) || body.value(field).isNull()) {
    error = invalid(field, QStringLiteral("'%1' is required").arg(field));
    return {};
  }
  return optionalString(body, field, error);
}

}  // namespace

const char* formatId(SpeechFormat format) {
  switch (format) {
    case SpeechFormat::Wav: return "wav";
    case SpeechFormat::Pcm: return "pcm";
    case SpeechFormat::Flac: return "flac";
  }
  return "wav";
}

const char* contentType(SpeechFormat format) {
  switch (format) {
    case SpeechFormat::Wav: return "audio/wav";
    case SpeechFormat::Pcm: return "audio/pcm";
    case SpeechFormat::Flac: return "audio/flac";
  }
  return "application/octet-stream";
}

QByteArray ApiError::json() const {
  const auto orNull = [](const QString& text) { return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text); };
  const QJsonObject error{{QStringLiteral("message"), message},
                          {QStringLiteral("type"), type},
                          {QStringLiteral("param"), orNull(param)},
                          {QStringLiteral("code"), orNull(code)}};
  return QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact);
}

std::variant<QJsonObject, ApiError> jsonBody(const QByteArray& bytes, qsizetype maxBytes) {
  if (bytes.size() > maxBytes)
    return ApiError{413, QStringLiteral("the request body is larger than %1 bytes").arg(maxBytes), {}, {}};
  QJsonParseError parseError;
  const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
  if (parseError.error != QJsonParseError::NoError || !document.isObject())
    return invalid({}, QStringLiteral("the body must be a JSON object (%1)")
                           .arg(parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                              : QStringLiteral("found another JSON value")));
  return document.object();
}

std::optional<ApiError> readInput(const QJsonObject& body, int maxCharacters, QString& input) {
  std::optional<ApiError> error;
  input = requiredString(body, QStringLiteral("input"), error);
  if (error) return error;
  if (input.trimmed().isEmpty()) return invalid(QStringLiteral("input"), QStringLiteral("'input' is empty"));
  if (const qsizetype characters = input.toUcs4().size(); characters > maxCharacters)
    return invalid(QStringLiteral("input"), QStringLiteral("'input' has %1 characters; at most %2 are accepted")
                                                .arg(characters)
                                                .arg(maxCharacters));
  return std::nullopt;
}

std::optional<ApiError> readStyle(const QJsonObject& body, SpeechRequest& request, bool conversion) {
  std::optional<ApiError> error;
  if (const QJsonValue speed = body.value(QStringLiteral("speed")); !speed.isUndefined() && !speed.isNull()) {
    if (!speed.isDouble() || speed.toDouble() < kMinSpeed || speed.toDouble() > kMaxSpeed)
      return invalid(QStringLiteral("speed"),
                     QStringLiteral("'speed' must be a number from %1 to %2").arg(kMinSpeed).arg(kMaxSpeed));
    request.speed = speed.toDouble();
  }

  const QString mode = optionalString(body, QStringLiteral("mode"), error);
  if (error) return error;
  if (!mode.isEmpty()) {
    request.mode = modeFromId(mode.toStdString());
    if (conversion && request.mode != Mode::VoiceConversion)
      return invalid(QStringLiteral("mode"),
                     QStringLiteral("a 'source' is re-voiced in mode '%1'")
                         .arg(QString::fromStdString(modeId(Mode::VoiceConversion))));
    if (!request.mode || (*request.mode == Mode::VoiceConversion && !conversion))
      return invalid(QStringLiteral("mode"),
                     QStringLiteral("'mode' '%1' is not offered; use zero_shot, cross_lingual or instruct").arg(mode));
  }
  if (conversion) request.mode = Mode::VoiceConversion;

  // "instructions" is OpenAI's name for it, "instruction" the one of CosyStudio's files.
  const QString instruction = optionalString(body, QStringLiteral("instruction"), error);
  if (error) return error;
  const QString instructions = optionalString(body, QStringLiteral("instructions"), error);
  if (error) return error;
  if (!instruction.isEmpty() && !instructions.isEmpty())
    return invalid(QStringLiteral("instructions"), QStringLiteral("give 'instruction' or 'instructions', not both"));
  request.instruction = instruction.isEmpty() ? instructions : instruction;
  const QString instructionField = instructions.isEmpty() ? QStringLiteral("instruction") : QStringLiteral("instructions");
  if (!request.instruction.isEmpty() && !request.mode) request.mode = Mode::Instruct;
  if (request.mode == Mode::Instruct && request.instruction.trimmed().isEmpty())
    return invalid(instructionField, QStringLiteral("mode 'instruct' needs an instruction, e.g. \"请用四川话表达。\""));
  if (request.mode != Mode::Instruct && !request.instruction.isEmpty())
    return invalid(instructionField, QStringLiteral("an instruction is only for mode 'instruct'"));

  if (const QJsonValue seed = body.value(QStringLiteral("seed")); !seed.isUndefined() && !seed.isNull()) {
    request.seed = seedFrom(seed);
    if (!request.seed)
      return invalid(QStringLiteral("seed"), QStringLiteral("'seed' must be a whole number from 0 to %1 (a number "
                                                            "or a decimal string)").arg(kMaxSeed));
  }
  return std::nullopt;
}

std::variant<SpeechRequest, ApiError> parseSpeechRequest(const QByteArray& bytes, const SpeechLimits& limits) {
  auto parsed = jsonBody(bytes, limits.maxRequestBytes);
  if (auto* refused = std::get_if<ApiError>(&parsed)) return *refused;
  const QJsonObject& body = std::get<QJsonObject>(parsed);

  std::optional<ApiError> error;
  SpeechRequest request;
  // In the order of OpenAI's documentation, so that the first problem named is the one its users expect.
  request.model = requiredString(body, QStringLiteral("model"), error);
  if (error) return *error;
  if (const auto refused = readInput(body, limits.maxInputCharacters, request.input)) return *refused;
  request.voice = requiredString(body, QStringLiteral("voice"), error);
  if (error) return *error;
  if (request.voice.isEmpty()) return invalid(QStringLiteral("voice"), QStringLiteral("'voice' is empty"));

  const QString format = optionalString(body, QStringLiteral("response_format"), error);
  if (error) return *error;
  if (!format.isEmpty()) {
    const auto known = formatFrom(format);
    if (!known)
      return invalid(QStringLiteral("response_format"),
                     QStringLiteral("'response_format' '%1' is not offered; use wav, pcm or flac").arg(format));
    request.format = *known;
  }
  if (const auto refused = readStyle(body, request)) return *refused;
  return request;
}

std::variant<ListenRequest, ApiError> parseListenHeaders(const QByteArray& check, const QByteArray& retakes) {
  const QString checkName = QLatin1String(kCheckHeader);
  const QString retakesName = QLatin1String(kRetakesHeader);
  ListenRequest listen;
  const QByteArray asked = check.trimmed().toLower();
  if (asked == "1" || asked == "true")
    listen.check = true;
  else if (!asked.isEmpty() && asked != "0" && asked != "false")
    return invalid(checkName, QStringLiteral("%1 must be 1 (listen to what is made) or 0").arg(checkName));
  const QByteArray count = retakes.trimmed();
  if (count.isEmpty()) return listen;
  if (!listen.check)
    return invalid(retakesName, QStringLiteral("%1 needs %2: 1").arg(retakesName, checkName));
  const bool digits =
      count.size() <= 2 && std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; });
  listen.retakes = digits ? count.toInt() : -1;
  if (listen.retakes < 0 || listen.retakes > kMaxServedRetakes)
    return invalid(retakesName,
                   QStringLiteral("%1 must be a whole number from 0 to %2").arg(retakesName).arg(kMaxServedRetakes));
  return listen;
}

}  // namespace cosystudio::services
