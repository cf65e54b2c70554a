"""Fails unless `cosystudio-cli synth --json` did what was asked and its figures
hang together. Usage: check_synth_report.py REPORT [--stream] [--loudness LUFS] [--rate HZ]"""
import argparse
import json
import math

parser = argparse.ArgumentParser()
parser.add_argument("report")
parser.add_argument("--stream", action="store_true")
parser.add_argument("--loudness", type=float)
parser.add_argument("--rate", type=int, default=24000)
args = parser.parse_args()
report = json.load(open(args.report))
errors = []


def require(condition, message):
    if not condition:
        errors.append(message)


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-6)


segments = report["segments"]
require(len(segments) >= 1, "no segment")
for i, segment in enumerate(segments):
    require(segment["tokens"] >= 1, f"segment {i + 1} has no speech tokens")
    # The flow makes 2 mel frames per token and HiFT 480 samples per frame at 24 kHz: 40 ms per token.
    require(close(segment["seconds"], segment["tokens"] * 0.04), f"segment {i + 1} is not 40 ms per token")
if len(segments) == 1:
    require(close(report["audio_seconds"], segments[0]["seconds"]), "the audio is not its segment")
require(report["sample_rate"] == args.rate, f"written at {report['sample_rate']} Hz, not {args.rate}")
require(close(report["real_time_factor"], report["synthesis_seconds"] / report["audio_seconds"]),
        "real-time factor is not synthesis time / audio time")
require(0 < report["first_audio_seconds"] <= report["synthesis_seconds"], "first audio out of range")
if args.stream:
    require(report["stream"] is True and report["chunks"] >= 1, "not streamed")
if args.loudness is not None:
    # Reached within EBU R128's 0.5 LU, or held back by exactly what is missing.
    reached = report["loudness_lufs"] + report["held_back_db"]
    require(abs(reached - args.loudness) <= 0.5, f"loudness {report['loudness_lufs']} LUFS for {args.loudness}")
    require(report["peak_limited"] == (report["held_back_db"] > 0), "peak_limited and held_back_db disagree")

if errors:
    raise SystemExit("synth report: " + "; ".join(errors) + "\n" + json.dumps(report, indent=2))
