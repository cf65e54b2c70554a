# Sourced by setup.sh, test.sh and run.sh: which libtorch CosyStudio is built
# against, and the build folder that goes with it. ROOT must be set.
#
#   system    Debian's libtorch (1.13 on Debian 12, 2.6 on Debian 13),
#             CPU only, on OpenBLAS                              -> build/
#   pypi      the CUDA libtorch inside PyPI's torch wheel        -> build-cuda/
#   pypi-cpu  the same wheel's CPU half, without the NVIDIA
#             libraries its CUDA half needs                      -> build-cpu/
#
# COSYSTUDIO_TORCH=system|pypi|pypi-cpu forces one; unset (or auto), the CUDA
# build is chosen when nvidia-smi lists a GPU and its driver runs one of the
# flavours below, and pypi-cpu otherwise: on the CPU it is the fastest of the
# three (docs/PERFORMANCE.md, "Which build a CPU gets"). COSYSTUDIO_TORCH_FLAVOUR=
# cu13|cu12 forces a flavour (and the CUDA build). COSYSTUDIO_BUILD_DIR
# overrides the folder.
#
# Sets COSYSTUDIO_TORCH_KIND, COSYSTUDIO_BUILD_DIR and, for the PyPI builds,
# COSYSTUDIO_PYPI_TORCH_VERSION, _EXTRAS, _DOWNLOAD and COSYSTUDIO_TORCH_VENV;
# for the CUDA build also COSYSTUDIO_TORCH_FLAVOUR, COSYSTUDIO_PYPI_TORCH_CUDA
# and _ARCHS. COSYSTUDIO_TORCH_WHY says why, COSYSTUDIO_NVIDIA_DRIVER what the
# driver is (setup.sh prints both).

# The CUDA flavours, newest first. This table is the only place a torch
# version is written. Columns: flavour, PyPI torch, the CUDA it is built with,
# the oldest driver branch that runs it, the GPU architectures its wheel has
# code for (torch.cuda.get_arch_list()), and the PyPI packages that complete
# the CUDA headers beside torch's own NVIDIA wheels (docs/BUILDING.md):
#   cu13  torch 2.11.0's wheel needs cuda-toolkit 13.0.2 (nvidia-cuda-runtime
#         13.0.96): CUDA 13 needs driver R580 or newer, and has no Volta (7.0).
#   cu12  torch 2.10.0 is the newest whose PyPI wheel is built with CUDA 12
#         (it needs nvidia-cuda-runtime-cu12 12.8.90; 2.11.0 and later need
#         CUDA 13). A CUDA 12.x program runs on any R525 or newer driver
#         through CUDA's minor-version compatibility.
COSYSTUDIO_TORCH_FLAVOURS=(
  "cu13 2.11.0 13.0 580 sm_75,sm_80,sm_86,sm_90,sm_100,sm_120 cuda-toolkit[crt,cccl]==13.0.2"
  "cu12 2.10.0 12.8 525 sm_70,sm_75,sm_80,sm_86,sm_90,sm_100,sm_120 nvidia-cuda-nvcc-cu12==12.8.93 nvidia-cuda-cccl-cu12==12.8.90"
)
# What COSYSTUDIO_TORCH=pypi builds where no driver says otherwise (CI).
COSYSTUDIO_DEFAULT_TORCH_FLAVOUR=cu13

# Why a machine without a GPU gets pypi-cpu: what it measured against Debian's
# libtorch (docs/PERFORMANCE.md, "Which build a CPU gets").
COSYSTUDIO_CPU_BUILD_GAIN="3.0x (Debian 13) to 9.4x (Debian 12) faster end to end than Debian's on an AVX-512 CPU, 1.3-1.7x in fp32, for 545 MB downloaded once"

# The CPU build on PyPI's torch: the wheel without its dependencies, and the
# two NVIDIA wheels its CPU library needs even on a CPU (libtorch_cpu.so links
# the CUDA runtime and CUPTI, for its profiler): 545 MB of cu13's 2.7 GB.
COSYSTUDIO_PYPI_CPU_TORCH="2.11.0 nvidia-cuda-runtime==13.0.96 nvidia-cuda-cupti==13.0.85"
COSYSTUDIO_PYPI_CPU_DOWNLOAD="about 545 MB, 1.3 GB installed"

COSYSTUDIO_CACHE="${COSYSTUDIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cosystudio}"

# Sets the COSYSTUDIO_PYPI_TORCH_* fields of flavour $1; fails for an unknown one.
torch_flavour_row() {
  local row name rest
  for row in "${COSYSTUDIO_TORCH_FLAVOURS[@]}"; do
    read -r name COSYSTUDIO_PYPI_TORCH_VERSION COSYSTUDIO_PYPI_TORCH_CUDA \
      COSYSTUDIO_TORCH_MIN_DRIVER COSYSTUDIO_PYPI_TORCH_ARCHS rest <<<"$row"
    if [[ "$name" == "$1" ]]; then
      read -r -a COSYSTUDIO_PYPI_TORCH_EXTRAS <<<"$rest"
      return 0
    fi
  done
  return 1
}

torch_flavour_names() {
  local row names=()
  for row in "${COSYSTUDIO_TORCH_FLAVOURS[@]}"; do names+=("${row%% *}"); done
  local IFS='|'
  echo "${names[*]}"
}

# Each nvidia-smi answer is captured, not piped into grep -q: under pipefail an
# early-exiting reader kills the writer with SIGPIPE and the pipeline fails
# although it matched.
gpu_listed() {
  local gpus
  gpus="$(nvidia-smi -L 2>/dev/null || true)"
  [[ "$gpus" == GPU\ * || "$gpus" == *$'\n'GPU\ * ]]
}

# Sets COSYSTUDIO_NVIDIA_SMI_ANSWER to the first line of nvidia-smi's answer
# about the driver's version (e.g. 535.247.01, or an error), trimmed.
read_nvidia_driver_version() {
  local answer
  answer="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>&1 || true)"
  answer="${answer%%$'\n'*}"
  [[ "$answer" =~ ^[[:space:]]*(.*[^[:space:]])[[:space:]]*$ ]] && answer="${BASH_REMATCH[1]}"
  COSYSTUDIO_NVIDIA_SMI_ANSWER="$answer"
}

# The newest CUDA the driver supports, from nvidia-smi's banner ("CUDA Version: 12.2").
nvidia_smi_cuda_version() {
  local banner
  banner="$(nvidia-smi 2>/dev/null || true)"
  [[ "$banner" =~ CUDA\ Version:\ *([0-9]+\.[0-9]+) ]] && echo "${BASH_REMATCH[1]}"
  return 0
}

# The newest flavour the driver branch $1 runs, or nothing.
torch_flavour_for_driver() {
  local row name min
  for row in "${COSYSTUDIO_TORCH_FLAVOURS[@]}"; do
    read -r name _ _ min _ <<<"$row"
    if ((10#$1 >= min)); then echo "$name"; return 0; fi
  done
  return 0
}

# The oldest driver branch any flavour runs on.
oldest_torch_driver() {
  local row name min oldest=""
  for row in "${COSYSTUDIO_TORCH_FLAVOURS[@]}"; do
    read -r name _ _ min _ <<<"$row"
    [[ -z "$oldest" || "$min" -lt "$oldest" ]] && oldest="$min"
  done
  echo "$oldest"
}

# Why flavour $1 suits driver $2, in words.
torch_flavour_reason() {
  local newest_name newest_cuda newest_min
  read -r newest_name _ newest_cuda newest_min _ <<<"${COSYSTUDIO_TORCH_FLAVOURS[0]}"
  torch_flavour_row "$1"
  if [[ "$1" == "$newest_name" ]]; then
    echo "driver $2 runs CUDA $COSYSTUDIO_PYPI_TORCH_CUDA, which needs R$COSYSTUDIO_TORCH_MIN_DRIVER or newer"
  else
    echo "driver $2 is older than R$newest_min, which CUDA $newest_cuda needs;" \
         "CUDA $COSYSTUDIO_PYPI_TORCH_CUDA programs run on R$COSYSTUDIO_TORCH_MIN_DRIVER and newer" \
         "through CUDA's minor-version compatibility"
  fi
}

# Sets COSYSTUDIO_TORCH_KIND, COSYSTUDIO_TORCH_FLAVOUR, COSYSTUDIO_TORCH_WHY and
# COSYSTUDIO_NVIDIA_DRIVER.
choose_torch() {
  local requested="${COSYSTUDIO_TORCH:-auto}" forced="${COSYSTUDIO_TORCH_FLAVOUR:-}"
  local driver="" branch="" smi_cuda="" fit=""
  case "$requested" in
    auto | system | pypi | pypi-cpu) ;;
    *)
      echo "COSYSTUDIO_TORCH must be 'system' (Debian's CPU libtorch), 'pypi' (CUDA libtorch from PyPI)," \
           "'pypi-cpu' (PyPI's libtorch for the CPU only) or 'auto', not '$requested'" >&2
      exit 2 ;;
  esac
  if [[ -n "$forced" ]] && ! torch_flavour_row "$forced"; then
    echo "COSYSTUDIO_TORCH_FLAVOUR must be one of $(torch_flavour_names), not '$forced'" >&2
    exit 2
  fi
  if [[ -n "$forced" && ( "$requested" == system || "$requested" == pypi-cpu ) ]]; then
    echo "COSYSTUDIO_TORCH_FLAVOUR=$forced picks a CUDA build, COSYSTUDIO_TORCH=$requested a CPU one: set only one" >&2
    exit 2
  fi

  COSYSTUDIO_NVIDIA_DRIVER="none (nvidia-smi lists no NVIDIA GPU)"
  command -v nvidia-smi >/dev/null || COSYSTUDIO_NVIDIA_DRIVER="none (no nvidia-smi)"
  [[ "$requested" == system || "$requested" == pypi-cpu ]] &&
    COSYSTUDIO_NVIDIA_DRIVER="not asked (COSYSTUDIO_TORCH=$requested)"
  if [[ "$requested" == auto || "$requested" == pypi ]] && gpu_listed; then
    read_nvidia_driver_version
    [[ "$COSYSTUDIO_NVIDIA_SMI_ANSWER" =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?$ ]] && driver="$COSYSTUDIO_NVIDIA_SMI_ANSWER"
    smi_cuda="$(nvidia_smi_cuda_version)"
    if [[ -n "$driver" ]]; then
      branch="${driver%%.*}"
      COSYSTUDIO_NVIDIA_DRIVER="$driver${smi_cuda:+ (nvidia-smi: CUDA $smi_cuda)}"
      fit="$(torch_flavour_for_driver "$branch")"
    else
      COSYSTUDIO_NVIDIA_DRIVER="unreadable (nvidia-smi lists a GPU but answers '$COSYSTUDIO_NVIDIA_SMI_ANSWER' for its driver version)"
    fi
  fi

  local oldest newest_cuda newest_min
  oldest="$(oldest_torch_driver)"
  read -r _ _ newest_cuda newest_min _ <<<"${COSYSTUDIO_TORCH_FLAVOURS[0]}"
  COSYSTUDIO_TORCH_KIND=pypi
  if [[ "$requested" == system || "$requested" == pypi-cpu ]]; then
    COSYSTUDIO_TORCH_KIND="$requested"
    COSYSTUDIO_TORCH_WHY="COSYSTUDIO_TORCH=$requested asks for it"
  elif [[ -n "$forced" ]]; then
    COSYSTUDIO_TORCH_FLAVOUR="$forced"
    COSYSTUDIO_TORCH_WHY="COSYSTUDIO_TORCH_FLAVOUR=$forced asks for it"
    torch_flavour_row "$forced"
    if [[ -n "$branch" ]] && ((10#$branch < COSYSTUDIO_TORCH_MIN_DRIVER)); then
      COSYSTUDIO_TORCH_WHY+="; warning: driver $driver is older than R$COSYSTUDIO_TORCH_MIN_DRIVER,"
      COSYSTUDIO_TORCH_WHY+=" which CUDA $COSYSTUDIO_PYPI_TORCH_CUDA needs, so it will run on the CPU only"
    fi
  elif [[ -n "$fit" ]]; then
    COSYSTUDIO_TORCH_FLAVOUR="$fit"
    COSYSTUDIO_TORCH_WHY="$(torch_flavour_reason "$fit" "$driver")"
  elif [[ "$requested" == pypi ]]; then
    # Asked for the CUDA build where no driver picks a flavour (CI, no GPU): the default one.
    COSYSTUDIO_TORCH_FLAVOUR="$COSYSTUDIO_DEFAULT_TORCH_FLAVOUR"
    if [[ -n "$branch" ]]; then
      COSYSTUDIO_TORCH_WHY="COSYSTUDIO_TORCH=pypi asks for it; warning: driver $driver is older than R$oldest,"
      COSYSTUDIO_TORCH_WHY+=" the oldest any CUDA build runs on, so it will run on the CPU only"
    else
      COSYSTUDIO_TORCH_WHY="COSYSTUDIO_TORCH=pypi asks for it and no driver says which CUDA: the default flavour"
      COSYSTUDIO_TORCH_WHY+=" (without a GPU it runs on the CPU)"
    fi
  else
    COSYSTUDIO_TORCH_KIND=pypi-cpu
    if [[ -n "$branch" ]]; then
      COSYSTUDIO_TORCH_WHY="driver $driver is older than R$oldest, the oldest any CUDA build runs on;"
      COSYSTUDIO_TORCH_WHY+=" the GPU build needs NVIDIA driver R$oldest or newer (R$newest_min or newer for CUDA $newest_cuda)"
    elif [[ "$COSYSTUDIO_NVIDIA_DRIVER" == unreadable* ]]; then
      COSYSTUDIO_TORCH_WHY="the driver version could not be read; the GPU build needs NVIDIA driver R$oldest or newer:"
      COSYSTUDIO_TORCH_WHY+=" check that 'nvidia-smi --query-gpu=driver_version --format=csv,noheader' prints it"
    else
      COSYSTUDIO_TORCH_WHY="no NVIDIA GPU is listed (nvidia-smi -L)"
    fi
    COSYSTUDIO_TORCH_WHY+="; on the CPU, PyPI's libtorch is $COSYSTUDIO_CPU_BUILD_GAIN"
    COSYSTUDIO_TORCH_WHY+=" (COSYSTUDIO_TORCH=system builds on Debian's packages alone)"
  fi
}

# Whether the architectures $1 ("sm_75,sm_80,...") have code for compute
# capability $2 ("8.6"): sm_XY runs on X.Z for Z >= Y, as the engine's check
# (engine/src/runtime/cuda_architectures.cpp) has it.
torch_archs_run() {
  local arch number archs
  IFS=, read -r -a archs <<<"$1"
  for arch in "${archs[@]}"; do
    number="${arch#sm_}"
    ((${number:0:-1} == ${2%%.*} && ${number: -1} <= ${2#*.})) && return 0
  done
  return 1
}

# One line per GPU nvidia-smi lists: its compute capability and whether the
# libtorch chosen has code for it (where not, which flavour has). Run after
# choose_torch.
describe_gpus() {
  gpu_listed || return 0
  local answer line name cap row flavour version archs other
  answer="$(nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader 2>&1 || true)"
  while IFS= read -r line; do
    name="${line%,*}"
    cap="${line##*,}"
    cap="${cap// /}"
    if [[ ! "$cap" =~ ^[0-9]+\.[0-9]$ ]]; then
      echo "compute capability unknown (nvidia-smi --query-gpu=name,compute_cap answers '$line')"
    elif [[ "$COSYSTUDIO_TORCH_KIND" != pypi ]]; then
      echo "$name, compute capability $cap (the CPU build does not use it)"
    elif torch_archs_run "$COSYSTUDIO_PYPI_TORCH_ARCHS" "$cap"; then
      echo "$name, compute capability $cap: torch $COSYSTUDIO_PYPI_TORCH_VERSION has code for it" \
           "(${COSYSTUDIO_PYPI_TORCH_ARCHS//,/ })"
    else
      other="no flavour has: it would run on the CPU"
      for row in "${COSYSTUDIO_TORCH_FLAVOURS[@]}"; do
        read -r flavour version _ _ archs _ <<<"$row"
        if torch_archs_run "$archs" "$cap"; then
          other="COSYSTUDIO_TORCH_FLAVOUR=$flavour (torch $version) has"
          break
        fi
      done
      echo "$name, compute capability $cap: torch $COSYSTUDIO_PYPI_TORCH_VERSION has no code for it" \
           "(${COSYSTUDIO_PYPI_TORCH_ARCHS//,/ }); $other"
    fi
  done <<<"$answer"
}

# Sets COSYSTUDIO_DISTRO (PRETTY_NAME of os-release, e.g. "Debian GNU/Linux 13
# (trixie)") and COSYSTUDIO_SYSTEM_TORCH ("2.6 (libtorch-dev 2.6.0+dfsg-7)"):
# the libtorch-dev that is installed, else the one apt would install.
# COSYSTUDIO_OS_RELEASE reads another os-release (the tests).
describe_system_torch() {
  local os_release="${COSYSTUDIO_OS_RELEASE:-/etc/os-release}" version=""
  COSYSTUDIO_DISTRO="$(. "$os_release" 2>/dev/null && echo "${PRETTY_NAME:-$NAME}")"
  [[ -n "$COSYSTUDIO_DISTRO" ]] || COSYSTUDIO_DISTRO="an unknown system (no $os_release)"
  if [[ "$(dpkg-query -W -f='${Status}' libtorch-dev 2>/dev/null || true)" == "install ok installed" ]]; then
    version="$(dpkg-query -W -f='${Version}' libtorch-dev)"
  else
    version="$(apt-cache policy libtorch-dev 2>/dev/null | awk '$1 == "Candidate:" && $2 != "(none)" { print $2 }')"
  fi
  if [[ "$version" =~ ^([0-9]+:)?([0-9]+\.[0-9]+) ]]; then
    COSYSTUDIO_SYSTEM_TORCH="${BASH_REMATCH[2]} (libtorch-dev $version)"
  else
    COSYSTUDIO_SYSTEM_TORCH="(libtorch-dev is not available from the configured Debian mirror)"
  fi
}

choose_torch
describe_system_torch

if [[ "$COSYSTUDIO_TORCH_KIND" == pypi ]]; then
  torch_flavour_row "$COSYSTUDIO_TORCH_FLAVOUR"
  COSYSTUDIO_PYPI_TORCH_DOWNLOAD="about 2.7 GB with its CUDA libraries, 4.7 GB installed"
  # One virtual environment per torch version: switching flavours keeps both.
  COSYSTUDIO_TORCH_VENV="$COSYSTUDIO_CACHE/torch-$COSYSTUDIO_PYPI_TORCH_VERSION"
  COSYSTUDIO_BUILD_DIR="${COSYSTUDIO_BUILD_DIR:-$ROOT/build-cuda}"
elif [[ "$COSYSTUDIO_TORCH_KIND" == pypi-cpu ]]; then
  read -r COSYSTUDIO_PYPI_TORCH_VERSION _cpu_extras <<<"$COSYSTUDIO_PYPI_CPU_TORCH"
  read -r -a COSYSTUDIO_PYPI_TORCH_EXTRAS <<<"$_cpu_extras"
  unset _cpu_extras
  COSYSTUDIO_PYPI_TORCH_DOWNLOAD="$COSYSTUDIO_PYPI_CPU_DOWNLOAD"
  COSYSTUDIO_TORCH_VENV="$COSYSTUDIO_CACHE/torch-$COSYSTUDIO_PYPI_TORCH_VERSION-cpu"
  COSYSTUDIO_BUILD_DIR="${COSYSTUDIO_BUILD_DIR:-$ROOT/build-cpu}"
else
  COSYSTUDIO_BUILD_DIR="${COSYSTUDIO_BUILD_DIR:-$ROOT/build}"
fi
