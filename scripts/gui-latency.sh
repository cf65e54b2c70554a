#!/usr/bin/env bash
# The window's event-loop latency on the full-size random-weight model folder
# (tests/ui/gui_latency_test.cpp): loading 3.4 GB, generating, saving the take,
# exporting a two-minute take with mastering and resetting the engine, with the
# longest stall of each phase. CI runs the same test on the tiny model. The
# test holds the window thread's CPU time per turn; the stalls are wall-clock
# time, which other work on the cores lengthens: measure them on a quiet machine.
# Usage: scripts/gui-latency.sh [BUILD_DIR] [MODEL_FOLDER]   (the folder is written first when missing)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
FOLDER="${2:-/tmp/cosystudio-full-random}"

if [[ ! -f "$FOLDER/flow.pt" ]]; then
  "$BUILD/bin/cosystudio-cli" bench --model "$FOLDER" --write-random "$ROOT/tests/fixtures" \
    --runs 1 --warmup 0 --text "Hi." --json > /dev/null
fi

test_binary="$(find "$BUILD" -name gui_latency_test -type f -perm -u+x | head -n 1)"
env -u OMP_NUM_THREADS QT_QPA_PLATFORM=offscreen PULSE_SERVER=unix:/nonexistent \
  COSYSTUDIO_FIXTURES_DIR="$ROOT/tests/fixtures" COSYSTUDIO_LATENCY_MODEL="$FOLDER" \
  QTEST_FUNCTION_TIMEOUT=3600000 "$test_binary"
