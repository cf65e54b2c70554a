# cosystudio-cli serve on the tiny model, with real clients: curl and the
# openai package from PyPI, in a virtual environment under the build folder
# that serve.venv makes once (a failed install fails it, and the tests after it).
set(_serve_venv ${CMAKE_CURRENT_BINARY_DIR}/serve-venv)
set(_serve_args $<TARGET_FILE:cosystudio-cli> ${_tiny} ${_prompt} ${_transcript} ${_cli_out})
add_test(NAME serve.venv COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/setup_venv.sh ${_serve_venv})
set_tests_properties(serve.venv PROPERTIES LABELS unit FIXTURES_SETUP serve_venv TIMEOUT 300)
add_test(NAME serve.clients COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/serve_test.py clients ${_serve_args}
  ${_serve_venv}/bin/python)
set_tests_properties(serve.clients PROPERTIES LABELS unit FIXTURES_REQUIRED serve_venv TIMEOUT 180)
# 8 clients x 25 requests on the loopback, at most 4 waiting: about a minute on two cores.
add_test(NAME serve.load COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/serve_test.py load ${_serve_args} 8 25)
set_tests_properties(serve.load PROPERTIES LABELS slow TIMEOUT 600)
