#!/usr/bin/env bash
# The engine's clients include what the architecture lets them see:
#   check_includes.sh ROOT COMPONENT_HEADER...
# - the CLI, the GUI main and the window (app/cli, app/gui, ui): public
#   headers (cosystudio/...) only, no header of engine/src;
# - the window's services (ui/services): no header of its widgets either, so
#   that the floors read app -> ui/widgets -> ui/services -> engine;
# - the parity tool and the fuzz targets (app/parity, tests/fuzz): public
#   headers and the listed component headers.
# Prints each violation as file:line and exits 1 when there is one.
set -euo pipefail
root="$1"
shift
declare -A component=()
for header in "$@"; do component["$header"]=1; done

violations=0
check() {  # check FOLDER ALLOW_COMPONENTS
  local folder="$1" allowComponents="$2" file line header
  while IFS= read -r file; do
    while IFS=: read -r line header; do
      header="${header#*\"}"
      header="${header%%\"*}"
      # Only the engine's own headers are in question; a client's own files are its business.
      [[ -f "$root/engine/src/$header" ]] || continue
      if [[ "$allowComponents" == yes && -n "${component[$header]:-}" ]]; then continue; fi
      echo "${file#"$root"/}:$line includes the engine's private header $header"
      violations=$((violations + 1))
    done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" || true)
  done < <(find "$root/$folder" -name '*.cpp' -o -name '*.h' | sort)
}
# Services include no widget: neither "widgets/..." nor a header that lives in ui/widgets.
while IFS= read -r file; do
  while IFS=: read -r line header; do
    header="${header#*\"}"
    header="${header%%\"*}"
    if [[ "$header" == widgets/* || -f "$root/ui/widgets/$header" ]]; then
      echo "${file#"$root"/}:$line includes the widget header $header (services lie below the widgets)"
      violations=$((violations + 1))
    fi
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" || true)
done < <(find "$root/ui/services" -name '*.cpp' -o -name '*.h' | sort)
check app/cli no
check app/gui no
check ui no
check app/parity yes
check tests/fuzz yes
if ((violations > 0)); then
  echo "$violations include(s) reach past what their floor may see (component headers: engine/CMakeLists.txt)"
  exit 1
fi
echo "every client includes only what it may"
