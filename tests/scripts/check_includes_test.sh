#!/usr/bin/env bash
# check_includes.sh fails on each kind of include it forbids, in a made-up tree:
# the window including a private engine header, and a service including a widget
# (by its name or by "widgets/..."); and passes the tree without them.
set -euo pipefail
check="$1/tests/scripts/check_includes.sh"
tree="$(mktemp -d)"
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree"/{engine/src/core,ui/widgets,ui/services/book,app/cli,app/gui,app/parity,tests/fuzz}
touch "$tree/engine/src/core/linear.h" "$tree/ui/widgets/main_window.h"
echo '#include "services/book/book_folder.h"' >"$tree/ui/widgets/book_panel.cpp"
echo '#include <QString>' >"$tree/ui/services/book/book_folder.cpp"
bash "$check" "$tree" >/dev/null || { echo "check_includes_test: a clean tree was refused"; exit 1; }

expect() {  # expect FILE LINE WHAT: the check fails naming FILE:LINE
  local file="$1" include="$2" out
  echo "#include \"$include\"" >>"$tree/$file"
  if out="$(bash "$check" "$tree")"; then
    echo "check_includes_test: $file including $include passed"
    exit 1
  fi
  grep -q "^$file:[0-9]* includes .*$include" <<<"$out" || { echo "check_includes_test: not named: $out"; exit 1; }
  sed -i '$d' "$tree/$file"
}
expect ui/widgets/book_panel.cpp core/linear.h
expect ui/services/book/book_folder.cpp main_window.h
expect ui/services/book/book_folder.cpp widgets/main_window.h
expect app/cli/main.cpp core/linear.h
echo "check_includes_test: each forbidden include fails the check"
