"""Checks the book in one file that `cosystudio-cli book … --joined --json`
wrote, as opusinfo (opus-tools, another program) reads it: one chapter mark
per chapter, named after it, where its audio starts (each chapter's length
from book.json, 2 s of silence between chapters), and the whole length."""
import json
import os
import re
import subprocess
import sys

GAP_SECONDS = 2.0

report = json.load(open(sys.argv[1], encoding="utf-8"))
joined = report["joined"]
assert joined and joined["file"] == "book.opus", report
chapters = report["chapters"]
starts, at = [], 0.0
for chapter in chapters:
    starts.append(at)
    at += chapter["seconds"] + GAP_SECONDS
total = at - GAP_SECONDS

info = subprocess.run(["opusinfo", os.path.join(report["out"], joined["file"])], check=True,
                      capture_output=True, text=True).stdout
comments = dict(re.findall(r"^\t([A-Z0-9]+)=(.*)$", info, re.M))
assert comments["TITLE"] == report["book"], comments
for number, (chapter, start) in enumerate(zip(chapters, starts), 1):
    assert comments[f"CHAPTER{number:03d}NAME"] == chapter["title"], (number, comments)
    h, m, s = comments[f"CHAPTER{number:03d}"].split(":")
    marked = int(h) * 3600 + int(m) * 60 + float(s)
    assert abs(marked - start) < 0.0015, (number, marked, start)  # the mark is rounded to the millisecond
assert f"CHAPTER{len(chapters) + 1:03d}" not in comments, comments
minutes, seconds = re.search(r"Playback length: (\d+)m:([\d.]+)s", info).groups()
assert abs(int(minutes) * 60 + float(seconds) - total) < 0.002, (info, total)
print(f"joined book ok: {len(chapters)} chapter marks, {total:.2f} s")
