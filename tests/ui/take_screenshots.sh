#!/usr/bin/env bash
# Renders the README screenshots into docs/screenshots/ under a virtual X server
# (the transcript's, transcript-*-<language>.png, beside them in each language).
# Usage: tests/ui/take_screenshots.sh [build-dir]
#        LANGUAGE=zh_CN tests/ui/take_screenshots.sh [build-dir]   # Chinese UI, into docs/screenshots/zh_CN/
#        SCREEN=1920x1080 tests/ui/take_screenshots.sh [build-dir] # another screen, into docs/screenshots/1920x1080/
# The README's pictures are the 1280×720 ones (the default).
# Needs Xvfb and a font with Chinese glyphs (e.g. the fonts-wqy-microhei package).
set -euo pipefail
fc-list :lang=zh | grep -q . || echo "take_screenshots: no Chinese font installed; Chinese text will show as boxes" >&2
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${1:-$ROOT/build}"
SCREEN="${SCREEN:-1280x720}"
OUT="$ROOT/docs/screenshots"
[[ "$SCREEN" == 1280x720 ]] || OUT="$OUT/$SCREEN"
# The clip panel's transcript heard by the recogniser (the tiny one of the
# fixtures, whose words are random), then compared with a typed one.
xvfb-run -a -s "-screen 0 ${SCREEN}x24" \
  "$BUILD/bin/cosystudio-transcript-screenshots" "$OUT" \
  "$ROOT/tests/fixtures/sensevoice/model" "$ROOT/tests/fixtures/e2e/prompts/prompt-a.wav"
exec xvfb-run -a -s "-screen 0 ${SCREEN}x24" \
  "$BUILD/bin/cosystudio-screenshots" "$OUT" \
  "$ROOT/tests/fixtures/e2e/tiny-model-a" "$ROOT/tests/fixtures/e2e/prompts/prompt-a.wav" \
  "$ROOT/tests/fixtures/books/small-book.md" "$ROOT/tests/fixtures/sensevoice/model"
