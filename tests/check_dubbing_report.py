"""Checks `cosystudio-cli synth --srt CUES --json`: every cue of CUES reported
at its time, a cue too long for its slot made again faster (within
--max-speed) or reported, and the WAV holding each cue's speech from its start
sample, silence everywhere else, to the last cue's end or the last speech's.

Usage: check_dubbing_report.py REPORT CUES.srt MAX_SPEED SILENT CUT RUNS_ON
with the numbers of the cue that is silent (no words), the one whose slot no
speech fits (cut at the next cue) and the last one, whose slot is as short
(runs on past its end). Whether another cue fits at once or is made faster
depends on the lengths the tiny model's random weights give, which differ
between builds (OpenBLAS and MKL round differently): those are checked by
the rules alone."""
import array
import json
import re
import sys
import wave

report = json.load(open(sys.argv[1], encoding="utf-8"))
srt = open(sys.argv[2], encoding="utf-8").read()
max_speed = float(sys.argv[3])
silent, cut, runs_on = (int(n) for n in sys.argv[4:7])



def ms(hours, minutes, seconds, milliseconds):
    return ((int(hours) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + int(milliseconds)


times = [(ms(*found[:4]), ms(*found[4:]))
         for found in re.findall(r"(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})", srt)]
cues = report["cues"]
assert [(c["start_ms"], c["end_ms"]) for c in cues] == times, (cues, times)
assert [c["index"] for c in cues] == list(range(1, len(times) + 1)), cues

# The engine's own warnings (a segment at its token cap) may come too.
warnings = [w for w in report["warnings"] if " ms too long " in w]
for cue in cues:
    n = cue["index"]
    if n == silent:
        assert cue["attempts"] == 0 and cue["audio_ms"] == 0 and cue["fits"], cue
    elif cue["fits"]:
        # At once at speed 1, or made again faster within --max-speed.
        assert (cue["attempts"] == 1 and cue["speed"] == 1.0) or \
            (cue["attempts"] > 1 and 1.0 < cue["speed"] <= max_speed), cue
        assert cue["start_ms"] + cue["audio_ms"] <= cue["end_ms"], cue
        assert n not in (cut, runs_on), cue
    else:
        assert cue["speed"] == max_speed and n in (cut, runs_on), cue
        overrun = cue["start_ms"] + cue["audio_ms"] - cue["end_ms"]
        ending = "cut with a fade where the next cue begins" if n == cut else "runs on past its end"
        warning = f"cue {n} is {overrun} ms too long even at speed {max_speed:.2f}: "
        assert any(w.startswith(warning) and w.endswith(ending) for w in warnings), (warning, warnings)
assert len(warnings) == 2, warnings

with wave.open(report["output"]) as track:
    rate = track.getframerate()
    samples = array.array("h", track.readframes(track.getnframes()))
assert rate == 24000 == report["sample_rate"], rate
# audio_ms is rounded to the millisecond: half a millisecond is 12 samples.
HALF_MS = 12
last = cues[-1]
assert abs(len(samples) - max(last["end_ms"], last["start_ms"] + last["audio_ms"]) * 24) <= HALF_MS, len(samples)
assert abs(len(samples) / rate - report["audio_seconds"]) < 1e-9, report["audio_seconds"]
# Where each cue's speech lies: from its start, to its end or the next cue's start.
spoken = []
for cue, following in zip(cues, cues[1:] + [None]):
    end = (cue["start_ms"] + cue["audio_ms"]) * 24 + HALF_MS
    spoken.append((cue["start_ms"] * 24, min(end, following["start_ms"] * 24) if following else end))
silence_from = 0
for begin, end in spoken:
    assert not any(samples[silence_from:begin]), ("sound before", begin)
    silence_from = max(silence_from, end)
assert not any(samples[silence_from:]), "sound after the last cue"
assert any(samples[spoken[0][0]:spoken[0][1]]), "the first cue is silent"
vtt = open(report["subtitles"], encoding="utf-8").read()
written = [ms(*found) for found in re.findall(r"(\d\d):(\d\d):(\d\d)\.(\d{3}) -->", vtt)]
assert written == [c["start_ms"] for c in cues if c["audio_ms"]], (written, cues)
print("dubbing report ok:", len(cues), "cues")
