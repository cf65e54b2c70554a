"""Checks `cosystudio-cli synth --script … --subtitles srt --json`: every line
spoken in order by its speaker with its own seed, a pause where the speaker
changes, and one cue per segment at the segment's place in the audio."""
import json
import re
import sys

report = json.load(open(sys.argv[1], encoding="utf-8"))
speakers = sys.argv[2].split(",")
pause = float(sys.argv[3])

segments = report["segments"]
assert [s["speaker"] for s in segments] == speakers, segments
assert [s["line"] for s in segments] == list(range(1, len(speakers) + 1)), segments
rate = report["sample_rate"]
for previous, segment in zip(segments, segments[1:]):
    end = previous["start_seconds"] + previous["seconds"]
    gap = segment["start_seconds"] - end
    # Each seam overlaps by the 10 ms crossfade; a change of speaker adds the pause (and its own seam).
    expected = pause - 0.02 if segment["speaker"] != previous["speaker"] else -0.01
    assert abs(gap - expected) < 1.5 / rate, (previous, segment, gap, expected)

cues = open(report["subtitles"], encoding="utf-8").read().strip().split("\n\n")
assert len(cues) == len(segments), cues
for cue, segment in zip(cues, segments):
    number, times, text = cue.split("\n", 2)
    start = re.match(r"(\d\d):(\d\d):(\d\d),(\d\d\d) -->", times).groups()
    seconds = int(start[0]) * 3600 + int(start[1]) * 60 + int(start[2]) + int(start[3]) / 1000
    assert abs(seconds - segment["start_seconds"]) <= 0.0005, (cue, segment)
    assert text == segment["user_text"], (cue, segment)
print("script report ok:", len(segments), "segments")
