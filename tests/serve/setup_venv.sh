#!/bin/sh
# The clients of the server's tests from PyPI, the openai package (OpenAI's
# API) and requests (CosyStudio's own), and openapi-spec-validator (its
# document), in a virtual environment of the tests' own (never the system's
# Python), made once and kept: setup_venv.sh VENV_FOLDER
set -e
venv=$1
if "$venv/bin/python" -c "import openai, requests, openapi_spec_validator" 2>/dev/null; then
  echo "openai, requests and openapi-spec-validator are ready in $venv"
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv" || { echo "FAIL: python3 -m venv failed (install python3-venv)"; exit 1; }
"$venv/bin/pip" install --quiet --disable-pip-version-check openai requests openapi-spec-validator ||
  { echo "FAIL: pip could not install openai, requests and openapi-spec-validator from PyPI into $venv"; rm -rf "$venv"; exit 1; }
"$venv/bin/python" -c "import openai, requests, openapi_spec_validator; print('openai', openai.__version__, 'and requests', requests.__version__, 'installed in $venv')"
