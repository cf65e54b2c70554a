#!/usr/bin/env bash
# Builds each CUDA flavour of the table in scripts/lib/torch-choice.sh other
# than the default one (which .ci/run builds in build-cuda/) into a folder of
# its own, build-cuda-<flavour>/, and runs the test suite on it, on this
# machine's CPU when it has no GPU. As in .ci/run, the system CUDA toolkit
# (/usr/local/cuda) is kept out of sight: no flavour may need one.
# Each flavour's torch is downloaded once (about 2.5 GB); a build takes
# about as long as the CUDA build in CI (docs/BUILDING.md).
#
# Usage: scripts/check-torch-flavours.sh [FLAVOUR...] [-- CTEST-ARGS...]
#        (default: every flavour but the default one, and `-LE slow`)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

flavours=()
ctest_args=(-LE slow)
while (($#)); do
  if [[ "$1" == -- ]]; then
    shift
    ctest_args=("$@")
    break
  fi
  flavours+=("$1")
  shift
done
if ((!${#flavours[@]})); then
  # The table, read the way setup.sh reads it (in a subshell: sourcing it
  # also makes a choice, which is not wanted here).
  # shellcheck disable=SC2016
  mapfile -t flavours < <(env -u COSYSTUDIO_TORCH_FLAVOUR ROOT="$ROOT" COSYSTUDIO_TORCH=system bash -c '
    source "$ROOT/scripts/lib/torch-choice.sh"
    for row in "${COSYSTUDIO_TORCH_FLAVOURS[@]}"; do
      [[ "${row%% *}" == "$COSYSTUDIO_DEFAULT_TORCH_FLAVOUR" ]] || echo "${row%% *}"
    done')
fi

# The environment without the system CUDA toolkit (as .ci/run's CUDA step).
# (env takes every -u before the first NAME=VALUE.)
unset_cuda=(-u CUDA_HOME -u CUDA_PATH -u CUDAToolkit_ROOT -u CUDA_TOOLKIT_ROOT -u CUDA_BIN_PATH)
kept_lists=()
for var in PATH LIBRARY_PATH LD_LIBRARY_PATH CPATH; do
  kept=()
  IFS=: read -r -a dirs <<<"${!var:-}"
  for dir in "${dirs[@]}"; do
    [[ "$dir" == /usr/local/cuda || "$dir" == /usr/local/cuda[-/]* ]] || kept+=("$dir")
  done
  # An empty entry would mean the current folder: a list left empty is unset.
  if ((${#kept[@]})); then
    kept_lists+=("$var=$(IFS=:; echo "${kept[*]}")")
  else
    unset_cuda+=(-u "$var")
  fi
done
hidden_cuda=("${unset_cuda[@]}" "${kept_lists[@]}")

status=0
summary=()
for flavour in "${flavours[@]}"; do
  build="$ROOT/build-cuda-$flavour"
  mkdir -p "$build"
  log="$build/check-torch-flavours.log"  # inside the (ignored) build folder
  echo "check-torch-flavours: $flavour into $build (log: $log)"
  started=$SECONDS
  flavour_status=0
  env "${hidden_cuda[@]}" COSYSTUDIO_TORCH=pypi COSYSTUDIO_TORCH_FLAVOUR="$flavour" \
    COSYSTUDIO_BUILD_DIR="$build" "$ROOT/scripts/test.sh" "${ctest_args[@]}" >"$log" 2>&1 ||
    flavour_status=$?
  # ctest's own count, e.g. "100% tests passed, 0 tests failed out of 430".
  result="$(awk '/tests passed, [0-9]+ tests? failed out of/ { line = $0 } END { print line }' "$log")"
  version="no cosystudio-cli"
  [[ -x "$build/bin/cosystudio-cli" ]] &&
    version="$("$build/bin/cosystudio-cli" --version 2>&1 | awk 'NR == 2 { print }')"
  if [[ -f "$build/CMakeCache.txt" ]] && grep -n /usr/local/cuda "$build/CMakeCache.txt"; then
    echo "check-torch-flavours: $flavour's CMake cache names the system CUDA toolkit (above)" >&2
    flavour_status=1
  fi
  minutes=$(((SECONDS - started) / 60))
  summary+=("$flavour: $version; ${result:-no test summary, see $log}; exit status $flavour_status; $minutes min")
  ((flavour_status == 0)) || status=1
done

echo "check-torch-flavours: $(date -u '+%Y-%m-%d %H:%M UTC'), ctest ${ctest_args[*]}"
printf 'check-torch-flavours: %s\n' "${summary[@]}"
exit "$status"
