#!/usr/bin/env bash
# CPU synthesis of both builds side by side, in one run: Debian's libtorch 1.13
# on OpenBLAS (build/) and PyPI's libtorch 2.11 on its own MKL (build-cuda/),
# each on 1 and 2 threads, full-size random weights, `cosystudio-cli bench`.
# Usage: scripts/bench-cpu.sh [MODEL_FOLDER]   (written first when missing, 3.4 GB)
# Prints a Markdown table; the JSON of every run goes to $BENCH_OUT (default /tmp/cosystudio-bench-cpu).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FOLDER="${1:-/tmp/cosystudio-full-random}"
OUT="${BENCH_OUT:-/tmp/cosystudio-bench-cpu}"
TEXT="The quick brown fox jumps over the lazy dog."
mkdir -p "$OUT"

if [[ ! -f "$FOLDER/flow.pt" ]]; then
  "$ROOT/build/bin/cosystudio-cli" bench --model "$FOLDER" --write-random "$ROOT/tests/fixtures" \
    --runs 1 --warmup 0 --text "Hi." --json > /dev/null
fi

runs=()
for threads in 1 2; do
  for build in build build-cuda; do
    name="$build-t$threads"
    env -u OMP_NUM_THREADS "$ROOT/$build/bin/cosystudio-cli" bench --model "$FOLDER" --threads "$threads" \
      --runs 1 --warmup 0 --text "$TEXT" --json > "$OUT/$name.json"
    runs+=("$OUT/$name.json")
  done
done

python3 - "${runs[@]}" <<'PY'
import json, sys
print("| libtorch | CPU BLAS | threads | load s | first audio s (streaming) | real-time factor | audio s | LLM tokens/s | peak RSS MiB |")
print("|---|---|---|---|---|---|---|---|---|")
for path in sys.argv[1:]:
    r = json.load(open(path)); m = r["median"]
    print(f'| {r["libtorch"]} | {r["cpu_blas"]} | {r["cpu_threads"]} | {r["load_seconds"]:.2f} | '
          f'{m["first_audio_seconds"]:.1f} | {m["real_time_factor"]:.1f} | {m["audio_seconds"]:.2f} | '
          f'{m["llm_tokens_per_second"]:.1f} | {r["peak_host_rss_mib"]:.0f} |')
PY
