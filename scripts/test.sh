#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. Arguments go to ctest,
# e.g. scripts/test.sh -L parity
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/setup.sh"
cd "${COSYSTUDIO_BUILD_DIR:-$ROOT/build}"
exec ctest --output-on-failure --timeout 1500 --parallel "$(nproc)" "$@"
