#!/usr/bin/env python3
"""docs/api/cosystudio-v1.yaml is a valid OpenAPI document (openapi-spec-validator
from PyPI, in the tests' virtual environment) and names every route of
CosyStudio's own API that the server registers (speech_server_api.cpp):

  check_api_document.py DOCUMENT SERVER_SOURCE"""

import re
import sys

from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

document, source = sys.argv[1:]
spec, _ = read_from_filename(document)
validate(spec)
documented = {re.sub(r"\{[^}]+\}", "<arg>", path) for path in spec["paths"]}
code = open(source, encoding="utf-8").read()
served = {"/cosystudio/v1" + path for path in re.findall(r'route\("([^"]*)"\)', code)} | {"/cosystudio/v1"}
if documented != served:
    sys.exit(f"FAIL: documented {sorted(documented)}, served {sorted(served)}")
print(f"{document}: valid OpenAPI {spec['openapi']}, {len(documented)} paths, as served")
