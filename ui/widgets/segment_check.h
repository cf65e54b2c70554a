// What listening back found of a take's segments (TakeCheck, job.h), for the
// window: from the engine's SegmentCheck, to and from a take's sidecar, and
// in words and marks for the segments list.
#pragma once

#include "job.h"

#include <QIcon>
#include <QJsonObject>

#include <optional>

namespace cosystudio::ui {

// The engine's check as plain values, the differences in words (describeDifferences).
TakeCheck takeCheck(const SegmentCheck& check);

// As a sidecar keeps it, spelt as `cosystudio-cli synth --check --json` spells a
// segment's check (cosystudio/check_json.h), seeds as decimal strings:
//   {"passed": false, "kept_try": 0, "tries": [{"seed": "7", "passed": false,
//    "heard": "…", "heard_language": "en", "unit": "word", "error_rate": 0.4,
//    "differences": "…", "similarity": 0.7, "rate_ratio": 1.1 | null, "failures": ["…"],
//    "failure_kinds": ["other_words", …]}]}
QJsonObject checkJson(const TakeCheck& check);
// Nothing when `json` is not such an object (no tries, a kept try out of range).
std::optional<TakeCheck> checkFromJson(const QJsonValue& json);

// The thresholds a job listened with, and back ({"max_error_rate", "min_similarity", "max_rate_ratio", "retakes"}).
QJsonObject listeningJson(const JobListening& listening);
JobListening listeningFromJson(const QJsonObject& json);

// The kept try's figures on one line: "words 12 % · speaker 0.82 · rate 1.10×".
QString checkFigures(const HeardTry& attempt);
// Why a try failed, one reason a line, in the user's language: the words it
// heard with the difference, the speaker, the rate. Empty when it passed.
QStringList failureReasons(const HeardTry& attempt);
// A segment's tooltip: passed or not, why, what was heard, and every try.
QString checkTip(const TakeCheck& check);
// A take's summary: "All 4 segments pass the check", "Lines 3, 7 still fail the check".
QString takeCheckSummary(const Take& take);

// The mark drawn beside a checked segment (a green tick, a red cross).
QIcon checkMark(bool passed);

}  // namespace cosystudio::ui
