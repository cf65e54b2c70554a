#!/bin/sh
# Runs a command with a secret store of its own: GNOME Keyring's secret
# service on a private session bus, unlocked, its keyring in a fresh home, so
# that nothing reaches the user's.
# Usage: with_secret_store.sh COMMAND [ARGUMENTS...]
set -eu
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_RUNTIME_DIR="$home/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
# --unlock makes the login keyring with the password on its input (empty would ask a prompter).
dbus-run-session -- sh -c 'printf keyring | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' \
  sh "$@"
