#!/usr/bin/env bash
# Installs what is missing, builds, and starts CosyStudio. Arguments go to the
# app, e.g. scripts/run.sh --model ~/models/Fun-CosyVoice3-0.5B-2512
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/setup.sh"
exec "${COSYSTUDIO_BUILD_DIR:-$ROOT/build}/bin/cosystudio" "$@"
