#!/usr/bin/env bash
# The window and the programs stay in small files: none in ui/ or app/ over
# 500 lines, and the main window, which only composes, within 450.
#   check_file_sizes.sh ROOT
set -euo pipefail
root="$1"
over=0
while IFS= read -r file; do
  lines=$(wc -l <"$file")
  limit=500
  [[ "$file" == */ui/widgets/main_window.cpp ]] && limit=450
  if ((lines > limit)); then
    echo "${file#"$root"/} has $lines lines, over $limit"
    over=$((over + 1))
  fi
done < <(find "$root/ui" "$root/app" -name '*.cpp' -o -name '*.h' | sort)
((over == 0)) || exit 1
echo "every file of ui/ and app/ within its size"
