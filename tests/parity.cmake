# Which parity command runs on which fixture sets. Sets are found by their
# layout, never named, so another fixture root of the same format
# (-DCOSYSTUDIO_FIXTURES_DIR=...) runs its own sets.

include(${CMAKE_CURRENT_LIST_DIR}/parity_sets.cmake)

# add_parity_sets(<component> <root> [REQUIRES files...] [PREFIX name])
# One test `parity.<component>.[<prefix>.]<set>` per set under <root>
# (parity_sets.cmake says what a set is). A set missing a file, and a root
# holding no set at all, get a test that fails saying so: a fixture that
# lost a file never makes its test vanish.
function(add_parity_sets component root)
  cmake_parse_arguments(ARG "" "PREFIX" "REQUIRES" ${ARGN})
  parity_sets(_complete _incomplete ${root} REQUIRES ${ARG_REQUIRES})
  set(_prefix "")
  if(ARG_PREFIX)
    set(_prefix "${ARG_PREFIX}.")
  endif()
  if(NOT _complete AND NOT _incomplete)
    add_test(NAME parity.${component}.${_prefix}no_sets
      COMMAND sh -c "echo \"no ${component} parity set under $0\" >&2; exit 1" ${root})
    set_tests_properties(parity.${component}.${_prefix}no_sets PROPERTIES LABELS parity)
  endif()
  foreach(_entry IN LISTS _incomplete)
    string(REPLACE "|" ";" _entry "${_entry}")
    list(GET _entry 0 _set)
    list(GET _entry 1 _missing)
    get_filename_component(_name ${_set} NAME)
    add_test(NAME parity.${component}.${_prefix}${_name}
      COMMAND sh -c "echo \"$0 is an incomplete parity set: it lacks $1\" >&2; exit 1" ${_set} "${_missing}")
    set_tests_properties(parity.${component}.${_prefix}${_name} PROPERTIES LABELS parity)
  endforeach()
  foreach(_set IN LISTS _complete)
    get_filename_component(_name ${_set} NAME)
    set(_name ${_prefix}${_name})
    add_test(NAME parity.${component}.${_name} COMMAND cosystudio-parity ${component} ${_set})
    set_tests_properties(parity.${component}.${_name} PROPERTIES LABELS parity)
    if(COSYSTUDIO_REFERENCE_BLAS_DIR AND NOT component MATCHES "^(tokenizer|text)$")
      # The same set on the netlib reference BLAS, which Debian's libtorch
      # runs on where OpenBLAS is missing: the report must name it. A pass
      # pattern makes ctest ignore the exit status, so it is printed.
      add_test(NAME parity.${component}.${_name}.reference_blas
        COMMAND sh -c "\"$0\" \"$@\"; echo \"exit status $?\"" $<TARGET_FILE:cosystudio-parity> ${component} ${_set})
      set_tests_properties(parity.${component}.${_name}.reference_blas PROPERTIES LABELS parity
        ENVIRONMENT "LD_LIBRARY_PATH=${COSYSTUDIO_REFERENCE_BLAS_DIR}"
        PASS_REGULAR_EXPRESSION "CPU: reference BLAS \\(netlib\\)"
        FAIL_REGULAR_EXPRESSION "FAIL|parity: [0-9]+ passed, [1-9]|exit status [1-9]")
    endif()
  endforeach()
endfunction()

# Debian's libtorch calls the generic libblas.so.3: where the reference BLAS is
# installed beside OpenBLAS, the numeric sets run on both.
set(COSYSTUDIO_REFERENCE_BLAS_DIR "")
if(NOT TARGET torch_cuda AND EXISTS /usr/lib/x86_64-linux-gnu/blas/libblas.so.3)
  set(COSYSTUDIO_REFERENCE_BLAS_DIR /usr/lib/x86_64-linux-gnu/blas)
endif()

# Text tokenizer: the set's vocabulary lives in its sibling vocab/ folder.
add_parity_sets(tokenizer ${FIXTURES}/tokenizer REQUIRES corpus.txt expected.jsonl)

# Networks on the core sets (weights + tensors.pt + manifest.json).
foreach(_component llm flow hift)
  add_parity_sets(${_component} ${FIXTURES}/core REQUIRES manifest.json ${_component}.pt tensors.pt)
endforeach()

# Audio front end and the ONNX networks (CAM++, S3Tokenizer v3) on every audio
# set (models/ and common/ hold shared inputs, not sets).
foreach(_component audio campplus s3tokenizer)
  add_parity_sets(${_component} ${FIXTURES}/audio REQUIRES manifest.json input.wav tensors.pt)
endforeach()

# Text front end and the whole pipeline on every e2e case
# (golden/<model>/<case>/manifest.json).
file(GLOB _e2e_models LIST_DIRECTORIES true ${FIXTURES}/e2e/golden/*)
if(NOT _e2e_models)
  add_test(NAME parity.pipeline.no_sets
    COMMAND sh -c "echo \"no e2e golden model folder under $0\" >&2; exit 1" ${FIXTURES}/e2e/golden)
  set_tests_properties(parity.pipeline.no_sets PROPERTIES LABELS parity)
endif()
foreach(_model IN LISTS _e2e_models)
  if(IS_DIRECTORY ${_model})
    get_filename_component(_model_name ${_model} NAME)
    foreach(_component text pipeline)
      add_parity_sets(${_component} ${_model} REQUIRES manifest.json tensors.pt PREFIX ${_model_name})
    endforeach()
  endif()
endforeach()

# The set finder itself, on a made-up root: complete, incomplete and shared folders.
add_test(NAME parity.set_discovery COMMAND ${CMAKE_COMMAND} -P ${CMAKE_CURRENT_LIST_DIR}/parity_sets_test.cmake)
set_tests_properties(parity.set_discovery PROPERTIES LABELS unit)
