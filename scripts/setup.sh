#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages only) and builds CosyStudio.
# Idempotent: installs nothing and rebuilds only what changed on a second run.
# Usage: scripts/setup.sh [--engine-only]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${COSYSTUDIO_BUILD_DIR:-$ROOT/build}"
ENGINE_ONLY=OFF
[[ "${1:-}" == "--engine-only" ]] && ENGINE_ONLY=ON

ENGINE_PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  libtorch-dev libsndfile1-dev libsamplerate0-dev libebur128-dev libpcre2-dev libutf8proc-dev
  libyaml-cpp-dev libonnx-dev libprotobuf-dev protobuf-compiler
  libcli11-dev nlohmann-json3-dev libgtest-dev
)
APP_PACKAGES=(
  qt6-base-dev qt6-multimedia-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libgl-dev xvfb xauth pulseaudio pulseaudio-utils
  desktop-file-utils appstream dpkg-dev help2man librsvg2-bin
  qt6-translations-l10n fonts-wqy-microhei
  libbz2-dev unicode-data festlex-cmu
)
packages=("${ENGINE_PACKAGES[@]}")
[[ "$ENGINE_ONLY" == OFF ]] && packages+=("${APP_PACKAGES[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  SUDO=""
  [[ $EUID -ne 0 ]] && SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  for p in "${missing[@]}"; do
    if ! apt-cache policy "$p" | grep -q "Candidate: [0-9]"; then
      echo "setup: package '$p' is not available from the configured Debian mirror" >&2
      exit 1
    fi
  done
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# ccache hits across fresh clones only with these two settings; its cache lives
# outside the checkout.
export CCACHE_BASEDIR="$ROOT"
export CCACHE_NOHASHDIR=true
export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"

cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOSYSTUDIO_ENGINE_ONLY="$ENGINE_ONLY" >/dev/null
cmake --build "$BUILD_DIR" --parallel "$(nproc)"
