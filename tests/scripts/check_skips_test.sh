#!/usr/bin/env bash
# .ci/check-skips against ctest's closing list: skips the build's rows of
# .ci/expected-skips name pass, any other fails, and so does a row of another build.
# Usage: check_skips_test.sh SOURCE_ROOT
set -euo pipefail
ROOT="$1"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
closing() {
  printf 'The following tests did not run:\n'
  printf '\t%s\n' "$@"
}

closing "19 - AudioPrompt.CudaMatchesCpu (Skipped)" "584 - parity.llm.public.int8 (Skipped)" \
  "109 - FlowFullSize.BenchmarkCpu (Disabled)" >"$log"
"$ROOT/.ci/check-skips" bookworm "$log" >/dev/null || { echo "FAIL: an expected skip failed"; exit 1; }
if "$ROOT/.ci/check-skips" pypi "$log" >/dev/null 2>&1; then
  echo "FAIL: int8 skipped on the PyPI build passed"
  exit 1
fi
closing "99 - FlowDecoder.Int8ProjectionsKeepTheMelWithinItsBound (Skipped)" \
  "120 - Int8Linear.AVnniCpuWithFbgemmDefaultsToInt8 (Skipped)" >"$log"
if "$ROOT/.ci/check-skips" bookworm "$log" >/dev/null 2>&1; then
  echo "FAIL: a skip no row names passed"
  exit 1
fi
echo "check-skips: expected skips pass, others fail"
