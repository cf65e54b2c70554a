"""Fails unless the WebVTT that `cosystudio-cli synth --subtitles vtt --word-timings
--subtitle-chars N` wrote for one segment is right for what the recogniser could do.
Usage: check_word_subtitles.py REPORT STDERR VTT --text TEXT --chars N

The tiny random-weight model speaks for a length that differs between libtorch
builds, so either outcome is checked: a clip too short to align keeps one whole
cue, named in a warning; a clip long enough is split into cues of at most N
characters, back to back from 0 to the end of the audio, each word's time
inside its cue and never going back."""
import argparse
import json
import re
import sys

parser = argparse.ArgumentParser()
parser.add_argument("report")
parser.add_argument("stderr")
parser.add_argument("vtt")
parser.add_argument("--text", required=True)
parser.add_argument("--chars", type=int, required=True)
args = parser.parse_args()

audio_seconds = json.load(open(args.report))["audio_seconds"]
warnings = open(args.stderr, encoding="utf-8").read()
vtt = open(args.vtt, encoding="utf-8").read()
errors = []


def require(condition, message):
    if not condition:
        errors.append(message)


def seconds(stamp):
    hours, minutes, rest = stamp.split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(rest)


STAMP = r"(\d\d:\d\d:\d\d\.\d\d\d)"
require(vtt.startswith("WEBVTT\n\n"), "no WEBVTT header")
cues = re.findall(STAMP + " --> " + STAMP + r"\n(.+)\n", vtt)
require(cues, "no cue")
plain = [re.sub("<" + STAMP + ">", "", payload) for _, _, payload in cues]
require("".join(plain).replace(" ", "") == args.text.replace(" ", ""), f"the cues do not make up the text: {plain}")

fallback = re.search(r"warning: segment 1 keeps a whole cue: segment 1 is too short for the text: its \d+ pieces "
                     r"need \d+ frames of 60 ms, the clip has \d+\n", warnings)
if fallback:
    require(len(cues) == 1 and "<" not in cues[0][2], f"a segment too short to align must keep one whole cue: {cues}")
else:
    require("warning" not in warnings, f"an unexpected warning: {warnings}")
    require(len(cues) >= 2, f"{args.text!r} was not split at {args.chars} characters")
    require(seconds(cues[0][0]) == 0, "the first cue does not start at 0")
    require(abs(seconds(cues[-1][1]) - audio_seconds) < 0.0015, f"the last cue does not end with the audio ({audio_seconds} s)")
    for i, (start, end, payload) in enumerate(cues):
        require(len(plain[i]) <= args.chars, f"cue {i + 1} is longer than {args.chars} characters: {plain[i]!r}")
        if i:
            require(start == cues[i - 1][1], f"cue {i + 1} does not start where cue {i} ends")
        times = [seconds(start)] + [seconds(t) for t in re.findall("<" + STAMP + ">", payload)] + [seconds(end)]
        require(len(times) > 2, f"cue {i + 1} times no word: {payload!r}")
        require(times == sorted(times), f"cue {i + 1}'s word times go back or leave the cue: {payload!r}")

if errors:
    print("\n".join(errors), file=sys.stderr)
    print(vtt, file=sys.stderr)
    sys.exit(1)
print("word subtitles: " + ("one whole cue, warned" if fallback else f"{len(cues)} cues, every word timed"))
