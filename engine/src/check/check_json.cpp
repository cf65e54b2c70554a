#include "cosystudio/check_json.h"

#include <nlohmann/json.hpp>

namespace cosystudio {
namespace {

using Json = nlohmann::ordered_json;

// How much of the figures a header can hold.
enum class Detail { Full, WithoutTexts, WithoutTries };

// A failure without the words after its reason: "it says other words (character error rate 40 %)".
std::string reasonOf(const std::string& failure) {
  const auto colon = failure.find(": ");
  return colon == std::string::npos ? failure : failure.substr(0, colon);
}

Json tryJson(const SegmentTry& attempt, Detail detail) {
  Json json{{"seed", attempt.seed}, {"passed", attempt.passed()}};
  if (detail == Detail::Full) json.update(Json{{"heard", attempt.heard}, {"heard_language", attempt.heardLanguage}});
  json.update(Json{{"unit", attempt.score.unit == ScoringUnit::Character ? "character" : "word"},
                   {"error_rate", attempt.score.errorRate}});
  if (detail == Detail::Full) json["differences"] = describeDifferences(attempt.score);
  json.update(Json{{"similarity", attempt.similarity},
                   {"rate_ratio", attempt.rateRatio > 0 ? Json(attempt.rateRatio) : Json()}});
  Json failures = Json::array();
  for (const std::string& failure : attempt.failures)
    failures.push_back(detail == Detail::Full ? failure : reasonOf(failure));
  json["failures"] = std::move(failures);
  Json kinds = Json::array();
  for (const CheckFailure kind : attempt.failureKinds) kinds.push_back(checkFailureName(kind));
  json["failure_kinds"] = std::move(kinds);
  return json;
}

Json checkJson(const SegmentCheck& check, Detail detail) {
  Json json{{"passed", check.passed()}, {"kept_try", check.kept}};
  if (detail == Detail::WithoutTries) {
    json["try_count"] = check.tries.size();
  } else {
    Json tries = Json::array();
    for (const SegmentTry& attempt : check.tries) tries.push_back(tryJson(attempt, detail));
    json["tries"] = std::move(tries);
  }
  return json;
}

std::string figuresJson(const CheckedSynthesis& checked, Detail detail) {
  Json segments = Json::array();
  for (const SegmentCheck& check : checked.checks) segments.push_back(checkJson(check, detail));
  Json json{{"segments", std::move(segments)},
            {"still_failing", checked.stillFailing()},
            {"check_seconds", checked.checkSeconds},
            {"retake_seconds", checked.retakeSeconds}};
  if (detail == Detail::WithoutTexts) json["left_out"] = Json::array({"heard", "differences"});
  if (detail == Detail::WithoutTries) json["left_out"] = Json::array({"tries"});
  return json.dump(-1, ' ', true, Json::error_handler_t::replace);
}

}  // namespace

std::string segmentCheckJson(const SegmentCheck& check) {
  return checkJson(check, Detail::Full).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string checkFiguresJson(const CheckedSynthesis& checked, std::size_t maxBytes) {
  std::string json;
  for (const Detail detail : {Detail::Full, Detail::WithoutTexts, Detail::WithoutTries}) {
    json = figuresJson(checked, detail);
    if (json.size() <= maxBytes) break;
  }
  return json;
}

}  // namespace cosystudio
