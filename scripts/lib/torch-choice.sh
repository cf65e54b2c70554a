# Sourced by setup.sh, test.sh and run.sh: which libtorch CosyStudio is built
# against, and the build folder that goes with it. ROOT must be set.
#
#   system  Debian's libtorch 1.13, CPU only, on OpenBLAS       -> build/
#   pypi    the CUDA libtorch inside PyPI's torch wheel          -> build-cuda/
#
# COSYSTUDIO_TORCH=system|pypi forces one; unset (or auto), the CUDA build is
# chosen when nvidia-smi lists a GPU. COSYSTUDIO_BUILD_DIR overrides the folder.

# The one pin of the CUDA build: PyPI's torch 2.11.0 is built with CUDA 13.0.
COSYSTUDIO_PYPI_TORCH_VERSION="2.11.0"
COSYSTUDIO_PYPI_TORCH_CUDA="13.0"

COSYSTUDIO_CACHE="${COSYSTUDIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cosystudio}"
COSYSTUDIO_TORCH_VENV="$COSYSTUDIO_CACHE/torch-$COSYSTUDIO_PYPI_TORCH_VERSION"

# Captured, not piped into grep -q: under pipefail an early-exiting reader
# kills the writer with SIGPIPE and the pipeline fails although it matched.
gpu_listed() {
  local gpus
  gpus="$(nvidia-smi -L 2>/dev/null || true)"
  [[ "$gpus" == GPU\ * || "$gpus" == *$'\n'GPU\ * ]]
}

case "${COSYSTUDIO_TORCH:-auto}" in
  auto)
    if gpu_listed; then COSYSTUDIO_TORCH_KIND=pypi; else COSYSTUDIO_TORCH_KIND=system; fi ;;
  system | pypi)
    COSYSTUDIO_TORCH_KIND="$COSYSTUDIO_TORCH" ;;
  *)
    echo "COSYSTUDIO_TORCH must be 'system' (Debian's CPU libtorch), 'pypi' (CUDA libtorch from PyPI)" \
         "or 'auto', not '$COSYSTUDIO_TORCH'" >&2
    exit 2 ;;
esac

if [[ "$COSYSTUDIO_TORCH_KIND" == pypi ]]; then
  COSYSTUDIO_BUILD_DIR="${COSYSTUDIO_BUILD_DIR:-$ROOT/build-cuda}"
else
  COSYSTUDIO_BUILD_DIR="${COSYSTUDIO_BUILD_DIR:-$ROOT/build}"
fi
