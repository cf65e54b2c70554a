"""Fails unless `cosystudio-cli synth --json` did what was asked and its figures
hang together. Usage: check_synth_report.py REPORT [--stream] [--loudness LUFS] [--rate HZ] [--subtitles TEXT]

With --subtitles, the SRT the report names must hold one cue per segment, timed
from the segments' sample counts as the CLI joins them (10 ms crossfades) at the
output rate, whose texts make up TEXT."""
import argparse
import json
import math
import re

parser = argparse.ArgumentParser()
parser.add_argument("report")
parser.add_argument("--stream", action="store_true")
parser.add_argument("--loudness", type=float)
parser.add_argument("--rate", type=int, default=24000)
parser.add_argument("--subtitles", metavar="TEXT")
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
if args.subtitles is not None:
    model_rate = 24000
    fade = model_rate // 100
    spans, joined = [], 0
    for segment in segments:
        size = round(segment["seconds"] * model_rate)
        begin = joined - min(fade, joined, size)
        joined = begin + size
        spans.append((begin, joined))

    def ms(offset):
        at_rate = (offset * args.rate + model_rate // 2) // model_rate
        return (at_rate * 1000 + args.rate // 2) // args.rate

    expected = [(ms(begin), ms(min(end, spans[i + 1][0]) if i + 1 < len(spans) else end))
                for i, (begin, end) in enumerate(spans)]
    srt = open(report["subtitles"], encoding="utf-8").read()
    cues = re.findall(r"^\d+\n(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})\n(.*?)\n\n", srt,
                      re.M | re.S)

    def cue_ms(h, m, s, f):
        return ((int(h) * 60 + int(m)) * 60 + int(s)) * 1000 + int(f)

    times = [(cue_ms(*cue[0:4]), cue_ms(*cue[4:8])) for cue in cues]
    require(times == expected, f"cue times {times}, not {expected} from the segments")
    require("".join(cue[8] for cue in cues) == args.subtitles, f"the cues do not read {args.subtitles!r}")
    require([cue[8] for cue in cues] == [segment["user_text"] for segment in segments],
            "the cues are not the segments' texts as written")

if errors:
    raise SystemExit("synth report: " + "; ".join(errors) + "\n" + json.dumps(report, indent=2))
