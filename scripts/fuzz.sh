#!/usr/bin/env bash
# Builds the engine's fuzz targets (clang's libFuzzer with AddressSanitizer and
# UBSan, against Debian's libtorch) into build-fuzz/ and runs each one for
# SECONDS (default 60), as many at once as there are cores.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]      targets: tests/fuzz/CMakeLists.txt
#
# Each target starts from its seeds (tests/fuzz/corpus/<target>/) and the kept
# findings (tests/fuzz/regressions/<target>/); what it learns stays in
# build-fuzz/fuzz-runs/<target>/corpus/ for the next run. Any finding (crash,
# sanitizer report, leak, an exception other than the parser's own error, an
# input slower than 10 s or allocating over 512 MB at once) fails the run and
# leaves its input in build-fuzz/fuzz-runs/<target>/findings/: fix the cause
# and keep the input in tests/fuzz/regressions/<target>/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export COSYSTUDIO_TORCH=system
export COSYSTUDIO_BUILD_DIR="${COSYSTUDIO_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
"$ROOT/scripts/setup.sh" --fuzz

SECONDS_EACH="${1:-60}"
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
  for exe in "$COSYSTUDIO_BUILD_DIR"/bin/fuzz_*; do targets+=("${exe##*/fuzz_}"); done
fi

# Targets run side by side, as many as cores (COSYSTUDIO_FUZZ_JOBS overrides);
# counted before OMP_NUM_THREADS is set, which nproc obeys.
JOBS="${COSYSTUDIO_FUZZ_JOBS:-$(nproc)}"
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=0"
# Leaks of the libraries called, on their error paths: each is explained there.
export LSAN_OPTIONS="suppressions=$ROOT/tests/fuzz/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# One thread per target: the targets run side by side.
export OMP_NUM_THREADS=1

run_one() {
  local target="$1" work="$COSYSTUDIO_BUILD_DIR/fuzz-runs/$1"
  mkdir -p "$work/corpus" "$work/findings"
  mkdir -p "$ROOT/tests/fuzz/regressions/$target"
  if "$COSYSTUDIO_BUILD_DIR/bin/fuzz_$target" "$work/corpus" \
       "$ROOT/tests/fuzz/corpus/$target" "$ROOT/tests/fuzz/regressions/$target" \
       -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=3072 -malloc_limit_mb=512 \
       -artifact_prefix="$work/findings/" -print_final_stats=1 >"$work/log" 2>&1; then
    echo ok >"$work/status"
  else
    echo failed >"$work/status"
  fi
}
export -f run_one
export COSYSTUDIO_BUILD_DIR ROOT SECONDS_EACH

echo "fuzz: ${#targets[@]} targets, ${SECONDS_EACH} s each, $JOBS at once"
printf '%s\n' "${targets[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one {}'

failed=0
printf '%-14s %-7s %12s %8s %8s %9s\n' target result executions exec/s coverage features
for target in "${targets[@]}"; do
  work="$COSYSTUDIO_BUILD_DIR/fuzz-runs/$target"
  stat() { awk -v k="stat::$1:" '$1 == k { print $2 }' "$work/log" | tail -1; }
  done_line="$(grep -E '^#[0-9]+[[:space:]]+DONE' "$work/log" | tail -1 || true)"
  cov="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$done_line")"
  ft="$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$done_line")"
  result="$(cat "$work/status")"
  printf '%-14s %-7s %12s %8s %8s %9s\n' "$target" "$result" "$(stat number_of_executed_units)" \
    "$(stat average_exec_per_sec)" "${cov:--}" "${ft:--}"
  if [[ "$result" != ok ]]; then
    failed=1
    # The report's first lines name the fault and where it happened.
    echo "--- fuzz_$target: its report ($work/log) ---"
    sed -n '/^==[0-9]*==ERROR\|runtime error:\|^==[0-9]*== ERROR/,+30p' "$work/log" | head -n 40
    echo "--- fuzz_$target: the end of its log ---"
    tail -n 20 "$work/log"
  fi
done
exit "$failed"
