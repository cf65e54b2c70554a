#!/usr/bin/env bash
# CPU builds side by side: one zero-shot synthesis per process, cold as a user
# runs it (`cosystudio-cli synth --stream --json` under /usr/bin/time -v), the
# builds in alternating order round after round, each in its own default
# precision, full-size random weights. Prints medians and ranges as Markdown.
#
# Usage: scripts/bench-cpu.sh [ROUNDS] [LABEL=CLI...]
#   ROUNDS  default 3
#   LABEL=CLI  a build's cosystudio-cli (or a program that runs one, e.g. in a
#           chroot); default: debian-1.13=build/bin/cosystudio-cli and
#           pypi-cpu-2.11=build-cpu/bin/cosystudio-cli. A LABEL ending in
#           @PRECISION runs that precision instead of the build's default.
# MODEL (default /tmp/cosystudio-full-random, written first when missing: 3.4 GB),
# THREADS (default: one per physical core, as the program chooses), BENCH_OUT
# (default /tmp/cosystudio-bench-cpu: every run's JSON, time -v and log).
#
# The random-weight LM never draws its stop token, so every build makes the
# same 20 tokens per text token (120 for the text below: 4.8 s of audio).
# Run it on a quiet machine: docs/PERFORMANCE.md says how it was run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${1:-3}"
shift || true
builds=("$@")
((${#builds[@]})) || builds=("debian-1.13=$ROOT/build/bin/cosystudio-cli" "pypi-cpu-2.11=$ROOT/build-cpu/bin/cosystudio-cli")
MODEL="${MODEL:-/tmp/cosystudio-full-random}"
OUT="${BENCH_OUT:-/tmp/cosystudio-bench-cpu}"
PROMPT="$ROOT/tests/fixtures/e2e/prompts/prompt-a.wav"
PROMPT_TEXT="希望你以后能够做的比我还好呦。"
TEXT="Hello there, my friend."
mkdir -p "$OUT"

if [[ ! -f "$MODEL/flow.pt" ]]; then
  "${builds[0]#*=}" bench --model "$MODEL" --write-random "$ROOT/tests/fixtures" \
    --runs 1 --warmup 0 --text "Hi." --json >/dev/null
fi

threads=()
[[ -n "${THREADS:-}" ]] && threads=(--threads "$THREADS")
for build in "${builds[@]}"; do
  # What each build is: its libtorch and its CPU precision.
  env -u OMP_NUM_THREADS "${build#*=}" --version >"$OUT/${build%%=*}.version"
done
# --precision P for a LABEL@P, nothing for a build's default.
precision_of() {
  local label="${1%%=*}"
  [[ "$label" == *@* ]] && echo "--precision ${label##*@}"
  return 0
}
for ((round = 1; round <= ROUNDS; round++)); do
  order=("${builds[@]}")
  # Every other round backwards, so no build always runs first.
  if ((round % 2 == 0)); then
    order=()
    for ((i = ${#builds[@]} - 1; i >= 0; i--)); do order+=("${builds[i]}"); done
  fi
  for build in "${order[@]}"; do
    name="${build%%=*}-r$round"
    echo "bench-cpu: round $round: ${build%%=*}" >&2
    env -u OMP_NUM_THREADS /usr/bin/time -v -o "$OUT/$name.time" "${build#*=}" synth --model "$MODEL" \
      "${threads[@]}" $(precision_of "$build") --seed 1986 --stream --json --prompt "$PROMPT" --prompt-text "$PROMPT_TEXT" --text "$TEXT" \
      --out "$OUT/$name.wav" >"$OUT/$name.json" 2>"$OUT/$name.log"
  done
done

python3 - "$OUT" "$ROUNDS" "${builds[@]%%=*}" <<'PY'
import json, re, statistics, sys
out, rounds, labels = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def peak_mib(path):
    return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(path).read()).group(1)) / 1024
def cell(values, digits):
    m = statistics.median(values)
    return f"{m:.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"
print(f"| build | libtorch | CPU precision | synthesis s | first audio s | real-time factor | load s | audio s | peak RSS MiB |")
print("|---|---|---|---|---|---|---|---|---|")
for label in labels:
    version = open(f"{out}/{label}.version").read()
    torch = re.search(r"^libtorch (.*)$", version, re.M).group(1)
    precision = label.split("@")[1] if "@" in label else re.search(r"^CPU precision: (\S+)", version, re.M).group(1)
    runs = [json.load(open(f"{out}/{label}-r{r}.json")) for r in range(1, rounds + 1)]
    rss = [peak_mib(f"{out}/{label}-r{r}.time") for r in range(1, rounds + 1)]
    col = lambda key, d: cell([r[key] for r in runs], d)
    print(f"| {label} | {torch} | {precision} | {col('synthesis_seconds', 2)} | {col('first_audio_seconds', 2)} | "
          f"{col('real_time_factor', 2)} | {col('load_seconds', 2)} | {col('audio_seconds', 2)} | {cell(rss, 0)} |")
print(f"\nMedian (range) of {rounds} rounds, alternating order.")
PY
