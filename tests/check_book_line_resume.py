"""A book chapter stopped halfway resumes at the paragraph it stopped in.

Renders a one-chapter book of many short paragraphs three times with the same
seed: once whole into one folder; once into another, stopped with SIGINT (as
Ctrl-C) as soon as its first paragraph is kept; and once more there, which
must report the paragraphs kept from the stopped run, make the rest, and write
exactly the file the uninterrupted run wrote.

Usage: check_book_line_resume.py CLI MODEL VOICE WORK_DIR"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

cli, model, voice, work = sys.argv[1:5]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
paragraphs = 16
book = os.path.join(work, "book.md")
with open(book, "w", encoding="utf-8") as f:
    f.write("# 第一章\n\n")
    for i in range(paragraphs):
        f.write(f"这是第{i + 1}段，今天天气很好。\n\n")


def render(out, *extra):
    return [cli, "book", book, "--model", model, "--voice", voice, "--out", out, *extra]


whole = os.path.join(work, "whole")
subprocess.run(render(whole, "--seed", "7", "--json"), check=True, stdout=subprocess.DEVNULL)

stopped = os.path.join(work, "stopped")
first_line = os.path.join(stopped, ".lines", "1", "0001.json")
run = subprocess.Popen(render(stopped, "--seed", "7"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
deadline = time.monotonic() + 300
while not os.path.exists(first_line) and run.poll() is None and time.monotonic() < deadline:
    time.sleep(0.002)
assert run.poll() is None, f"the run ended (status {run.returncode}) before a paragraph was kept"
run.send_signal(signal.SIGINT)
_, stderr = run.communicate(timeout=120)
assert run.returncode != 0, f"the stopped run said it succeeded: {stderr!r}"
kept = sorted(name for name in os.listdir(os.path.dirname(first_line)) if name.endswith(".json"))
assert 1 <= len(kept) < paragraphs, kept
manifest = os.path.join(stopped, "book.json")
if os.path.exists(manifest):
    assert not json.load(open(manifest, encoding="utf-8"))["chapters"], "the stopped chapter was recorded as made"

resumed = subprocess.run(render(stopped, "--json"), check=True, stdout=subprocess.PIPE)
report = json.loads(resumed.stdout)
chapter = report["chapters"][0]
assert chapter["state"] == "made", report
assert chapter["kept_paragraphs"] == len(kept), (report, kept)
made = open(os.path.join(stopped, chapter["file"]), "rb").read()
expected = open(os.path.join(whole, chapter["file"]), "rb").read()
assert made == expected, "the resumed chapter differs from the uninterrupted one"
assert not os.path.exists(os.path.join(stopped, ".lines")), "the kept paragraphs outlived the chapter's file"
print(f"resumed after {len(kept)} of {paragraphs} paragraphs; the chapter equals the uninterrupted one")
