# Tests of the scripts under scripts/, run by bash; none downloads or builds.

# setup.sh --dry-run's choice of build and libtorch for each driver row, an
# unreadable driver answer and no nvidia-smi (a fake nvidia-smi on PATH).
add_test(NAME setup.torch_choice
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/torch_choice_test.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(setup.torch_choice PROPERTIES LABELS unit)

# The CLI and the window include only the public headers; the parity tool and
# the fuzz targets also the component headers engine/CMakeLists.txt lists; the
# window's services no widget.
add_test(NAME structure.includes
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_includes.sh ${PROJECT_SOURCE_DIR} ${COSYSTUDIO_COMPONENT_HEADERS})
set_tests_properties(structure.includes PROPERTIES LABELS unit
  PASS_REGULAR_EXPRESSION "every client includes only what it may")
add_test(NAME structure.includes_refused
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_includes_test.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(structure.includes_refused PROPERTIES LABELS unit
  PASS_REGULAR_EXPRESSION "each forbidden include fails the check")

# No file of ui/ or app/ over 500 lines, the main window within 450.
add_test(NAME structure.file_sizes COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_file_sizes.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(structure.file_sizes PROPERTIES LABELS unit
  PASS_REGULAR_EXPRESSION "every file of ui/ and app/ within its size")

# scripts/device-check.sh cut short by SIGTERM, by SIGKILL of its process group
# and by its own time bound, its rehearsal on fake programs: each time the
# report is whole and names the steps done, the one cut short and the rest.
add_test(NAME device_check.cut_short
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/device_check_cut_short_test.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(device_check.cut_short PROPERTIES LABELS unit
  PASS_REGULAR_EXPRESSION "device-check: cut short, the report is whole")

# .ci/check-skips, which fails CI on a skip .ci/expected-skips does not list for the build.
add_test(NAME ci.check_skips COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_skips_test.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(ci.check_skips PROPERTIES LABELS unit
  PASS_REGULAR_EXPRESSION "check-skips: expected skips pass, others fail")
