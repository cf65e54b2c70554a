#!/usr/bin/env bash
# Installs what is missing (Debian 12 or 13 packages; for the CUDA build also PyPI's
# torch, into a cache of its own) and builds CosyStudio.
# Idempotent: installs nothing and rebuilds only what changed on a second run.
#
# Usage: scripts/setup.sh [--engine-only | --fuzz]
#        (--fuzz: the engine, the window's library and their fuzz targets,
#         with clang, ASan and UBSan; scripts/fuzz.sh calls it)
#        scripts/setup.sh --dry-run   print which build and libtorch it would
#                                     choose, and why; install and build nothing
#        scripts/setup.sh --check-packages PKG...   report what installing PKG... would do
#
# Which libtorch: see scripts/lib/torch-choice.sh (COSYSTUDIO_TORCH=system|pypi|
# pypi-cpu, COSYSTUDIO_TORCH_FLAVOUR=cu13|cu12). No CUDA toolkit is needed or
# used: the CUDA build takes its CUDA headers from PyPI's NVIDIA wheels beside torch.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/torch-choice.sh"

ENGINE_PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  libsndfile1-dev libsamplerate0-dev libebur128-dev libpcre2-dev libutf8proc-dev
  libyaml-cpp-dev libonnx-dev libprotobuf-dev protobuf-compiler libsentencepiece-dev
  libcli11-dev nlohmann-json3-dev libgtest-dev python3
)
# Debian's libtorch calls whichever libblas.so.3 is installed; without OpenBLAS
# that is the netlib reference BLAS, 15-35x slower (docs/PERFORMANCE.md).
# libblas3 is the reference BLAS itself: the parity sets also run on it.
SYSTEM_TORCH_PACKAGES=(libtorch-dev libopenblas0-pthread libblas3)
PYPI_TORCH_PACKAGES=(python3-venv)
# clang with its libFuzzer and sanitizer runtimes.
FUZZ_PACKAGES=(clang libclang-rt-dev)
# qt6-websockets-dev: Qt HTTP Server's CMake package needs it, but Debian's qt6-httpserver-dev does not depend on it.
APP_PACKAGES=(
  qt6-base-dev qt6-multimedia-dev qt6-httpserver-dev qt6-websockets-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libgl-dev xvfb xauth pulseaudio pulseaudio-utils
  desktop-file-utils appstream dpkg-dev file help2man librsvg2-bin  # file: cpack's DEB generator finds the libraries with it
  qt6-translations-l10n fonts-wqy-microhei
  libbz2-dev unicode-data festlex-cmu libzip-dev
  libopusenc-dev opus-tools  # a book in one file with chapter marks, and opusinfo to read them back
  curl python3-venv openssl  # the speech server's tests: curl, the openai package in a venv, HTTPS
  haproxy slurm-wlm munge  # packaging/cluster/'s tests: servers behind a balancer, a book by a Slurm job array
  qtkeychain-qt6-dev  # the server's token in the desktop's secret store
  gnome-keyring dbus-daemon libsecret-1-0  # a secret store for its test, on a session bus of the test's own
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

# The choice torch-choice.sh made, and why.
print_choice() {
  echo "setup: system: $COSYSTUDIO_DISTRO"
  echo "setup: NVIDIA driver: $COSYSTUDIO_NVIDIA_DRIVER"
  if [[ "$COSYSTUDIO_TORCH_KIND" == pypi ]]; then
    echo "setup: build: CUDA build (COSYSTUDIO_TORCH_KIND=pypi): PyPI's torch $COSYSTUDIO_PYPI_TORCH_VERSION" \
         "with CUDA $COSYSTUDIO_PYPI_TORCH_CUDA (flavour $COSYSTUDIO_TORCH_FLAVOUR) into $COSYSTUDIO_BUILD_DIR"
  elif [[ "$COSYSTUDIO_TORCH_KIND" == pypi-cpu ]]; then
    echo "setup: build: CPU build (COSYSTUDIO_TORCH_KIND=pypi-cpu): PyPI's torch $COSYSTUDIO_PYPI_TORCH_VERSION" \
         "without its CUDA libraries into $COSYSTUDIO_BUILD_DIR"
  else
    echo "setup: build: CPU build (COSYSTUDIO_TORCH_KIND=system): Debian's libtorch $COSYSTUDIO_SYSTEM_TORCH into $COSYSTUDIO_BUILD_DIR"
  fi
  echo "setup: why: $COSYSTUDIO_TORCH_WHY"
  describe_gpus | sed 's/^/setup: GPU: /'
}

# What pip installs into the torch cache: torch, and the PyPI packages with the
# CUDA headers its own NVIDIA wheels lack (torch-choice.sh's table).
PYPI_SPEC_STAMP="${COSYSTUDIO_TORCH_VENV:-}/.cosystudio-pip-spec"
# For the CPU build, torch without its dependencies: the NVIDIA wheels it names
# hold its CUDA half's libraries, and the Python packages serve only Python.
pypi_spec() {
  local no_deps=""
  [[ "$COSYSTUDIO_TORCH_KIND" == pypi-cpu ]] && no_deps="--no-deps "
  echo "${no_deps}torch==$COSYSTUDIO_PYPI_TORCH_VERSION ${COSYSTUDIO_PYPI_TORCH_EXTRAS[*]}"
}

pypi_torch_installed() {
  [[ -f "$PYPI_SPEC_STAMP" && "$(<"$PYPI_SPEC_STAMP")" == "$(pypi_spec)" ]]
}

# PyPI's torch wheel carries a complete CUDA libtorch (headers, libraries,
# TorchConfig.cmake, cxx11 ABI) and depends on NVIDIA's wheels of the CUDA
# libraries. It goes into a virtual environment of the project's own (one per
# torch version and build kind), never into the system Python.
install_pypi_torch() {
  pypi_torch_installed && return 0
  print_choice
  echo "setup: downloading it once ($COSYSTUDIO_PYPI_TORCH_DOWNLOAD) into"
  echo "setup:   $COSYSTUDIO_TORCH_VENV"
  echo "setup: later runs reuse it; pip keeps the downloads in its own cache."
  [[ -x "$COSYSTUDIO_TORCH_VENV/bin/pip" ]] || python3 -m venv "$COSYSTUDIO_TORCH_VENV"
  local progress=off spec
  [[ -t 1 ]] && progress=on
  read -r -a spec <<<"$(pypi_spec)"
  "$COSYSTUDIO_TORCH_VENV/bin/pip" install --disable-pip-version-check --progress-bar "$progress" "${spec[@]}"
  pypi_spec >"$PYPI_SPEC_STAMP"
}

# torch's site-packages folder, found without importing torch (which is slow
# and warns without numpy).
torch_site_packages() {
  "$COSYSTUDIO_TORCH_VENV/bin/python" -c \
    'import importlib.util, os; print(os.path.dirname(os.path.dirname(importlib.util.find_spec("torch").origin)))'
}

# libtorch's CMake package (Caffe2/public/cuda.cmake) asks for a whole CUDA
# toolkit: nvcc for a version check and a test compile, CUDAToolkit, a program
# built against cuda.h. All of it only defines torch::cudart, the one CUDA
# target libtorch's own targets link, and it skips all of it when that target
# exists. PyPI has no nvcc for CUDA 12, but NVIDIA's wheels beside torch carry
# the CUDA runtime, its headers and the math libraries' headers, one folder
# each (cu12) or all in nvidia/cu13. This links them into one toolkit-shaped
# folder (include/, lib64/) and writes torch-cudart.cmake, which defines
# torch::cudart from it; CMake includes it after project() (CMAKE_PROJECT_INCLUDE).
CUDA_DIR="${COSYSTUDIO_TORCH_VENV:-}/cuda"
make_cuda_folder() {
  [[ -f "$CUDA_DIR/torch-cudart.cmake" && "$CUDA_DIR/torch-cudart.cmake" -nt "$PYPI_SPEC_STAMP" ]] && return 0
  local site="$1" new="$CUDA_DIR.new" pkg cudart
  rm -rf "$new"
  mkdir -p "$new/include" "$new/lib64"
  for pkg in "$site"/nvidia/*/; do
    # -s: symbolic links to the files (sources must be absolute), real folders
    # where packages share one (crt/); -n: the first package's file stays.
    [[ -d "${pkg}include" ]] && cp -rsn "${pkg}include/." "$new/include/"
    [[ -d "${pkg}lib" ]] && cp -rsn "${pkg}lib/." "$new/lib64/"
  done
  for cudart in "$new"/lib64/libcudart.so.[0-9]*; do
    ln -s "${cudart##*/}" "$new/lib64/libcudart.so"
    break
  done
  local needed
  for needed in include/cuda_runtime_api.h include/crt/host_config.h include/cublas_v2.h lib64/libcudart.so; do
    if [[ ! -e "$new/$needed" ]]; then
      echo "setup: $needed is not in PyPI's NVIDIA packages under $site/nvidia;" \
           "remove $COSYSTUDIO_TORCH_VENV and run setup again" >&2
      exit 1
    fi
  done
  cat >"$new/torch-cudart.cmake" <<CMAKE
# Written by CosyStudio's scripts/setup.sh (make_cuda_folder): the CUDA runtime
# target libtorch's targets link, from PyPI's NVIDIA wheels. libtorch's
# cuda.cmake returns at once when it exists, so no CUDA toolkit is looked for.
if(NOT TARGET torch::cudart)
  add_library(torch::cudart INTERFACE IMPORTED GLOBAL)
  set_target_properties(torch::cudart PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "$CUDA_DIR/include"
    INTERFACE_LINK_LIBRARIES "$CUDA_DIR/lib64/libcudart.so")
endif()
CMAKE
  rm -rf "$CUDA_DIR"
  mv "$new" "$CUDA_DIR"
}

# One entry of a CMakeCache.txt ($1) by name ($2), or nothing.
cached_value() {
  awk -v key="$2" 'index($0, key ":") == 1 { sub(/^[^=]*=/, ""); print; exit }' "$1"
}

# A build folder configured against another libtorch (another flavour, the
# other build kind, or the CUDA toolkit CUDA builds used to need) is configured
# again from scratch: CMake keeps Torch_DIR and the compilers it found in its
# cache. Compiled objects stay; ninja rebuilds what the new flags change.
forget_other_torch() {
  local cache="$COSYSTUDIO_BUILD_DIR/CMakeCache.txt" want_prefix="$1" want_include="$2"
  [[ -f "$cache" ]] || return 0
  local prefix include nvcc
  prefix="$(cached_value "$cache" CMAKE_PREFIX_PATH)"
  include="$(cached_value "$cache" CMAKE_PROJECT_INCLUDE)"
  nvcc="$(cached_value "$cache" CMAKE_CUDA_COMPILER)"
  if [[ "$prefix" != "$want_prefix" || "$include" != "$want_include" || -n "$nvcc" ]]; then
    local was="$prefix"
    [[ -n "$was" ]] || was="Debian's libtorch"
    echo "setup: $COSYSTUDIO_BUILD_DIR was configured against another libtorch ($was);" \
         "configuring it again"
    rm -rf "$cache" "$COSYSTUDIO_BUILD_DIR"/CMakeFiles/[0-9]*
  fi
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
  --dry-run)
    print_choice
    if [[ "$COSYSTUDIO_TORCH_KIND" == pypi* ]]; then
      if pypi_torch_installed; then
        echo "setup: dry run: $(pypi_spec) is installed in $COSYSTUDIO_TORCH_VENV"
      else
        echo "setup: dry run: would install $(pypi_spec) into $COSYSTUDIO_TORCH_VENV" \
             "($COSYSTUDIO_PYPI_TORCH_DOWNLOAD)"
      fi
    fi
    echo "setup: dry run: nothing installed, downloaded or built"
    exit 0 ;;
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

torch_args=(-DCOSYSTUDIO_TORCH_CPU_ONLY=OFF)
if [[ "$COSYSTUDIO_TORCH_KIND" == pypi* ]]; then
  install_pypi_torch
  site="$(torch_site_packages)"
  prefix="$site/torch/share/cmake"   # torch.utils.cmake_prefix_path
  if [[ "$COSYSTUDIO_TORCH_KIND" == pypi ]]; then
    make_cuda_folder "$site"
    torch_args+=(-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_PROJECT_INCLUDE="$CUDA_DIR/torch-cudart.cmake")
    forget_other_torch "$prefix" "$CUDA_DIR/torch-cudart.cmake"
  else
    torch_args=(-DCOSYSTUDIO_TORCH_CPU_ONLY=ON -DCMAKE_PREFIX_PATH="$prefix")
    forget_other_torch "$prefix" ""
  fi
else
  forget_other_torch "" ""
fi
fuzz_args=()
[[ "$FUZZ" == ON ]] && fuzz_args=(-DCOSYSTUDIO_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++)

# ccache hits across fresh clones only with these two settings; its cache lives
# outside the checkout.
export CCACHE_BASEDIR="$ROOT"
export CCACHE_NOHASHDIR=true
export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"

print_choice
cmake -S "$ROOT" -B "$COSYSTUDIO_BUILD_DIR" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOSYSTUDIO_ENGINE_ONLY="$ENGINE_ONLY" "${torch_args[@]}" "${fuzz_args[@]}" >/dev/null
cmake --build "$COSYSTUDIO_BUILD_DIR" --parallel "$(nproc)"
