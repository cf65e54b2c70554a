#!/usr/bin/env bash
# scripts/setup.sh --dry-run against a fake nvidia-smi for each row of the
# driver table (scripts/lib/torch-choice.sh), an unreadable answer and no
# nvidia-smi at all: checks the build kind, the torch chosen, its CUDA, the
# reason given, and what it says of the card (its compute capability against
# the torch's architectures). Installs and downloads nothing.
# Usage: torch_choice_test.sh [SOURCE_ROOT]
set -euo pipefail
ROOT="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
SETUP="$ROOT/scripts/setup.sh"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The torch cache of the dry runs: it must stay empty.
export COSYSTUDIO_CACHE="$tmp/cache"
# What the caller chose (CI runs this inside COSYSTUDIO_TORCH=pypi) must not leak in.
unset COSYSTUDIO_TORCH COSYSTUDIO_TORCH_FLAVOUR COSYSTUDIO_BUILD_DIR

# The fake answers the four questions setup asks, as a driver FAKE_DRIVER
# with CUDA FAKE_CUDA would for a GPU FAKE_GPU (an RTX 3090 unless set) of
# compute capability FAKE_CAP (8.6; "none": a driver too old to say);
# FAKE_DRIVER may be any text.
mkdir "$tmp/fake"
cat >"$tmp/fake/nvidia-smi" <<'SMI'
#!/bin/sh
gpu="${FAKE_GPU:-NVIDIA GeForce RTX 3090}"
case "$*" in
  -L) echo "GPU 0: $gpu (UUID: GPU-00000000-0000-0000-0000-000000000000)" ;;
  --query-gpu=driver_version\ --format=csv,noheader) echo "$FAKE_DRIVER" ;;
  --query-gpu=name,compute_cap\ --format=csv,noheader)
    if [ "${FAKE_CAP:-}" = none ]; then
      echo 'Field "compute_cap" is not a valid field to query.'; exit 2
    fi
    echo "$gpu, ${FAKE_CAP:-8.6}" ;;
  "") cat <<BANNER
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI $FAKE_DRIVER              Driver Version: $FAKE_DRIVER      CUDA Version: $FAKE_CUDA     |
+-----------------------------------------------------------------------------------------+
BANNER
  ;;
  *) echo "fake nvidia-smi: unexpected arguments: $*" >&2; exit 2 ;;
esac
SMI
chmod +x "$tmp/fake/nvidia-smi"

# A PATH with every program of this one but nvidia-smi, for "no driver at all"
# even on a machine that has one.
mkdir "$tmp/no-smi"
IFS=: read -r -a path_dirs <<<"$PATH"
for dir in "${path_dirs[@]}"; do
  [[ -d "$dir" ]] && cp -sn "$dir"/* "$tmp/no-smi/" 2>/dev/null || true
done
rm -f "$tmp/no-smi/nvidia-smi"

failures=0
out=""
# check NAME PATTERN...: each glob PATTERN must match a line of the last output.
check() {
  local name="$1" pattern line found
  shift
  for pattern in "$@"; do
    found=0
    while IFS= read -r line; do
      # shellcheck disable=SC2053  # the pattern is a glob on purpose
      if [[ "$line" == $pattern ]]; then found=1; break; fi
    done <<<"$out"
    if ((!found)); then
      echo "FAIL $name: no line matches '$pattern' in:" >&2
      echo "$out" | sed 's/^/    /' >&2
      failures=$((failures + 1))
      return 0
    fi
  done
  echo "ok   $name"
}

# dry_run PATH [VAR=VALUE...]: setup.sh --dry-run; its output in $out, exit status in $status.
dry_run() {
  local path="$1"
  shift
  status=0
  out="$(env "$@" PATH="$path" bash "$SETUP" --dry-run 2>&1)" || status=$?
}

with_fake="$tmp/fake:$PATH"
cu12="setup: build: CUDA build (COSYSTUDIO_TORCH_KIND=pypi): PyPI's torch 2.10.0 with CUDA 12.8 (flavour cu12) into $ROOT/build-cuda"
cu13="setup: build: CUDA build (COSYSTUDIO_TORCH_KIND=pypi): PyPI's torch 2.11.0 with CUDA 13.0 (flavour cu13) into $ROOT/build-cuda"
system="setup: build: CPU build (COSYSTUDIO_TORCH_KIND=system): Debian's libtorch [0-9]*.[0-9]* (libtorch-dev *) into $ROOT/build"
cpu="setup: build: CPU build (COSYSTUDIO_TORCH_KIND=pypi-cpu): PyPI's torch 2.11.0 without its CUDA libraries into $ROOT/build-cpu"
cpu_why="; on the CPU, PyPI's libtorch is * (COSYSTUDIO_TORCH=system builds on Debian's packages alone)"
minor="*CUDA 12.8 programs run on R525 and newer through CUDA's minor-version compatibility*"

dry_run "$with_fake" FAKE_DRIVER=535.247.01 FAKE_CUDA=12.2
check "R535 (Debian 12's driver): torch 2.10.0, CUDA 12.8" \
  "setup: NVIDIA driver: 535.247.01 (nvidia-smi: CUDA 12.2)" "$cu12" \
  "setup: why: driver 535.247.01 is older than R580, which CUDA 13.0 needs;$minor" \
  "setup: dry run: would install torch==2.10.0 nvidia-cuda-nvcc-cu12==12.8.93 nvidia-cuda-cccl-cu12==12.8.90 into $COSYSTUDIO_CACHE/torch-2.10.0 *" \
  "setup: dry run: nothing installed, downloaded or built"

dry_run "$with_fake" FAKE_DRIVER=550.163.01 FAKE_CUDA=12.4
check "R550: torch 2.10.0, CUDA 12.8" "setup: NVIDIA driver: 550.163.01 (nvidia-smi: CUDA 12.4)" "$cu12" "setup: why: $minor"

dry_run "$with_fake" FAKE_DRIVER=575.64.05 FAKE_CUDA=12.9
check "R575: torch 2.10.0, CUDA 12.8" "setup: NVIDIA driver: 575.64.05 (nvidia-smi: CUDA 12.9)" "$cu12" "setup: why: $minor"

dry_run "$with_fake" FAKE_DRIVER=580.95.05 FAKE_CUDA=13.0
check "R580: torch 2.11.0, CUDA 13.0" \
  "setup: NVIDIA driver: 580.95.05 (nvidia-smi: CUDA 13.0)" "$cu13" \
  "setup: why: driver 580.95.05 runs CUDA 13.0, which needs R580 or newer" \
  "setup: dry run: would install torch==2.11.0 cuda-toolkit\[crt,cccl\]==13.0.2 into $COSYSTUDIO_CACHE/torch-2.11.0 *"

dry_run "$with_fake" FAKE_DRIVER=470.256.02 FAKE_CUDA=11.4
check "R470, older than every row: the CPU build, and the driver it needs" \
  "setup: NVIDIA driver: 470.256.02 (nvidia-smi: CUDA 11.4)" "$cpu" \
  "setup: why: driver 470.256.02 is older than R525,*needs NVIDIA driver R525 or newer (R580 or newer for CUDA 13.0)$cpu_why"

dry_run "$with_fake" "FAKE_DRIVER=[N/A]" FAKE_CUDA=12.2
check "an unreadable driver version: the CPU build, and the driver it needs" \
  "setup: NVIDIA driver: unreadable (nvidia-smi lists a GPU but answers '\[N/A\]' for its driver version)" "$cpu" \
  "setup: why: the driver version could not be read; the GPU build needs NVIDIA driver R525 or newer*"

dry_run "$tmp/no-smi"
check "no nvidia-smi: the CPU build on PyPI's torch, without its CUDA libraries" \
  "setup: NVIDIA driver: none (no nvidia-smi)" "$cpu" "setup: why: no NVIDIA GPU is listed (nvidia-smi -L)$cpu_why" \
  "setup: dry run: would install --no-deps torch==2.11.0 nvidia-cuda-runtime==13.0.96 nvidia-cuda-cupti==13.0.85 into $COSYSTUDIO_CACHE/torch-2.11.0-cpu (about 545 MB, 1.3 GB installed)"

dry_run "$tmp/no-smi" COSYSTUDIO_TORCH=system
check "COSYSTUDIO_TORCH=system without a GPU: Debian's libtorch, nothing from PyPI" "$system" \
  "setup: why: COSYSTUDIO_TORCH=system asks for it" "setup: dry run: nothing installed, downloaded or built"
if [[ "$out" == *"would install"* ]]; then
  echo "FAIL COSYSTUDIO_TORCH=system would install from PyPI:" >&2
  echo "$out" | sed 's/^/    /' >&2
  failures=$((failures + 1))
fi

dry_run "$with_fake" FAKE_DRIVER=580.95.05 FAKE_CUDA=13.0 COSYSTUDIO_TORCH=pypi-cpu
check "COSYSTUDIO_TORCH=pypi-cpu on R580: the CPU build, the driver not asked" "$cpu" \
  "setup: NVIDIA driver: not asked (COSYSTUDIO_TORCH=pypi-cpu)" "setup: why: COSYSTUDIO_TORCH=pypi-cpu asks for it"

dry_run "$tmp/no-smi" COSYSTUDIO_TORCH=pypi
check "COSYSTUDIO_TORCH=pypi without a GPU (CI): the default flavour, torch 2.11.0" "$cu13" \
  "setup: why: COSYSTUDIO_TORCH=pypi asks for it and no driver says which CUDA*"

dry_run "$with_fake" FAKE_DRIVER=535.247.01 FAKE_CUDA=12.2 COSYSTUDIO_TORCH_FLAVOUR=cu13
check "COSYSTUDIO_TORCH_FLAVOUR=cu13 on R535: forced, with a warning" "$cu13" \
  "setup: why: COSYSTUDIO_TORCH_FLAVOUR=cu13 asks for it; warning: driver 535.247.01 is older than R580*"

dry_run "$with_fake" FAKE_DRIVER=580.95.05 FAKE_CUDA=13.0 COSYSTUDIO_TORCH_FLAVOUR=cu12 COSYSTUDIO_BUILD_DIR="$tmp/b"
check "COSYSTUDIO_TORCH_FLAVOUR=cu12 on R580, in a folder of its own" \
  "setup: build: CUDA build (COSYSTUDIO_TORCH_KIND=pypi): PyPI's torch 2.10.0 with CUDA 12.8 (flavour cu12) into $tmp/b"

dry_run "$with_fake" FAKE_DRIVER=580.95.05 FAKE_CUDA=13.0 COSYSTUDIO_TORCH=system
check "COSYSTUDIO_TORCH=system on R580: the CPU build" "$system" "setup: why: COSYSTUDIO_TORCH=system asks for it"

printf 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\n' >"$tmp/os-release"
dry_run "$tmp/no-smi" COSYSTUDIO_OS_RELEASE="$tmp/os-release"
check "the system is named from os-release" "setup: system: Debian GNU/Linux 13 (trixie)" "$cpu"

# The card: its compute capability, and whether the torch chosen has code for it.
archs13="(sm_75 sm_80 sm_86 sm_90 sm_100 sm_120)"
dry_run "$with_fake" FAKE_DRIVER=580.95.05 FAKE_CUDA=13.0
check "an RTX 3090 (8.6) on torch 2.11.0" "$cu13" \
  "setup: GPU: NVIDIA GeForce RTX 3090, compute capability 8.6: torch 2.11.0 has code for it $archs13"

dry_run "$with_fake" FAKE_DRIVER=580.95.05 FAKE_CUDA=13.0 "FAKE_GPU=Tesla V100-SXM2-16GB" FAKE_CAP=7.0
check "a V100 (7.0) on torch 2.11.0, which has no Volta: torch 2.10.0 has" "$cu13" \
  "setup: GPU: Tesla V100-SXM2-16GB, compute capability 7.0: torch 2.11.0 has no code for it $archs13;*COSYSTUDIO_TORCH_FLAVOUR=cu12 (torch 2.10.0) has"

dry_run "$with_fake" FAKE_DRIVER=535.247.01 FAKE_CUDA=12.2 "FAKE_GPU=NVIDIA GeForce GTX 1080" FAKE_CAP=6.1
check "a GTX 1080 (6.1): no flavour has code for it" "$cu12" \
  "setup: GPU: NVIDIA GeForce GTX 1080, compute capability 6.1: torch 2.10.0 has no code for it (sm_70 *); no flavour has: it would run on the CPU"

dry_run "$with_fake" FAKE_DRIVER=470.256.02 FAKE_CUDA=11.4 "FAKE_GPU=NVIDIA GeForce GTX 1080" FAKE_CAP=none
check "a driver that does not say the compute capability" "$cpu" \
  "setup: GPU: compute capability unknown (nvidia-smi --query-gpu=name,compute_cap answers 'Field \"compute_cap\" is not a valid field to query.')"

dry_run "$with_fake" FAKE_DRIVER=470.256.02 FAKE_CUDA=11.4 "FAKE_GPU=NVIDIA GeForce GTX 1080" FAKE_CAP=6.1
check "the CPU build names the card it does not use" "$cpu" \
  "setup: GPU: NVIDIA GeForce GTX 1080, compute capability 6.1 (the CPU build does not use it)"

dry_run "$with_fake" FAKE_DRIVER=580.95.05 FAKE_CUDA=13.0 COSYSTUDIO_TORCH_FLAVOUR=cu11
out+=$'\n'"exit status $status"
check "an unknown flavour is refused" "COSYSTUDIO_TORCH_FLAVOUR must be one of cu13|cu12, not 'cu11'" "exit status 2"

dry_run "$tmp/no-smi" COSYSTUDIO_TORCH=pypi-cpu COSYSTUDIO_TORCH_FLAVOUR=cu13
out+=$'\n'"exit status $status"
check "a flavour with a CPU build is refused" \
  "COSYSTUDIO_TORCH_FLAVOUR=cu13 picks a CUDA build, COSYSTUDIO_TORCH=pypi-cpu a CPU one: set only one" "exit status 2"

if [[ -e "$COSYSTUDIO_CACHE" ]]; then
  echo "FAIL a dry run wrote into the torch cache $COSYSTUDIO_CACHE" >&2
  failures=$((failures + 1))
fi
((failures == 0)) || { echo "$failures check(s) failed" >&2; exit 1; }
echo "all choices right"
