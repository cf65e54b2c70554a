#!/usr/bin/env bash
# A private PulseAudio server for tests that record or play: a null sink, and a
# source remapped from its monitor (Qt 6.4 hides monitor sources), so what is
# played can be recorded back.
#   scripts/pulse-test-server.sh start   -> prints the PULSE_SERVER value to export
#   scripts/pulse-test-server.sh stop
set -euo pipefail
RUNTIME="${COSYSTUDIO_PULSE_DIR:-/tmp/cosystudio-pulse-$UID}"
SOCKET="$RUNTIME/native"

case "${1:-}" in
  start)
    mkdir -p "$RUNTIME"
    if [[ -f "$RUNTIME/pid" ]] && kill -0 "$(cat "$RUNTIME/pid")" 2>/dev/null; then
      echo "unix:$SOCKET"
      exit 0
    fi
    cat > "$RUNTIME/default.pa" <<PA
load-module module-native-protocol-unix auth-anonymous=1 socket=$SOCKET
load-module module-null-sink sink_name=test_sink sink_properties=device.description=TestSink
load-module module-remap-source master=test_sink.monitor source_name=test_mic source_properties=device.description=TestMic
set-default-sink test_sink
set-default-source test_mic
PA
    # User-mode server (also as root, without --system); no autospawn, no idle exit.
    HOME="$RUNTIME" XDG_RUNTIME_DIR="$RUNTIME" pulseaudio --daemonize=no --exit-idle-time=-1 \
      --disallow-exit -n -F "$RUNTIME/default.pa" --log-target=file:"$RUNTIME/log" \
      </dev/null >/dev/null 2>&1 &
    echo $! > "$RUNTIME/pid"
    # The socket appears before the server accepts connections: wait for an answer.
    for _ in $(seq 100); do
      PULSE_SERVER="unix:$SOCKET" pactl info >/dev/null 2>&1 && break
      sleep 0.1
    done
    PULSE_SERVER="unix:$SOCKET" pactl info >/dev/null 2>&1 ||
      { echo "pulse-test-server: server did not start, see $RUNTIME/log" >&2; exit 1; }
    echo "unix:$SOCKET"
    ;;
  stop)
    if [[ -f "$RUNTIME/pid" ]]; then
      kill "$(cat "$RUNTIME/pid")" 2>/dev/null || true
      rm -f "$RUNTIME/pid"
    fi
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
