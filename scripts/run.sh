#!/usr/bin/env bash
# Installs what is missing, builds, and starts CosyStudio: the CUDA build when
# nvidia-smi lists a GPU, the CPU build otherwise (COSYSTUDIO_TORCH=pypi-cpu|system|pypi
# forces one, see scripts/lib/torch-choice.sh). Arguments go to the app,
# e.g. scripts/run.sh --model ~/models/Fun-CosyVoice3-0.5B-2512
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/torch-choice.sh"
"$ROOT/scripts/setup.sh"
exec "$COSYSTUDIO_BUILD_DIR/bin/cosystudio" "$@"
