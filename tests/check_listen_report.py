"""Fails unless `cosystudio-cli synth --check --json` listened as asked.
Usage: check_listen_report.py REPORT --expect pass|fail [--retakes N]

pass: every segment passed at its first try and none was made again.
fail: every segment failed every try, was made again exactly N times with N
distinct new seeds, and kept its best try (the lowest error rate, then the
highest similarity); the report lists it as still failing."""
import argparse
import json

parser = argparse.ArgumentParser()
parser.add_argument("report")
parser.add_argument("--expect", choices=["pass", "fail"], required=True)
parser.add_argument("--retakes", type=int, default=0)
args = parser.parse_args()
report = json.load(open(args.report))
errors = []


def require(condition, message):
    if not condition:
        errors.append(message)


segments = report["segments"]
require(len(segments) >= 1, "no segment")
require(report["check_seconds"] > 0, "no time spent listening")
failing = []
for i, segment in enumerate(segments):
    check = segment.get("check")
    if check is None:
        errors.append(f"segment {i + 1} was not checked")
        continue
    tries = check["tries"]
    for attempt in tries:
        require(0 <= attempt["error_rate"], f"segment {i + 1}: negative error rate")
        require(-1.0001 <= attempt["similarity"] <= 1.0001, f"segment {i + 1}: similarity out of range")
        require(attempt["passed"] == (not attempt["failures"]), f"segment {i + 1}: passed disagrees with failures")
        kinds = attempt["failure_kinds"]
        require(len(kinds) == len(attempt["failures"]) and len(set(kinds)) == len(kinds)
                and set(kinds) <= {"no_speech", "other_words", "other_speaker", "rushes", "drags"},
                f"segment {i + 1}: failure kinds {kinds} do not name its failures")
    if args.expect == "pass":
        require(len(tries) == 1, f"segment {i + 1} passed but was made {len(tries)} times")
        require(check["passed"] and check["kept_try"] == 0, f"segment {i + 1} did not pass")
    else:
        failing.append(i)
        require(len(tries) == args.retakes + 1, f"segment {i + 1}: {len(tries)} tries, expected {args.retakes + 1}")
        require(len({t["seed"] for t in tries}) == len(tries), f"segment {i + 1}: a seed was tried twice")
        require(not any(t["passed"] for t in tries), f"segment {i + 1}: a try passed")
        best = min(range(len(tries)), key=lambda k: (tries[k]["error_rate"], -tries[k]["similarity"], k))
        require(check["kept_try"] == best, f"segment {i + 1}: kept try {check['kept_try']}, the best is {best}")
require(report["still_failing"] == failing, f"still failing {report['still_failing']}, expected {failing}")
require((report["retake_seconds"] > 0) == (args.expect == "fail" and args.retakes > 0), "retake time disagrees")

if errors:
    raise SystemExit("\n".join(errors))
print("listen report ok:", len(segments), "segments")
