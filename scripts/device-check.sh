#!/usr/bin/env bash
# The GPU half of CosyStudio, proven in one run on a lent GPU machine, in
# under 8 minutes. Writes $OUT/device-check.md and $OUT/device-check.json:
#   1. builds the engine, cosystudio-cli, cosystudio-parity and the engine
#      tests against the torch that machine has (no GUI);
#   2. parity on the GPU: llm, flow, hift and the pipeline in fp32 (TF32 off),
#      bf16 and fp16, at the tolerances of the README;
#   3. the GPU soak: 50 resets, allocated VRAM back within 1 MiB, reserved
#      VRAM released at every teardown (SoakOnGpu.*);
#   4. out of memory: the GPU filled by another allocation, a request fails
#      clearly or is retried, and the engine works again (EngineOnGpu.*);
#   5. the full-size random-weight benchmark (weights written there, not
#      carried) in fp32, bf16 and fp16, and bf16 again without CUDA graphs.
#
# With the `device` tool (an H200 with its own Python torch 2.11/CUDA 13,
# nvcc, cmake and ninja, but none of Debian's -dev libraries; a working tree
# of at most 64 MiB; 10 minutes a command, 15 a session):
#   here:   scripts/device-check.sh --pack
#           (downloads the Debian 12 packages the engine builds with into
#           .device-debs/, hides what the check does not read with a
#           sparse checkout, and checks that what travels fits in 64 MiB)
#   device: run(command="scripts/device-check.sh", carry=[".device-debs"], timeout_s=560)
#   here:   copy device-check.md and device-check.json from the reply's
#           files_at to docs/, then scripts/device-check.sh --unpack (the
#           hidden files come back) and give_back; the logs of every step are in
#           device-check-logs.tar.gz beside them.
#
# scripts/device-check.sh --rehearse BUILD_DIR runs every step on the CPU with
# the tiny model and small sizes, using the programs already built in BUILD_DIR
# (a CUDA build: CI's build-cuda/); it also packs the carried tree in a
# temporary folder, checks its size and configures the device build against
# the unpacked packages. CI runs it (ctest: device_check.rehearse), so the
# script cannot rot between GPU loans.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Debian 12 packages the device build needs, with the shared libraries they
# link (the device has glibc and libstdc++, nothing else of these).
DEBS=(
  libsndfile1-dev libsndfile1 libflac12 libvorbis0a libvorbisenc2 libopus0 libogg0 libmpg123-0 libmp3lame0
  libsamplerate0-dev libsamplerate0 libebur128-dev libebur128-1 libpcre2-dev libutf8proc-dev libutf8proc2
  libyaml-cpp-dev libyaml-cpp0.7 libonnx-dev libonnx1 libonnxifi libprotobuf-dev libprotobuf32 libprotobuf-lite32
  libcli11-dev nlohmann-json3-dev libgtest-dev pkgconf pkgconf-bin libpkgconf3
)
# What the check does not read, hidden while the tree travels (the fixtures
# alone are 78 MB): the audio and tokenizer sets, the e2e cases it does not
# run, the ordered checkpoint copies, the fuzz corpus, docs and translations.
UNREAD=(
  /tests/fixtures/audio/ /tests/fixtures/tokenizer/ /tests/fixtures/core/public/*.ordered.pt
  /tests/fixtures/e2e/golden/tiny-model-a/cross_lingual/ /tests/fixtures/e2e/golden/tiny-model-a/long/
  /tests/fixtures/e2e/golden/tiny-model-a/markup/ /tests/fixtures/e2e/golden/tiny-model-a/short_maxlen/
  /tests/fuzz/corpus/ /tests/fuzz/regressions/ /docs/ /translations/*.ts
)
LIMIT_BYTES=$((64 << 20))
FIXTURES="$ROOT/tests/fixtures"
E2E="$FIXTURES/e2e/golden/tiny-model-a"

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
  # Only the named packages: sndfile's private codec requirements have no .pc
  # here, and its shared library brings them at link and run time.
  export PKG_CONFIG_MAXIMUM_TRAVERSE_DEPTH=1
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
    "$@" >"$build.configure.log" 2>&1 ||
    { tail -30 "$build.configure.log"; die "configure failed (log: $build.configure.log)"; }
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
  echo "device-check: every library of the device build comes from the unpacked packages"
}

# --- the record ------------------------------------------------------------

RESULTS=()  # "name|seconds|status|summary"
record() { RESULTS+=("$1|$2|$3|$4"); printf 'device-check: %-28s %6.1f s  %s  %s\n' "$1" "$2" "$3" "$4"; }

# Runs one step with a time limit; its output goes to $LOGS/<name>.log.
step() {  # name, seconds allowed, command...
  local name="$1" limit="$2"
  shift 2
  local start status=ok
  start="$(date +%s%N)"
  timeout "$limit" "$@" >"$LOGS/$name.log" 2>&1 || status="failed ($?)"
  record "$name" "$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')" "$status" \
    "$(summary "$LOGS/$name.log")"
}

# The line a step's log ends with that says most: parity's count, gtest's
# verdict, or the last line.
summary() {
  local line
  line="$(grep -E '^parity: [0-9]+ passed|^\[  (PASSED|FAILED)  \]|^\[  SKIPPED \]' "$1" | tail -1 || true)"
  [[ -n "$line" ]] || line="$(tail -1 "$1")"
  echo "${line//|//}"
}

write_results() {  # folder, mode
  local md="$1/device-check.md" json="$1/device-check.json" entry first=1
  {
    echo "# CosyStudio device check ($2)"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $DEVICE_LINE"
    echo
    echo "| step | seconds | status | summary |"
    echo "|---|---|---|---|"
    for entry in "${RESULTS[@]}"; do
      IFS='|' read -r name seconds status text <<<"$entry"
      echo "| $name | $seconds | $status | $text |"
    done
    echo
    echo "Figures of the benchmark steps:"
    echo
    for log in "$LOGS"/bench-*.log; do
      [[ -e "$log" ]] || continue
      echo "$(basename "$log" .log):"
      echo '```'
      grep -vE '^\{|^ |^\}' "$log" || true
      echo '```'
    done
    for entry in "${RESULTS[@]}"; do
      IFS='|' read -r name seconds status text <<<"$entry"
      [[ "$status" == ok || ! -e "$LOGS/$name.log" ]] && continue
      echo
      echo "The end of $name's log:"
      echo '```'
      tail -40 "$LOGS/$name.log"
      echo '```'
    done
  } >"$md"
  {
    echo "{\"mode\": \"$2\", \"device\": \"${DEVICE_LINE//\"/\'}\", \"steps\": ["
    for entry in "${RESULTS[@]}"; do
      IFS='|' read -r name seconds status text <<<"$entry"
      ((first)) || echo ","
      first=0
      printf '{"name": "%s", "seconds": %s, "status": "%s", "summary": "%s"}' \
        "$name" "$seconds" "$status" "${text//\"/\'}"
    done
    echo "]}"
  } >"$json"
  python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$json" || die "$json is not valid JSON"
  echo "device-check: results in $md and $json"
}

# --- the steps ---------------------------------------------------------------

# Parity of every network and the pipeline on `device` in each precision.
parity_steps() {  # bin folder, device, precisions...
  local bin="$1" device="$2" precision component case
  shift 2
  for precision in "$@"; do
    for component in llm flow hift; do
      step "parity-$component-$precision" 120 \
        "$bin/cosystudio-parity" --device "$device" --precision "$precision" "$component" "$FIXTURES/core/public"
    done
    for case in stream zero_shot instruct2; do
      step "parity-pipeline-$case-$precision" 180 \
        "$bin/cosystudio-parity" --device "$device" --precision "$precision" pipeline "$E2E/$case"
    done
  done
}

gpu_test_steps() {  # bin folder
  step soak-gpu 240 "$1/engine_soak" --gtest_filter='SoakOnGpu.*'
  step out-of-memory 120 "$1/engine_tests" --gtest_filter='EngineOnGpu.*:TorchCompat.*:AudioPrompt.CudaMatchesCpu'
}

bench_steps() {  # bin folder, device, model folder, extra bench arguments, precisions...
  local bin="$1" device="$2" model="$3" extra="$4" precision
  shift 4
  for precision in "$@"; do
    # shellcheck disable=SC2086
    step "bench-$precision" 300 "$bin/cosystudio-cli" bench --model "$model" --device "$device" \
      --precision "$precision" $extra
  done
}

# The bf16 bench again with the CUDA graphs off (the LLM decode step and the
# flow estimator run eagerly): beside bench-bf16, what the graphs give.
eager_bench_step() {  # bin folder, device, model folder, extra bench arguments
  # shellcheck disable=SC2086
  step bench-bf16-eager 300 env COSYSTUDIO_CUDA_GRAPHS=0 "$1/cosystudio-cli" bench --model "$3" --device "$2" \
    --precision bf16 $4
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

on_device() {
  [[ -n "${OUT:-}" ]] || die "OUT is not set: run this through the device tool (see the header)"
  [[ -d .device-debs ]] || die ".device-debs is missing: run --pack here first and carry it"
  # Only 8 files come back from the device: the logs travel as one archive.
  LOGS=/tmp/cosystudio-device-logs
  mkdir -p "$LOGS"
  DEVICE_LINE="$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1); $(python3 -c 'import torch; print("torch", torch.__version__)')"
  use_debs .device-debs /tmp/cosystudio-debs
  local build=/tmp/cosystudio-build
  local start
  start="$(date +%s)"
  configure_device_build "$build" "$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')"
  step build 300 cmake --build "$build" --target cosystudio-cli cosystudio-parity engine_tests engine_soak
  parity_steps "$build/bin" cuda fp32 bf16 fp16
  gpu_test_steps "$build/bin"
  # The first bench writes the full-size random-weight folder; the others reuse it.
  local model=/tmp/cosystudio-full-size
  bench_steps "$build/bin" cuda "$model" "--runs 3 --warmup 1 --write-random $FIXTURES" bf16
  bench_steps "$build/bin" cuda "$model" "--runs 3 --warmup 1" fp16 fp32
  eager_bench_step "$build/bin" cuda "$model" "--runs 3 --warmup 1"
  record total "$(($(date +%s) - start))" ok "the whole check"
  write_results "$OUT" "H200"
  tar czf "$OUT/device-check-logs.tar.gz" -C "$LOGS" .
}

rehearse() {  # build folder
  local bin="$1/bin"
  [[ -x "$bin/cosystudio-parity" ]] || die "$bin/cosystudio-parity is missing: build first (scripts/setup.sh)"
  work="$(mktemp -d)"  # global: the exit trap removes it
  trap 'rm -rf "$work"' EXIT
  LOGS="$work/logs"
  mkdir -p "$LOGS"
  DEVICE_LINE="rehearsal on the CPU: $("$bin/cosystudio-cli" --version | tr '\n' ' ')"
  # The carried tree: packages downloaded, their size with the tree's.
  download_debs "$work/debs"
  local hidden=0 path
  for path in "${UNREAD[@]}"; do
    hidden=$((hidden + $(git ls-files -z -- ":(glob)${path#/}**" ":(glob)${path#/}" | xargs -0 -r du -cb | awk 'END { print $1 + 0 }')))
  done
  local bytes=$(($(travelling_bytes "$work/debs") - hidden))
  echo "device-check: with what the check does not read hidden, $((bytes >> 20)) MiB would travel (limit $((LIMIT_BYTES >> 20)) MiB)"
  ((bytes <= LIMIT_BYTES)) || die "the carried tree would be too large"
  record carried-size 0 ok "$((bytes >> 20)) MiB of $((LIMIT_BYTES >> 20)) MiB"
  # The device build's configure against the unpacked packages alone.
  use_debs "$work/debs" "$work/root"
  local torch_prefix
  torch_prefix="$(awk -F= '/^Torch_DIR:/ { print $2 }' "$1/CMakeCache.txt")"
  # CUDA as CI's own build was given it (torch::cudart from PyPI's wheels; the
  # device has a CUDA toolkit of its own).
  local cuda_args=() key value
  for key in CMAKE_PROJECT_INCLUDE CMAKE_CUDA_COMPILER CUDAToolkit_ROOT CUDA_TOOLKIT_ROOT_DIR; do
    value="$(awk -F= -v k="$key" 'index($1, k ":") == 1 { print $2 }' "$1/CMakeCache.txt")"
    [[ -n "$value" && "$value" != *NOTFOUND ]] && cuda_args+=("-D$key=$value")
  done
  configure_device_build "$work/build" "$torch_prefix/.." "${cuda_args[@]}"
  check_found_in "$work/build" "$work/root"
  record configure 0 ok "the device build configures against the unpacked packages"
  # The steps, on the CPU, with the programs CI built.
  parity_steps "$bin" cpu fp32 bf16 fp16
  gpu_test_steps "$bin"
  bench_steps "$bin" cpu "$E2E/../../tiny-model-a" "--runs 1 --warmup 0" bf16
  eager_bench_step "$bin" cpu "$E2E/../../tiny-model-a" "--runs 1 --warmup 0"
  write_results "$work" "rehearsal"
  local failed
  failed="$(printf '%s\n' "${RESULTS[@]}" | awk -F'|' '$3 != "ok"' || true)"
  [[ -z "$failed" ]] || { cat "$work/device-check.md"; die "steps failed: $failed"; }
  echo "device-check: rehearsal passed"
}

case "${1:-}" in
  --pack) pack ;;
  --unpack) unpack ;;
  --rehearse) [[ $# -eq 2 ]] || die "usage: scripts/device-check.sh --rehearse BUILD_DIR"; rehearse "$2" ;;
  "") on_device ;;
  *) die "usage: scripts/device-check.sh [--pack | --unpack | --rehearse BUILD_DIR]" ;;
esac
