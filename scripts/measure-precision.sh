#!/usr/bin/env bash
# Measures what bf16, fp16 or int8 in the LLM and the flow costs against the fp32
# goldens: runs cosystudio-parity on every network set and e2e case with
# --precision and prints the worst figure of each kind, the numbers the
# README's reduced-precision table is set from. int8 as an AVX2 CPU runs it,
# on any CPU: FBGEMM_ENABLE_INSTRUCTIONS=AVX2 scripts/measure-precision.sh ...
#
# Usage: scripts/measure-precision.sh BUILD_DIR bf16|fp16|int8 [cpu|cuda[:N]] [FIXTURE_ROOT]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -ge 2 ]] || { echo "usage: $0 BUILD_DIR bf16|fp16|int8 [cpu|cuda[:N]] [FIXTURE_ROOT]" >&2; exit 2; }
parity="$1/bin/cosystudio-parity"
precision="$2"
device="${3:-cpu}"
fixtures="${4:-$ROOT/tests/fixtures}"

runs=()
for component in llm flow; do runs+=("$component $fixtures/core/public"); done
for case in "$fixtures"/e2e/golden/*/*/; do runs+=("pipeline ${case%/}"); done

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
for run in "${runs[@]}"; do
  read -r component set <<<"$run"
  # A failed check is a figure too: the worst of each kind is what is wanted.
  "$parity" --device "$device" --precision "$precision" "$component" "$set" >>"$log" 2>&1 || true
done
head -2 "$log"
grep -m1 '^int8 products' "$log" || true
# Report lines: name, figure, mean, tolerance..., verdict. The tolerance's
# unit names the kind of figure.
awk '
  / range (PASS|FAIL)/ { if ($2 > range) { range = $2; rangeAt = $1 } }
  / nats (PASS|FAIL)/  { if ($2 > nats) { nats = $2; natsAt = $1 } }
  / dB (PASS|FAIL)/    { if (!seenDb || $2 < db) { db = $2; dbAt = $1; seenDb = 1 } }
  / equal (PASS|FAIL)/ { if (!seenEq || $2 < eq) { eq = $2; eqAt = $1; seenEq = 1 } }
  /^cosystudio-parity .*: / { print "error: " $0 }
  END {
    printf "worst log-prob error      %.4g nats (%s)\n", nats, natsAt
    printf "lowest token agreement    %.4g (%s)\n", eq, eqAt
    printf "worst error of the range  %.4g (%s)\n", range, rangeAt
    printf "lowest waveform SNR       %.4g dB (%s)\n", db, dbAt
  }' "$log"
