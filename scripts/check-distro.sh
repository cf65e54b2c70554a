#!/usr/bin/env bash
# The README's commands in a fresh Debian system of another release, as a new
# user there would run them: a minimal root made with debootstrap, this
# checkout's tracked files copied in, entered with chroot. Needs root.
#
# Usage: scripts/check-distro.sh trixie|bookworm [full|unit|cli|cpu|device|readme]
#   full   scripts/setup.sh --dry-run (without a GPU: the CPU build on PyPI's
#          torch); the GPU build's dry run with a fake nvidia-smi for drivers
#          550 and 580; COSYSTUDIO_TORCH=system scripts/test.sh (the build on
#          the release's own libtorch, every test); the .deb built from it with
#          cpack and installed with apt in a second fresh root, where its
#          programs start
#   unit   the same with the unit tests alone (scripts/test.sh -L unit: the
#          engine, the CLI, the server with its clients)
#   cli    the same with the command line's, the server's, the scripts' and
#          the package's tests (every target is still built; what CI has time for)
#   cpu    the dry runs, then the build a machine without a GPU gets (the
#          CPU build on PyPI's torch: scripts/setup.sh --engine-only as it
#          comes) with its unit tests (the engine, the command line, the
#          scripts), as CI runs it on Debian 12; no .deb
#   device the GPU check's build as on the lent machine, which has a compiler,
#          cmake, ninja and its own torch but none of the -dev packages: only
#          those in the root, PyPI's CUDA libtorch of the CUDA build (setup.sh)
#          mounted in, and scripts/device-check.sh --build-alone (bookworm:
#          the packages the device carries are Debian 12's)
#   readme the dry runs, then the README's test command as it stands,
#          scripts/test.sh with no choice made (without a GPU: the CPU build on
#          PyPI's torch, window included), every test; no .deb
#
# The base root is made once per release and kept in COSYSTUDIO_CACHE
# (~/.cache/cosystudio/roots/RELEASE.base), and so are the Debian packages it
# downloads and its ccache; each run works in a new copy of the base root,
# removed at the end (COSYSTUDIO_KEEP_ROOT=1 keeps it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
release="${1:-}"
part="${2:-full}"
usage() { echo "usage: $0 trixie|bookworm [full|unit|cli|cpu|device|readme]" >&2; exit 2; }
case "$release" in bookworm | trixie) ;; *) usage ;; esac
case "$part" in full | unit | cli | cpu | device | readme) ;; *) usage ;; esac
if [[ $EUID -ne 0 ]]; then
  echo "check-distro: debootstrap and chroot need root: run it with sudo" >&2
  exit 2
fi
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap

cache="${COSYSTUDIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cosystudio}/roots"
mirror="${COSYSTUDIO_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
base="$cache/$release.base"
work="$(mktemp -d "$cache/$release.run.XXXXXX" 2>/dev/null || { mkdir -p "$cache"; mktemp -d "$cache/$release.run.XXXXXX"; })"
started=$SECONDS
say() { printf 'check-distro: [%4d s] %s\n' "$((SECONDS - started))" "$*"; }

# Mounts the kernel's file systems and the caches into root $1.
mounted=()
enter() {
  local root="$1" dir
  for dir in proc sys dev; do
    mount --bind "/$dir" "$root/$dir"
    mounted+=("$root/$dir")
  done
  mkdir -p "$cache/$release.apt" "$cache/$release.ccache" "$root/var/cache/apt/archives" "$root/root/.ccache"
  mount --bind "$cache/$release.apt" "$root/var/cache/apt/archives"
  mounted+=("$root/var/cache/apt/archives")
  mount --bind "$cache/$release.ccache" "$root/root/.ccache"
  mounted+=("$root/root/.ccache")
  cp /etc/resolv.conf "$root/etc/resolv.conf"
}
leave() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  mounted=()
  if [[ "${COSYSTUDIO_KEEP_ROOT:-0}" == 1 ]]; then
    say "kept $work"
  else
    rm -rf --one-file-system "$work"
  fi
}
trap leave EXIT

# A fresh copy of the base root, made once by debootstrap.
fresh_root() {
  local root="$1"
  if [[ ! -f "$base/etc/os-release" ]]; then
    say "making the $release base root with debootstrap (a few minutes, once)"
    rm -rf "$base.new"
    debootstrap --variant=minbase "$release" "$base.new" "$mirror" >"$cache/$release.debootstrap.log" 2>&1 ||
      { tail -20 "$cache/$release.debootstrap.log" >&2; exit 1; }
    mv "$base.new" "$base"
  fi
  cp -a "$base" "$root"
  # No package's service starts in the root (haproxy's would outlive the check
  # and keep the root busy): the rule chroots follow (invoke-rc.d's policy-rc.d).
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod +x "$root/usr/sbin/policy-rc.d"
}

# run_in ROOT COMMAND: COMMAND by bash in ROOT, as a login shell of root would
# (the CI's variables and the host's PATH do not leak in).
run_in() {
  chroot "$1" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 TERM=dumb CCACHE_DIR=/root/.ccache bash -euo pipefail -c "$2"
}

build_root="$work/build-root"
fresh_root "$build_root"
enter "$build_root"
say "$(. "$build_root/etc/os-release" && echo "$PRETTY_NAME"): a fresh root in $build_root"
mkdir -p "$build_root/src/cosystudio"
git -C "$ROOT" ls-files -z | (cd "$ROOT" && xargs -0 cp --parents -t "$build_root/src/cosystudio")
# The host's own certificate authorities (a TLS-inspecting proxy's), which
# pip needs there as here to reach PyPI for the server tests' clients.
mkdir -p "$build_root/usr/local/share/ca-certificates"
cp /usr/local/share/ca-certificates/*.crt "$build_root/usr/local/share/ca-certificates/" 2>/dev/null || true
[[ -f /etc/pip.conf ]] && cp /etc/pip.conf "$build_root/etc/pip.conf"
run_in "$build_root" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  sudo ca-certificates >/dev/null && update-ca-certificates >/dev/null"

if [[ "$part" == device ]]; then
  # The CUDA build's torch at the same path as here, read-only: its CMake files name that path.
  torch="$(awk -F= '/^Torch_DIR:/ { print $2 }' "$ROOT/${COSYSTUDIO_CUDA_BUILD_DIR:-build-cuda}/CMakeCache.txt" 2>/dev/null || true)"
  include="$(awk -F= '/^CMAKE_PROJECT_INCLUDE:/ { print $2 }' "$ROOT/${COSYSTUDIO_CUDA_BUILD_DIR:-build-cuda}/CMakeCache.txt" 2>/dev/null || true)"
  [[ -d "$torch" ]] || { echo "check-distro: no CUDA build's torch: build with COSYSTUDIO_TORCH=pypi scripts/setup.sh first" >&2; exit 1; }
  venv="${torch%%/lib/python*}"
  mkdir -p "$build_root$venv"
  mount --bind -o ro "$venv" "$build_root$venv"
  mounted+=("$build_root$venv")
  say "the device's tools alone: a compiler, cmake, ninja (and ccache, git and apt's download)"
  run_in "$build_root" "DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    g++ cmake ninja-build ccache git >/dev/null"
  say "scripts/device-check.sh --build-alone (the device build on the unpacked packages alone)"
  run_in "$build_root" "cd /src/cosystudio && scripts/device-check.sh --build-alone '$torch/..' \
    ${include:+-DCMAKE_PROJECT_INCLUDE='$include'}"
  say "passed: $release ($part)"
  exit 0
fi

say "scripts/setup.sh --dry-run"
dry="$(run_in "$build_root" "cd /src/cosystudio && scripts/setup.sh --dry-run")"
echo "$dry"
if [[ "$dry" != *"(COSYSTUDIO_TORCH_KIND=pypi-cpu)"* ]]; then
  echo "check-distro: without a GPU the CPU build on PyPI's torch should be chosen" >&2
  exit 1
fi
# The GPU build's choice for the drivers this release ships (550) and the newest (580).
cat >"$build_root/usr/local/bin/nvidia-smi" <<'SMI'
#!/bin/sh
case "$*" in
  -L) echo "GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-00000000-0000-0000-0000-000000000000)" ;;
  --query-gpu=driver_version\ --format=csv,noheader) echo "$FAKE_DRIVER" ;;
  "") echo "| NVIDIA-SMI $FAKE_DRIVER   Driver Version: $FAKE_DRIVER   CUDA Version: $FAKE_CUDA |" ;;
esac
SMI
chmod +x "$build_root/usr/local/bin/nvidia-smi"
for driver in "550.163.01 12.4 cu12" "580.95.05 13.0 cu13"; do
  read -r version cuda flavour <<<"$driver"
  say "scripts/setup.sh --dry-run with a fake nvidia-smi: driver $version"
  dry="$(run_in "$build_root" "cd /src/cosystudio && FAKE_DRIVER=$version FAKE_CUDA=$cuda scripts/setup.sh --dry-run")"
  echo "$dry"
  if [[ "$dry" != *"(flavour $flavour)"* ]]; then
    echo "check-distro: driver $version should get the $flavour flavour" >&2
    exit 1
  fi
done
rm "$build_root/usr/local/bin/nvidia-smi"

# The README's test command on the release's own libtorch (what the .deb is
# made of); for CI, its unit tests alone (the engine, the CLI, the server with
# its clients, the scripts). Its skips are held to the build's rows of
# .ci/expected-skips.
if [[ "$part" == cpu ]]; then
  say "scripts/setup.sh --engine-only, then ctest -L unit in build-cpu"
  run_in "$build_root" "cd /src/cosystudio && scripts/setup.sh --engine-only && cd build-cpu &&
    cores=\$(nproc) && OMP_NUM_THREADS=1 ctest --output-on-failure --timeout 1500 --parallel \$cores -L unit 2>&1 |
    tee /tmp/ctest.log"
  "$ROOT/.ci/check-skips" pypi-cpu "$build_root/tmp/ctest.log"
  say "passed: $release ($part)"
  exit 0
fi
if [[ "$part" == readme ]]; then
  say "scripts/test.sh, as the README gives it (installs the packages, builds, runs every test)"
  run_in "$build_root" "cd /src/cosystudio && scripts/test.sh 2>&1 | tee /tmp/ctest.log"
  "$ROOT/.ci/check-skips" pypi-cpu "$build_root/tmp/ctest.log"
  say "passed: $release ($part)"
  exit 0
fi
case "$part" in
  full) ctest_args="" ;;
  unit) ctest_args="-L unit" ;;
  cli) ctest_args="-L unit -R '^(cli|serve|setup|ci|structure|packaging)\.'" ;;
esac
say "COSYSTUDIO_TORCH=system scripts/test.sh $ctest_args (installs the packages, builds, runs the tests)"
run_in "$build_root" "cd /src/cosystudio && COSYSTUDIO_TORCH=system scripts/test.sh $ctest_args 2>&1 | tee /tmp/ctest.log"
"$ROOT/.ci/check-skips" "$release" "$build_root/tmp/ctest.log"
say "the .deb"
run_in "$build_root" "cd /src/cosystudio/build && cpack -G DEB >/dev/null && ls cosystudio_*.deb"
deb="$(ls "$build_root"/src/cosystudio/build/cosystudio_*.deb)"

# The package in a second fresh root, where nothing of the project was built.
install_root="$work/install-root"
fresh_root "$install_root"
enter "$install_root"
cp "$deb" "$install_root/tmp/"
say "apt install ./$(basename "$deb") in a fresh root"
run_in "$install_root" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q /tmp/$(basename "$deb") \
  >/tmp/apt.log || { tail -30 /tmp/apt.log; exit 1; }
  cosystudio-cli --version
  QT_QPA_PLATFORM=offscreen cosystudio --version
  man -w cosystudio-cli >/dev/null 2>&1 || test -f /usr/share/man/man1/cosystudio-cli.1.gz"
say "passed: $release ($part)"
