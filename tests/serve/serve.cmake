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
# X-CosyStudio-Check with the tiny recogniser, and without one.
add_test(NAME serve.check COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/serve_test.py listening ${_serve_args} ${_asr})
set_tests_properties(serve.check PROPERTIES LABELS unit TIMEOUT 300)
# 8 clients x 25 requests on the loopback, at most 4 waiting: about a minute on two cores.
add_test(NAME serve.load COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/serve_test.py load ${_serve_args} 8 25)
set_tests_properties(serve.load PROPERTIES LABELS slow TIMEOUT 600)

# CosyStudio's own API (docs/api/cosystudio-v1.yaml) used by requests from PyPI.
add_test(NAME serve.api COMMAND ${_serve_venv}/bin/python ${CMAKE_CURRENT_LIST_DIR}/api_test.py ${_serve_args}
  ${_dubbing_srt} ${_asr})
set_tests_properties(serve.api PROPERTIES LABELS unit FIXTURES_REQUIRED serve_venv TIMEOUT 300)

# Its document is valid OpenAPI and names every route the server registers.
add_test(NAME serve.api_document COMMAND ${_serve_venv}/bin/python ${CMAKE_CURRENT_LIST_DIR}/check_api_document.py
  ${PROJECT_SOURCE_DIR}/docs/api/cosystudio-v1.yaml ${PROJECT_SOURCE_DIR}/ui/services/server/speech_server_api.cpp)
set_tests_properties(serve.api_document PROPERTIES LABELS unit FIXTURES_REQUIRED serve_venv TIMEOUT 60)

# The client of that API (services/server/remote_speech.h): the local engine's audio, and clear errors.
add_executable(remote_speech_test ${CMAKE_CURRENT_LIST_DIR}/remote_speech_test.cpp)
set_target_properties(remote_speech_test PROPERTIES AUTOMOC ON)
target_link_libraries(remote_speech_test PRIVATE cosystudio_services cosystudio_engine Qt6::Test Qt6::Network)
target_compile_definitions(remote_speech_test PRIVATE COSYSTUDIO_CLI="$<TARGET_FILE:cosystudio-cli>"
  TINY_MODEL="${_tiny}" PROMPT="${_prompt}")
add_dependencies(remote_speech_test cosystudio-cli)
add_test(NAME serve.remote COMMAND remote_speech_test)
set_tests_properties(serve.remote PROPERTIES LABELS unit TIMEOUT 300)

# HTTPS with a certificate serve makes, trusted by curl and the openai package by its file.
add_test(NAME serve.tls COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/tls_test.py ${_serve_args} ${_serve_venv}/bin/python)
set_tests_properties(serve.tls PROPERTIES LABELS unit FIXTURES_REQUIRED serve_venv TIMEOUT 300)
# Two servers behind HAProxy with packaging/cluster/haproxy.cfg; one stopped in the middle.
add_test(NAME serve.balancer COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/balancer_test.py ${_serve_args}
  ${_serve_venv}/bin/python ${PROJECT_SOURCE_DIR}/packaging/cluster/haproxy.cfg)
set_tests_properties(serve.balancer PROPERTIES LABELS "unit;cluster" FIXTURES_REQUIRED serve_venv TIMEOUT 300)

# The window's server (Tools → Serve on localhost) answering the same clients.
add_executable(window_server_test ${CMAKE_CURRENT_LIST_DIR}/window_server_test.cpp)
set_target_properties(window_server_test PROPERTIES AUTOMOC ON)
target_link_libraries(window_server_test PRIVATE cosystudio_ui Qt6::Test Qt6::Network)
target_compile_definitions(window_server_test PRIVATE COSYSTUDIO_CLI="$<TARGET_FILE:cosystudio-cli>"
  SERVE_TEST="${CMAKE_CURRENT_LIST_DIR}/serve_test.py" VENV_PYTHON="${_serve_venv}/bin/python")
add_dependencies(window_server_test cosystudio-cli)
add_test(NAME serve.window COMMAND window_server_test)
set_tests_properties(serve.window PROPERTIES LABELS ui FIXTURES_REQUIRED serve_venv TIMEOUT 600
  ENVIRONMENT "QT_QPA_PLATFORM=offscreen;COSYSTUDIO_FIXTURES_DIR=${FIXTURES};PULSE_SERVER=unix:/nonexistent/cosystudio-no-audio-server;\
DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/cosystudio-no-session-bus")
