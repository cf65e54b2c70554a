#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages; for the CUDA build also PyPI's
# torch, into a cache of its own) and builds CosyStudio.
# Idempotent: installs nothing and rebuilds only what changed on a second run.
#
# Usage: scripts/setup.sh [--engine-only | --fuzz]
#        (--fuzz: the engine, the window's library and their fuzz targets,
#         with clang, ASan and UBSan; scripts/fuzz.sh calls it)
#        scripts/setup.sh --check-packages PKG...   report what installing PKG... would do
#
# Which libtorch: see scripts/lib/torch-choice.sh (COSYSTUDIO_TORCH=system|pypi).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/torch-choice.sh"

ENGINE_PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  libsndfile1-dev libsamplerate0-dev libebur128-dev libpcre2-dev libutf8proc-dev
  libyaml-cpp-dev libonnx-dev libprotobuf-dev protobuf-compiler
  libcli11-dev nlohmann-json3-dev libgtest-dev python3
)
# Debian's libtorch calls whichever libblas.so.3 is installed; without OpenBLAS
# that is the netlib reference BLAS, 15-35x slower (docs/PERFORMANCE.md).
# libblas3 is the reference BLAS itself: the parity sets also run on it.
SYSTEM_TORCH_PACKAGES=(libtorch-dev libopenblas0-pthread libblas3)
PYPI_TORCH_PACKAGES=(python3-venv)
# clang with its libFuzzer and sanitizer runtimes.
FUZZ_PACKAGES=(clang libclang-rt-dev)
APP_PACKAGES=(
  qt6-base-dev qt6-multimedia-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libgl-dev xvfb xauth pulseaudio pulseaudio-utils
  desktop-file-utils appstream dpkg-dev help2man librsvg2-bin
  qt6-translations-l10n fonts-wqy-microhei
  libbz2-dev unicode-data festlex-cmu
)

is_installed() {
  local status
  status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)"
  [[ "$status" == "install ok installed" ]]
}

# The version apt would install, or nothing. awk reads all of apt-cache's
# output, so apt-cache never dies of SIGPIPE (which `| grep -q` causes under
# pipefail as soon as grep has its match).
candidate_version() {
  local version
  version="$(apt-cache policy "$1" 2>/dev/null | awk '$1 == "Candidate:" { print $2 }')"
  [[ "$version" == "(none)" ]] && version=""
  echo "$version"
}

# Prints one line per package; fails when one is neither installed nor available.
check_packages() {
  local p version unavailable=0
  for p in "$@"; do
    if is_installed "$p"; then
      echo "setup: $p is installed"
    elif version="$(candidate_version "$p")" && [[ -n "$version" ]]; then
      echo "setup: $p $version will be installed"
    else
      echo "setup: package '$p' is not available from the configured Debian mirror" >&2
      unavailable=1
    fi
  done
  return "$unavailable"
}

install_missing_packages() {
  local p missing=()
  for p in "$@"; do is_installed "$p" || missing+=("$p"); done
  ((${#missing[@]})) || return 0
  local sudo=""
  [[ $EUID -ne 0 ]] && sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  check_packages "${missing[@]}" >/dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

installed_pypi_torch() {
  "$COSYSTUDIO_TORCH_VENV/bin/python" -c \
    'import importlib.metadata as m; print(m.version("torch"))' 2>/dev/null || true
}

# PyPI's torch wheel carries a complete CUDA libtorch (headers, libraries,
# TorchConfig.cmake, cxx11 ABI). It goes into a virtual environment of the
# project's own, never into the system Python.
install_pypi_torch() {
  [[ "$(installed_pypi_torch)" == "$COSYSTUDIO_PYPI_TORCH_VERSION" ]] && return 0
  echo "setup: the CUDA build uses PyPI's torch $COSYSTUDIO_PYPI_TORCH_VERSION" \
       "(libtorch with CUDA $COSYSTUDIO_PYPI_TORCH_CUDA)."
  echo "setup: downloading it once: about 2.7 GB with its CUDA libraries (2.5 GB installed) into"
  echo "setup:   $COSYSTUDIO_TORCH_VENV"
  echo "setup: later runs reuse it; pip keeps the downloads in its own cache."
  [[ -x "$COSYSTUDIO_TORCH_VENV/bin/pip" ]] || python3 -m venv "$COSYSTUDIO_TORCH_VENV"
  local progress=off
  [[ -t 1 ]] && progress=on
  "$COSYSTUDIO_TORCH_VENV/bin/pip" install --disable-pip-version-check --progress-bar "$progress" \
    "torch==$COSYSTUDIO_PYPI_TORCH_VERSION"
}

# libtorch's CMake package needs the CUDA toolkit (nvcc, the runtime headers)
# of the major version torch was built with.
find_nvcc() {
  local nvcc
  nvcc="$(command -v nvcc || true)"
  [[ -z "$nvcc" && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
  if [[ -z "$nvcc" ]]; then
    echo "setup: the CUDA build needs NVIDIA's CUDA toolkit $COSYSTUDIO_PYPI_TORCH_CUDA (nvcc) in" \
         "/usr/local/cuda or on PATH; install it from developer.nvidia.com/cuda-downloads," \
         "or build the CPU version with COSYSTUDIO_TORCH=system" >&2
    exit 1
  fi
  echo "$nvcc"
}

if [[ "${1:-}" == "--check-packages" ]]; then
  shift
  check_packages "$@"
  exit
fi
ENGINE_ONLY=OFF
FUZZ=OFF
case "${1:-}" in
  --engine-only) ENGINE_ONLY=ON ;;
  --fuzz) FUZZ=ON ;;
esac

packages=("${ENGINE_PACKAGES[@]}")
if [[ "$COSYSTUDIO_TORCH_KIND" == system ]]; then
  packages+=("${SYSTEM_TORCH_PACKAGES[@]}")
else
  packages+=("${PYPI_TORCH_PACKAGES[@]}")
fi
[[ "$ENGINE_ONLY" == OFF ]] && packages+=("${APP_PACKAGES[@]}")
[[ "$FUZZ" == ON ]] && packages+=("${FUZZ_PACKAGES[@]}")
install_missing_packages "${packages[@]}"

torch_args=()
if [[ "$COSYSTUDIO_TORCH_KIND" == pypi ]]; then
  install_pypi_torch
  nvcc="$(find_nvcc)"
  torch_args=(
    # torch.utils.cmake_prefix_path, found without importing torch (which is slow and warns without numpy)
    -DCMAKE_PREFIX_PATH="$("$COSYSTUDIO_TORCH_VENV/bin/python" -c \
      'import importlib.util, os; print(os.path.join(os.path.dirname(importlib.util.find_spec("torch").origin), "share", "cmake"))')"
    -DCMAKE_CUDA_COMPILER="$nvcc"
  )
fi
fuzz_args=()
[[ "$FUZZ" == ON ]] && fuzz_args=(-DCOSYSTUDIO_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++)

# ccache hits across fresh clones only with these two settings; its cache lives
# outside the checkout.
export CCACHE_BASEDIR="$ROOT"
export CCACHE_NOHASHDIR=true
export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"

echo "setup: building with $COSYSTUDIO_TORCH_KIND libtorch into $COSYSTUDIO_BUILD_DIR"
cmake -S "$ROOT" -B "$COSYSTUDIO_BUILD_DIR" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOSYSTUDIO_ENGINE_ONLY="$ENGINE_ONLY" "${torch_args[@]}" "${fuzz_args[@]}" >/dev/null
cmake --build "$COSYSTUDIO_BUILD_DIR" --parallel "$(nproc)"
