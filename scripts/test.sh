#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. Arguments go to ctest,
# e.g. scripts/test.sh -L parity. COSYSTUDIO_TORCH=pypi-cpu|system|pypi picks the build
# (scripts/lib/torch-choice.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/torch-choice.sh"
"$ROOT/scripts/setup.sh"
cd "$COSYSTUDIO_BUILD_DIR"
# ctest runs one test per core at once: one thread each keeps them from
# competing for the cores (OpenMP threads spin while they wait). The cores are
# counted first: nproc obeys OMP_NUM_THREADS.
cores="$(nproc)"
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}"
exec ctest --output-on-failure --timeout 1500 --parallel "$cores" "$@"
