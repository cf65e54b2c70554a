#!/usr/bin/env bash
# scripts/device-check.sh cut short: its rehearsal, on fake programs, is
# stopped in its second step by SIGTERM and by SIGKILL of its process group
# (what a device tool's time limit does), and bounded by --seconds. Each time
# the report must be whole JSON and Markdown, naming the step done, the one
# cut short and those not reached. No timing matters: the second step's
# program blocks until it is killed. Downloads and builds nothing.
# Usage: device_check_cut_short_test.sh [SOURCE_ROOT]
set -euo pipefail
ROOT="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
CHECK="$ROOT/scripts/device-check.sh"

tmp="$(mktemp -d)"
# The blocked programs: a SIGKILL of the check leaves them behind (a step's
# timeout is a process group of its own).
export FAKE_PIDS="$tmp/blocked.pids"
stop_blocked() { [[ ! -e "$FAKE_PIDS" ]] || xargs -r kill <"$FAKE_PIDS" 2>/dev/null || true; }
trap 'stop_blocked; rm -rf "$tmp"' EXIT

fail() { echo "device_check_cut_short: $*" >&2; exit 1; }

# The programs of a build: engine_soak (the soak, the second step) notes its
# process and blocks; the others pass at once.
mkdir -p "$tmp/build/bin"
cat >"$tmp/build/bin/fake" <<'FAKE'
#!/bin/sh
case "$(basename "$0")" in
  engine_soak) echo $$ >>"$FAKE_PIDS"; exec sleep 600 ;;
  engine_tests) echo "[==========] 1 test from 1 test suite ran."; echo "[  PASSED  ] 1 test." ;;
  cosystudio-cli) echo "fake cosystudio-cli $*" ;;
  *) echo "parity: 1 passed, 0 failed" ;;
esac
FAKE
chmod +x "$tmp/build/bin/fake"
for program in cosystudio-parity cosystudio-cli engine_tests engine_soak; do
  ln -s fake "$tmp/build/bin/$program"
done

# Starts the rehearsal in a process group of its own and waits until the soak's
# program runs.
start() {  # report folder, more arguments of the check...
  rm -f "$FAKE_PIDS"
  set -m
  "$CHECK" "${@:2}" --rehearse "$tmp/build" "$1" >"$1.out" 2>&1 &
  set +m
  CHECK_PID=$!
  until [[ -s "$FAKE_PIDS" ]]; do
    kill -0 "$CHECK_PID" 2>/dev/null || { cat "$1.out"; fail "the rehearsal ended before its soak"; }
    sleep 0.1
  done
}

# The check's exit status, then the state and each step's status in the JSON,
# against what is expected; the Markdown must name the state too.
expect() {  # report folder, exit status, state, step statuses ("name=status", in order)...
  local status=0
  { wait "$CHECK_PID"; } 2>/dev/null || status=$?  # quiet: the shell's note of a killed job
  ((status == $2)) || { cat "$1.out"; fail "$1: exit status $status, expected $2"; }
  python3 - "$1/device-check.json" "${@:3}" <<'PY' || fail "$1: the report is not what it should be"
import json, sys
report = json.load(open(sys.argv[1]))
state, expected = sys.argv[2], sys.argv[3:]
steps = [f"{step['name']}={step['status']}" for step in report["steps"]]
if report["state"] != state or steps[:len(expected)] != expected:
    sys.exit(f"{sys.argv[1]}: state {report['state']!r}, steps {steps}")
PY
  grep -qiF "$3" "$1/device-check.md" || fail "$1: the Markdown does not say '$3'"
}

# The listing is read whole: `| grep -q` stops reading at the match, and tar,
# killed by SIGPIPE, fails the pipeline under pipefail (seen in CI, under load).
first_log_kept() {  # report folder
  tar tzf "$1/device-check-logs.tar.gz" | grep -x './out-of-memory.log' >/dev/null \
    || fail "$1: the first step's log is missing"
}

blocked_gone() {
  for _ in $(seq 300); do
    xargs kill -0 <"$FAKE_PIDS" 2>/dev/null || return 0
    sleep 0.1
  done
  fail "the soak's program outlived the check's SIGTERM"
}

# The quick scope, every step named: done, cut short, not reached.
start "$tmp/term" --quick
kill -TERM "$CHECK_PID"
expect "$tmp/term" 143 "cut short by SIGTERM" out-of-memory=ok "soak-gpu=cut short (SIGTERM)" \
  "parity-llm-bf16=not reached" "parity-flow-bf16=not reached" "parity-hift-bf16=not reached" \
  "parity-pipeline-stream-bf16=not reached" "parity-sensevoice=not reached" "bench-bf16=not reached" \
  "carried-size=not reached" "configure=not reached"
first_log_kept "$tmp/term"
blocked_gone

# SIGKILL leaves the report of the soak's start.
start "$tmp/kill"
kill -KILL -- "-$CHECK_PID"
expect "$tmp/kill" 137 running out-of-memory=ok soak-gpu=running "parity-llm-bf16=not reached"
first_log_kept "$tmp/kill"
grep -qF "as \`soak-gpu\` started" "$tmp/kill/device-check.md" || fail "the Markdown does not say which step was running"
stop_blocked

# Too little time for any step: none starts, and the check fails.
"$CHECK" --quick --seconds 5 --rehearse "$tmp/build" "$tmp/bound" >"$tmp/bound.out" 2>&1 &
CHECK_PID=$!
expect "$tmp/bound" 1 finished "out-of-memory=not run (out of time)" "soak-gpu=not run (out of time)"
echo "device-check: cut short, the report is whole"
