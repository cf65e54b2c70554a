// What listening back found (checked_synthesis.h) as JSON: one spelling for
// `synth --check --json`'s "check" objects and the speech server's
// X-CosyStudio-Check response header. Torch-free and Qt-free.
//
// A segment's check:
//   {"passed": false, "kept_try": 1,
//    "tries": [{"seed": 7, "passed": false, "heard": "…", "heard_language": "zh", "unit": "character",
//               "error_rate": 0.4, "differences": "heard … for …", "similarity": 0.71,
//               "rate_ratio": 1.1 (null where the voice's rate is unknown), "failures": ["it says other words …"]},
//              …]}
#pragma once

#include "cosystudio/checked_synthesis.h"

#include <cstddef>
#include <string>

namespace cosystudio {

// One segment's check as a JSON object's text (UTF-8).
std::string segmentCheckJson(const SegmentCheck& check);

// A whole checked synthesis on one line of ASCII (other characters as \u
// escapes), for an HTTP header:
//   {"segments": [segmentCheckJson, …], "still_failing": [0-based segments],
//    "check_seconds": x, "retake_seconds": y}
// At most `maxBytes` where it can be: figures longer than that leave out each
// try's texts ("heard", "heard_language", "differences", and the failures
// after their reason, e.g. "it says other words (character error rate 40 %)"),
// then, if still too long, the tries themselves (each segment keeps "passed",
// "kept_try" and "try_count"); "left_out" then names what is missing
// (["heard", "differences"] or ["tries"]).
std::string checkFiguresJson(const CheckedSynthesis& checked, std::size_t maxBytes);

}  // namespace cosystudio
