#!/usr/bin/env bash
# The GPU half of CosyStudio, proven in one run on a lent GPU machine: an H100
# or an H200, whichever is lent (the report names the GPU that nvidia-smi and
# torch found). The steps, most valuable first:
#   1. builds the engine, cosystudio-cli, cosystudio-parity and the engine
#      tests against the torch that machine has (no GUI);
#   2. out of memory: the GPU filled by another allocation, a request fails
#      clearly or is retried, and the engine works again (EngineOnGpu.*),
#      with the GPU's memory figures (TorchCompat.*) and the prompt features
#      on the GPU (AudioPrompt.CudaMatchesCpu);
#   3. the GPU soak: 50 resets, allocated VRAM back within 1 MiB, reserved
#      VRAM released at every teardown; varied syntheses, allocated VRAM flat
#      (SoakOnGpu.*);
#   4. parity on the GPU in bf16, the GPU's default: llm, flow, hift and three
#      pipeline cases, at the tolerances of the README;
#   5. the full-size random-weight benchmark in bf16 (weights written there,
#      not carried), 3 runs after 1 warm-up;
#   6. parity in fp32 (TF32 off) and fp16, the benchmark in fp16 and fp32, and
#      in bf16 again without CUDA graphs (what the graphs give).
# --quick runs steps 1 to 5 with less in each: the resets alone in the soak,
# one pipeline case (stream), one measured bench run.
#
# It writes $OUT/device-check.md, $OUT/device-check.json and the logs,
# $OUT/device-check-logs.tar.gz, as each step starts and once more at the end,
# so a run cut short at any point returns the steps done, the one running and
# those not reached. A GPU test that skips fails its step: on the GPU each test
# has what it needs. The exit status is 0 only when every step passed.
#
# Expected durations, estimated until a GPU run measures them (the report has
# the real ones): configure 15 s; build 2 min on 16 cores (seconds on a warm
# machine that built before); out of memory 20 s; soak 1 min (the resets alone
# 30 s); parity 4 to 5 s a run; the bf16 bench 45 s with writing the weights,
# the others 25 s each. The whole check: about 7 min; --quick: about 4 min,
# where a slow build leaves the bench to be cut; both 2 min less on a warm
# machine. Neither overruns its bound, 6 min 50 s (--quick: 3 min 50 s;
# --seconds N: N s, counted from the start): a step still running then is
# stopped (configure aside: it runs unbounded, in seconds), and the steps left
# are reported as not run, the least valuable being last.
#
# With the `device` tool (its own Python torch, nvcc, cmake and ninja, but none
# of Debian's -dev libraries; a working tree of at most 64 MiB; 10 minutes a
# command, 15 minutes of device time a session, the machine's start included):
#   here:   scripts/device-check.sh --pack
#           (downloads the Debian 12 packages the engine builds with into
#           .device-debs/, hides what the check does not read with a
#           sparse checkout, and checks that what travels fits in 64 MiB)
#   device: run(command="scripts/device-check.sh", carry=[".device-debs"], timeout_s=480)
#           or, with less device time left, "scripts/device-check.sh --quick"
#           (timeout_s=300), or --seconds N below what status's budget_left_s allows
#   here:   copy device-check.md and device-check.json from the reply's
#           files_at to docs/, then scripts/device-check.sh --unpack (the
#           hidden files come back) and give_back; the logs of every step are in
#           device-check-logs.tar.gz beside them.
# A second call on the warm machine rebuilds only what changed.
#
# scripts/device-check.sh --build-alone TORCH_CMAKE_PREFIX [CMAKE_ARGUMENTS...]
# makes the device build where none of the packages is installed, and runs its
# programs once (scripts/check-distro.sh bookworm device runs it in a fresh root).
#
# scripts/device-check.sh [--quick] --rehearse BUILD_DIR [REPORT_DIR] runs every
# step on the CPU with the tiny model and small sizes, using the programs
# already built in BUILD_DIR (a CUDA build: CI's build-cuda/); it also packs the
# carried tree in a temporary folder, checks its size and configures the device
# build against the unpacked packages. Its report goes to REPORT_DIR when given.
# CI runs it (ctest: device_check.rehearse), so the script cannot rot between
# GPU loans, and cuts it short on fake programs (device_check.cut_short).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
START="$(date +%s)"

# Debian 12 packages the device build needs, with the shared libraries they
# link (the device has glibc and libstdc++, nothing else of these).
DEBS=(
  libsndfile1-dev libsndfile1 libflac12 libvorbis0a libvorbisenc2 libopus0 libogg0 libmpg123-0 libmp3lame0
  libsamplerate0-dev libsamplerate0 libebur128-dev libebur128-1 libpcre2-dev libutf8proc-dev libutf8proc2
  libyaml-cpp-dev libyaml-cpp0.7 libonnx-dev libonnx1 libonnxifi libprotobuf-dev libprotobuf32 libprotobuf-lite32
  libcli11-dev nlohmann-json3-dev libgtest-dev pkgconf pkgconf-bin libpkgconf3
  libsentencepiece-dev libsentencepiece0
  # Only for their .pc files: pkg-config reads sndfile's private requirements
  # for its compiler flags, and fails without them.
  libflac-dev libogg-dev libvorbis-dev libopus-dev libmpg123-dev
)
# What the check does not read, hidden while the tree travels (the fixtures
# alone are 84 MB): the audio and tokenizer sets, the e2e cases it does not
# run, the ordered checkpoint copies, the tokenizer's weights the engine never
# reads (model.safetensors), the recogniser's sets but one, the fuzz corpus,
# docs and translations.
UNREAD=(
  /tests/fixtures/audio/ /tests/fixtures/tokenizer/ /tests/fixtures/core/public/*.ordered.pt
  /tests/fixtures/e2e/golden/tiny-model-a/cross_lingual/ /tests/fixtures/e2e/golden/tiny-model-a/long/
  /tests/fixtures/e2e/golden/tiny-model-a/markup/ /tests/fixtures/e2e/golden/tiny-model-a/short_maxlen/
  /tests/fixtures/e2e/tiny-model-a/CosyVoice-BlankEN/model.safetensors
  /tests/fixtures/sensevoice/short1s_48k/ /tests/fixtures/sensevoice/silence_16k/ /tests/fixtures/sensevoice/en_itn/
  /tests/fuzz/corpus/ /tests/fuzz/regressions/ /docs/ /translations/*.ts
)
LIMIT_BYTES=$((64 << 20))
FIXTURES="$ROOT/tests/fixtures"
E2E="$FIXTURES/e2e/golden/tiny-model-a"
# The bounds of the whole check on the device, in seconds: within the 10
# minutes a command may run, and with the machine's start within a session's 15.
FULL_SECONDS=410
QUICK_SECONDS=230
# No step starts with less time left: it could not finish.
LAST_START_SECONDS=10

die() { echo "device-check: $*" >&2; exit 1; }

download_debs() {  # into $1
  mkdir -p "$1"
  # A machine that never ran apt-get update has no package lists to download from.
  (cd "$1" && apt-get download -q "${DEBS[@]}" >/dev/null 2>&1) ||
    { apt-get update -qq && (cd "$1" && apt-get download -q "${DEBS[@]}" >/dev/null); } ||
    die "apt-get download failed"
}

# What the device tool sends: the files of the working tree that git tracks
# or does not ignore (hidden sparse-checkout entries are absent), plus carry.
travelling_bytes() {  # carry folder
  local files
  files="$(git ls-files --cached --others --exclude-standard -z | xargs -0 -r du -cb 2>/dev/null | awk 'END { print $1 }')"
  echo $((files + $(du -sb "$1" | cut -f1)))
}

check_size() {  # carry folder
  local bytes
  bytes="$(travelling_bytes "$1")"
  echo "device-check: the tree that travels holds $((bytes >> 20)) MiB of the $((LIMIT_BYTES >> 20)) MiB allowed"
  ((bytes <= LIMIT_BYTES)) || die "too large: hide more (UNREAD) or carry fewer packages"
}

# Unpacks the packages into $2 and sets the search paths of the build to it.
use_debs() {  # deb folder, root
  local deb
  mkdir -p "$2"
  for deb in "$1"/*.deb; do dpkg-deb -x "$deb" "$2"; done
  local multiarch="$2/usr/lib/x86_64-linux-gnu"
  export PKG_CONFIG_SYSROOT_DIR="$2"
  export PKG_CONFIG_LIBDIR="$multiarch/pkgconfig:$2/usr/share/pkgconfig"
  export PATH="$2/usr/bin:$PATH"
  export LD_LIBRARY_PATH="$multiarch${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export LIBRARY_PATH="$multiarch"
  DEB_PREFIX="$2/usr"
}

configure_device_build() {  # build folder, torch cmake prefix, more cmake arguments...
  local build="$1" torch="$2"
  shift 2
  cmake -S "$ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCOSYSTUDIO_ENGINE_ONLY=ON \
    -DCMAKE_PREFIX_PATH="$DEB_PREFIX;$torch" -DPKG_CONFIG_EXECUTABLE="$DEB_PREFIX/bin/pkgconf" \
    "$@"
}

# Every library the build found must come from the unpacked packages, not
# from the machine: otherwise the device, which has none of them, would fail.
check_found_in() {  # build folder, root
  local cache="$1/CMakeCache.txt" key
  for key in SNDFILE_INCLUDEDIR yaml-cpp_DIR ONNX_DIR CLI11_DIR nlohmann_json_DIR Protobuf_INCLUDE_DIR GTest_DIR; do
    local value
    value="$(awk -F= -v k="$key" 'index($1, k ":") == 1 { print $2 }' "$cache")"
    [[ "$value" == "$2"* ]] || die "$key was found at '$value', not in the unpacked packages ($2)"
  done
  # What pkg-config gave: libraries there (none at all, and the device build
  # would compile without their headers and link without them).
  for key in SNDFILE SAMPLERATE PCRE2 UTF8PROC EBUR128 SENTENCEPIECE; do
    local flags
    flags="$(awk -F= -v k="${key}_LDFLAGS" 'index($1, k ":") == 1 { print $2 }' "$cache")"
    [[ "$flags" == *"-L$2/"* ]] || die "pkg-config gave ${key} '$flags', no library folder in the unpacked packages ($2)"
  done
  echo "device-check: every library of the device build comes from the unpacked packages"
}

# --- the record ------------------------------------------------------------

PLAN=()          # every step's name, in order, listed before the first runs
RESULTS=()       # "name|seconds|status|summary" of the steps done, in order
PLANNING=0
RUNNING=""       # the step under way, its start (ns) and its process
RUNNING_START=0
RUNNING_PID=""
STOP=""          # why the steps left are not run
STATE=running    # of the whole check: running, finished or cut short
DEADLINE=0       # when no step may run any more (seconds since 1970; 0: never)
SKIPS_FAIL=0     # on the GPU a skipped test fails its step

record() {  # name, seconds, status, summary
  RESULTS+=("$1|$2|$3|$4")
  printf 'device-check: %-32s %6s s  %s  %s\n' "$1" "${2:--}" "$3" "$4"
}

seconds_since() {  # start in ns
  awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'
}

# Runs one step, its output in $LOGS/<name>.log, within its time limit and
# the check's deadline. The report is written as it starts, saying so. While
# the steps are listed, it only notes the name.
step() {  # name, seconds allowed (0 for a shell function: it runs unbounded), command...
  local name="$1" limit="$2" left
  shift 2
  if ((PLANNING)); then PLAN+=("$name"); return; fi
  left=$((DEADLINE - $(date +%s)))
  ((DEADLINE == 0 || left >= LAST_START_SECONDS)) || STOP="${STOP:-out of time}"
  if [[ -n "$STOP" ]]; then record "$name" "" "not run ($STOP)" ""; return; fi
  ((DEADLINE == 0 || limit <= left)) || limit="$left"
  RUNNING="$name"
  RUNNING_START="$(date +%s%N)"
  report
  launch "$limit" "$@" >"$LOGS/$name.log" 2>&1 &
  RUNNING_PID=$!
  local status=ok
  wait "$RUNNING_PID" || status="$(failure "$?" "$limit")"
  [[ "$status" != ok ]] || status="$(gtest_verdict "$LOGS/$name.log")"
  RUNNING="" RUNNING_PID=""
  record "$name" "$(seconds_since "$RUNNING_START")" "$status" "$(summary "$LOGS/$name.log")"
}

# In a background subshell: exec makes its process the step's timeout, which
# a signal to it reaches. A shell function is a quick check or configure.
launch() {  # seconds allowed, command...
  if declare -F "$2" >/dev/null; then "${@:2}"; else exec timeout "$1" "${@:2}"; fi
}

failure() {  # exit status, seconds allowed
  if (($1 == 124)); then echo "timed out after $2 s"; else echo "failed (exit $1)"; fi
}

# A gtest run that exits 0 still fails where its filter matched no test, and
# on the GPU where a test skipped.
gtest_verdict() {  # log
  local skipped
  skipped="$(sed -nE 's/^\[  SKIPPED \] ([0-9]+) tests?, listed below.*/\1/p' "$1")"
  if grep -q '^\[==========\] 0 tests from' "$1"; then
    echo "failed: no test matches the filter"
  elif ((SKIPS_FAIL)) && [[ -n "$skipped" ]]; then
    echo "failed: $skipped skipped"
  else
    echo ok
  fi
}

# The steps after one that failed are not run: they need what it made.
require() {  # the step just done
  ((PLANNING)) || [[ "${RESULTS[-1]}" == "$1|"*"|ok|"* ]] || STOP="${STOP:-$1 failed}"
}

# The line a step's log ends with that says most: parity's count, gtest's
# verdict, or the last line.
summary() {  # log
  [[ -e "$1" ]] || return 0
  local line
  line="$(grep -E '^parity: [0-9]+ passed|^\[  (PASSED|FAILED)  \]|^\[  SKIPPED \]' "$1" | tail -1 || true)"
  [[ -n "$line" ]] || line="$(tail -1 "$1")"
  echo "${line//|//}"
}

failed_steps() {
  local entry
  for entry in "${RESULTS[@]}"; do [[ "$entry" == *"|ok|"* ]] || echo "${entry%%|*}"; done
}

# Every step of the plan as "name|seconds|status|summary": done, running or
# not reached.
rows() {
  local entry name next=${#RESULTS[@]}
  for entry in "${RESULTS[@]}"; do echo "$entry"; done
  if [[ -n "$RUNNING" ]]; then
    echo "$RUNNING||running|"
    next=$((next + 1))
  fi
  for name in "${PLAN[@]:next}"; do echo "$name||not reached|"; done
}

state_line() {
  local seconds=$(($(date +%s) - START)) failed
  failed="$(failed_steps | wc -l)"
  case "$STATE" in
    running) echo "Written after $seconds s, as \`$RUNNING\` started: if no later report came back, the check was" \
      "cut short there, and the steps after it were not reached." ;;
    finished) echo "Finished after $seconds s: $failed of ${#PLAN[@]} steps did not pass." ;;
    *) echo "${STATE^} after $seconds s." ;;
  esac
}

write_markdown() {  # file
  local name seconds status text
  {
    echo "# CosyStudio device check: $MODE on $GPU"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $DEVICE_LINE"
    echo
    state_line
    echo
    echo "| step | seconds | status | summary |"
    echo "|---|---|---|---|"
    rows | while IFS='|' read -r name seconds status text; do echo "| $name | $seconds | $status | $text |"; done
    echo
    echo "Figures of the benchmark steps:"
    echo
    rows | while IFS='|' read -r name seconds status text; do
      [[ "$name" == bench-* && -e "$LOGS/$name.log" ]] || continue
      echo "$name:"
      echo '```'
      grep -vE '^\{|^ |^\}' "$LOGS/$name.log" || true
      echo '```'
    done
    rows | while IFS='|' read -r name seconds status text; do
      [[ "$status" == ok || ! -e "$LOGS/$name.log" ]] && continue
      echo
      echo "The end of $name's log:"
      echo '```'
      tail -40 "$LOGS/$name.log"
      echo '```'
    done
  } >"$1"
}

write_json() {  # file
  rows | python3 -c '
import json, sys
head = dict(zip(("mode", "gpu", "device", "state"), sys.argv[2:6]), seconds=int(sys.argv[6]))
steps = []
for line in sys.stdin.buffer.read().decode("utf-8", "replace").splitlines():
    name, seconds, status, summary = line.split("|", 3)
    steps.append(dict(name=name, seconds=float(seconds) if seconds else None, status=status, summary=summary))
with open(sys.argv[1], "w") as out:
    json.dump(dict(head, steps=steps), out, indent=1)
' "$1" "$MODE" "$GPU" "$DEVICE_LINE" "$STATE" "$(($(date +%s) - START))"
}

# The report as it stands, with the logs so far. Each file is written aside,
# then renamed: a run killed meanwhile leaves the previous report whole.
report() {
  local file
  write_markdown "$REPORT_DIR/device-check.md.part"
  write_json "$REPORT_DIR/device-check.json.part"
  # tar's status 1: a log grew while read (its step was just cut short).
  tar czf "$REPORT_DIR/device-check-logs.tar.gz.part" -C "$LOGS" . || (($? == 1))
  for file in device-check.md device-check.json device-check-logs.tar.gz; do
    mv "$REPORT_DIR/$file.part" "$REPORT_DIR/$file"
  done
}

# A signal (the device tool's time limit) stops the step under way and writes
# the report with it cut short; a SIGKILL leaves the report of its start.
cut_short() {  # signal, exit status
  [[ -z "$RUNNING_PID" ]] || kill "$RUNNING_PID" 2>/dev/null || true
  STATE="cut short by SIG$1"
  if [[ -n "$RUNNING" ]]; then
    record "$RUNNING" "$(seconds_since "$RUNNING_START")" "cut short (SIG$1)" "$(summary "$LOGS/$RUNNING.log")"
    RUNNING=""
  fi
  report
  exit "$2"
}

# Lists the steps first, so that every report names those not reached, then
# runs them; fails naming the steps that did not pass.
run_check() {  # function of the steps, seconds allowed (0: no bound)
  local signal
  PLANNING=1
  "$1"
  PLANNING=0
  (($2 == 0)) || DEADLINE=$((START + $2))
  # shellcheck disable=SC2064  # the signal's name and number, expanded now
  for signal in TERM INT HUP; do trap "cut_short $signal $((128 + $(kill -l "$signal")))" "$signal"; done
  "$1"
  STATE=finished
  report
  echo "device-check: results in $REPORT_DIR/device-check.md and device-check.json"
  local failed
  failed="$(failed_steps | tr '\n' ' ')"
  [[ -z "$failed" ]] || { cat "$REPORT_DIR/device-check.md"; die "steps that did not pass: $failed"; }
  echo "device-check: every step passed ($MODE)"
}

# --- the steps ---------------------------------------------------------------
# Set by the mode: BIN (the programs), TARGET (the device they run on), MODEL
# (the bench's model folder), WRITE_MODEL (the first bench's arguments that
# write it) and, by the scope, SOAK_TESTS, CASES and ROUNDS.

# Everything the GPU runs, most valuable first: the GPU's own tests, then
# parity and the bench in bf16 (the GPU's default), then the other precisions.
check_steps() {
  # Every GPU test but the one that runs only where there is no GPU.
  step out-of-memory 120 "$BIN/engine_tests" \
    --gtest_filter='EngineOnGpu.*:TorchCompat.*:AudioPrompt.CudaMatchesCpu:-TorchCompat.NoGpuMeansNoDeviceAndNoFigures'
  step soak-gpu 240 "$BIN/engine_soak" --gtest_filter="$SOAK_TESTS"
  parity_steps bf16
  # The recogniser computes in fp32 on every device.
  step parity-sensevoice 120 "$BIN/cosystudio-parity" --device "$TARGET" sensevoice "$FIXTURES/sensevoice/public_22k"
  bench_step bench-bf16 bf16 "${WRITE_MODEL[@]}"
  [[ "$SCOPE" == full ]] || return 0
  parity_steps fp32
  parity_steps fp16
  bench_step bench-fp16 fp16
  bench_step bench-fp32 fp32
  # The LLM decode step and the flow estimator run eagerly: beside bench-bf16,
  # what the CUDA graphs give.
  COSYSTUDIO_CUDA_GRAPHS=0 bench_step bench-bf16-eager bf16
}

# Parity of every network and of the pipeline cases.
parity_steps() {  # precision
  local component case
  for component in llm flow hift; do
    step "parity-$component-$1" 120 \
      "$BIN/cosystudio-parity" --device "$TARGET" --precision "$1" "$component" "$FIXTURES/core/public"
  done
  for case in "${CASES[@]}"; do
    step "parity-pipeline-$case-$1" 180 \
      "$BIN/cosystudio-parity" --device "$TARGET" --precision "$1" pipeline "$E2E/$case"
  done
}

bench_step() {  # name, precision, more bench arguments...
  step "$1" 300 "$BIN/cosystudio-cli" bench --model "$MODEL" --device "$TARGET" --precision "$2" "${ROUNDS[@]}" \
    "${@:3}"
}

choose_scope() {
  if [[ "$SCOPE" == quick ]]; then
    SOAK_TESTS='SoakOnGpu.FiftyResets*' CASES=(stream) ROUNDS=(--runs 1 --warmup 1)
  else
    SOAK_TESTS='SoakOnGpu.*' CASES=(stream zero_shot instruct2) ROUNDS=(--runs 3 --warmup 1)
  fi
}

# --- on the device -------------------------------------------------------------

BUILD=/tmp/cosystudio-build  # kept on a warm machine: a second call rebuilds what changed

device_steps() {
  step configure 0 configure_on_device
  step build 300 cmake --build "$BUILD" --target cosystudio-cli cosystudio-parity engine_tests engine_soak
  require build
  check_steps
}

configure_on_device() {
  local torch
  torch="$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')"
  configure_device_build "$BUILD" "$torch"
}

# The GPU in nvidia-smi's words and in torch's.
describe_gpu() {
  local smi torch
  if smi="$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -1)"; then
    GPU="${smi%%,*}"
  else
    GPU="no GPU found"
  fi
  torch="$(python3 -c 'import torch
gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU"
print(f"torch {torch.__version__} with CUDA {torch.version.cuda} sees {gpu}")' 2>&1 | tail -1 || true)"
  DEVICE_LINE="nvidia-smi: $smi; $torch"
}

on_device() {
  [[ -n "${OUT:-}" ]] || die "OUT is not set: run this through the device tool (see the header)"
  [[ -d .device-debs ]] || die ".device-debs is missing: run --pack here first and carry it"
  REPORT_DIR="$OUT"
  # A fresh folder: a warm machine keeps an earlier call's. Only 8 files come
  # back from the device: the logs travel as one archive.
  LOGS="$(mktemp -d /tmp/cosystudio-device-logs.XXXXXX)"
  MODE="$SCOPE"
  SKIPS_FAIL=1
  describe_gpu
  use_debs .device-debs /tmp/cosystudio-debs
  BIN="$BUILD/bin" TARGET=cuda MODEL=/tmp/cosystudio-full-size
  # The first bench writes the full-size random-weight folder; the others reuse it.
  WRITE_MODEL=(--write-random "$FIXTURES")
  local bound="$FULL_SECONDS"
  [[ "$SCOPE" == full ]] || bound="$QUICK_SECONDS"
  run_check device_steps "${BUDGET:-$bound}"
}

# --- the rehearsal -------------------------------------------------------------

# The steps of the device, on the CPU, then what only the rehearsal checks.
rehearsal_steps() {
  check_steps
  step carried-size 0 carried_size
  step configure 0 configure_rehearsal
}

# The carried tree: the packages downloaded, their size with the tree's less
# what --pack hides.
carried_size() {
  download_debs "$WORK/debs"
  local hidden=0 path
  for path in "${UNREAD[@]}"; do
    hidden=$((hidden + $(git ls-files -z -- ":(glob)${path#/}**" ":(glob)${path#/}" | xargs -0 -r du -cb | awk 'END { print $1 + 0 }')))
  done
  local bytes=$(($(travelling_bytes "$WORK/debs") - hidden))
  echo "device-check: with what the check does not read hidden, $((bytes >> 20)) MiB would travel (limit $((LIMIT_BYTES >> 20)) MiB)"
  ((bytes <= LIMIT_BYTES)) || die "the carried tree would be too large"
}

# The device build's configure against the unpacked packages alone, with CUDA
# as CI's own build was given it (torch::cudart from PyPI's wheels; the device
# has a CUDA toolkit of its own).
configure_rehearsal() {
  use_debs "$WORK/debs" "$WORK/root"
  local cache="$CI_BUILD/CMakeCache.txt" torch_prefix cuda_args=() key value
  torch_prefix="$(awk -F= '/^Torch_DIR:/ { print $2 }' "$cache")"
  for key in CMAKE_PROJECT_INCLUDE CMAKE_CUDA_COMPILER CUDAToolkit_ROOT CUDA_TOOLKIT_ROOT_DIR; do
    value="$(awk -F= -v k="$key" 'index($1, k ":") == 1 { print $2 }' "$cache")"
    [[ -n "$value" && "$value" != *NOTFOUND ]] && cuda_args+=("-D$key=$value")
  done
  configure_device_build "$WORK/build" "$torch_prefix/.." "${cuda_args[@]}"
  check_found_in "$WORK/build" "$WORK/root"
}

rehearse() {  # build folder, report folder (default: a temporary one)
  CI_BUILD="$1" BIN="$1/bin"
  [[ -x "$BIN/cosystudio-parity" ]] || die "$BIN/cosystudio-parity is missing: build first (scripts/setup.sh)"
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
  REPORT_DIR="${2:-$WORK}"
  mkdir -p "$REPORT_DIR"
  LOGS="$WORK/logs"
  mkdir -p "$LOGS"
  MODE="rehearsal, $SCOPE"
  GPU="the CPU"
  DEVICE_LINE="rehearsal on the CPU: $("$BIN/cosystudio-cli" --version | tr '\n' ' ')"
  TARGET=cpu MODEL="$FIXTURES/e2e/tiny-model-a" WRITE_MODEL=()
  ROUNDS=(--runs 1 --warmup 0)
  run_check rehearsal_steps "${BUDGET:-0}"
}

# --- the build alone ---------------------------------------------------------

# The device build on a machine that has none of the packages installed, as
# the device has none (scripts/check-distro.sh bookworm device makes one):
# configured against the unpacked packages, built, and each program run once,
# so that a header, library or run-time path that resolves to /usr fails here
# rather than on a lent GPU.
build_alone() {  # torch cmake prefix, more cmake arguments...
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
  download_debs "$WORK/debs"
  use_debs "$WORK/debs" "$WORK/root"
  configure_device_build "$WORK/build" "$@"
  check_found_in "$WORK/build" "$WORK/root"
  cmake --build "$WORK/build" --target cosystudio-cli cosystudio-parity engine_tests engine_soak
  local bin="$WORK/build/bin"
  "$bin/cosystudio-cli" --version
  "$bin/cosystudio-parity" --device cpu llm "$FIXTURES/core/public" | tail -1
  "$bin/cosystudio-parity" --device cpu sensevoice "$FIXTURES/sensevoice/public_22k" | tail -1
  "$bin/engine_tests" --gtest_filter='TorchCompat.*:CudaArchitectures.*' --gtest_brief=1 | tail -1
  "$bin/engine_soak" --gtest_list_tests >/dev/null
  echo "device-check: the device build compiles, links and runs on the unpacked packages alone"
}

# --- the modes ---------------------------------------------------------------

pack() {
  rm -rf .device-debs
  download_debs .device-debs
  grep -qxF '/.device-debs/' .git/info/exclude 2>/dev/null || echo '/.device-debs/' >>.git/info/exclude
  git sparse-checkout set --no-cone '/*' "${UNREAD[@]/#/!}"
  check_size .device-debs
}

unpack() {
  git sparse-checkout disable
  echo "device-check: every fixture is back"
}

usage() {
  die "usage: scripts/device-check.sh [--quick] [--seconds N] [--rehearse BUILD_DIR [REPORT_DIR]] | --pack | --unpack" \
    "| --build-alone TORCH_CMAKE_PREFIX [CMAKE_ARGUMENTS...]"
}

SCOPE=full
BUDGET=""
while (($#)); do
  case "$1" in
    --quick) SCOPE=quick ;;
    --seconds) [[ "${2:-}" =~ ^[0-9]+$ ]] || usage; BUDGET="$2"; shift ;;
    --*) break ;;
    *) usage ;;
  esac
  shift
done
choose_scope
case "${1:-}" in
  --pack) (($# == 1)) || usage; pack ;;
  --unpack) (($# == 1)) || usage; unpack ;;
  --rehearse) (($# == 2 || $# == 3)) || usage; rehearse "${@:2}" ;;
  --build-alone) (($# >= 2)) || usage; build_alone "${@:2}" ;;
  "") on_device ;;
  *) usage ;;
esac
