"""Checks two runs of `cosystudio-cli book … --json` into one folder: the first
made only chapter 2 with seed 4, the second (given no seed) the other two with
the book's seed, keeping chapter 2's files as they were; every chapter has its audio and subtitles, named NN-title."""
import json
import os
import sys

first = json.load(open(sys.argv[1], encoding="utf-8"))
second = json.load(open(sys.argv[2], encoding="utf-8"))
folder = second["out"]

assert first["made"] == 1, first
assert [c["state"] for c in first["chapters"]] == ["not chosen", "made", "not chosen"], first
assert second["made"] == 2, second
assert [c["state"] for c in second["chapters"]] == ["made", "kept", "made"], second
assert second["chapters"][1]["file"] == first["chapters"][1]["file"], (first, second)
assert [c["file"] for c in second["chapters"]] == ["01-第一章-开始.wav", "02-第二章-Chapter-Two.wav",
                                                    "03-第三章-结束.wav"], second
for chapter in second["chapters"]:
    assert os.path.getsize(os.path.join(folder, chapter["file"])) > 44, chapter
    cues = open(os.path.join(folder, chapter["subtitles"]), encoding="utf-8").read()
    assert cues.startswith("1\n00:00:00,000 --> "), cues
    assert chapter["title"] in cues, (chapter, cues)  # a chapter is read with its heading
manifest = json.load(open(os.path.join(folder, "book.json"), encoding="utf-8"))
assert [c["number"] for c in sorted(manifest["chapters"], key=lambda c: c["number"])] == [1, 2, 3], manifest
# The second run was given no seed: it took the book's, or it would have made chapter 2 again.
assert manifest["seed"] == 4 and all(c["seed"] == 4 for c in manifest["chapters"]), manifest
print("book report ok")
