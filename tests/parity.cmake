# Which parity command runs on which fixture sets. Sets are found by their
# layout, never named, so another fixture root of the same format
# (-DCOSYSTUDIO_FIXTURES_DIR=...) runs its own sets.

include(${CMAKE_CURRENT_LIST_DIR}/parity_sets.cmake)

# add_parity_test_in(<name> <environment> <pass-regex> <parity arguments...>)
# A parity run in an environment that must show in its report (<pass-regex>).
# A pass pattern makes ctest ignore the exit status, so it is printed.
function(add_parity_test_in name environment pass)
  add_test(NAME ${name}
    COMMAND sh -c "\"$0\" \"$@\"; echo \"exit status $?\"" $<TARGET_FILE:cosystudio-parity> ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS parity ENVIRONMENT "${environment}"
    PASS_REGULAR_EXPRESSION "${pass}"
    FAIL_REGULAR_EXPRESSION "FAIL|parity: [0-9]+ passed, [1-9]|exit status [1-9]")
endfunction()

# add_parity_sets(<component> <root> [REQUIRES files...] [PREFIX name] [PRECISIONS names...])
# One test `parity.<component>.[<prefix>.]<set>` per set under <root>
# (parity_sets.cmake says what a set is), and one `....<set>.<precision>` per
# reduced precision, held to the README's bounds of that precision; one that
# this libtorch or CPU has no kernels for is skipped with the reason. A set missing a file, and a root
# holding no set at all, get a test that fails saying so: a fixture that
# lost a file never makes its test vanish.
function(add_parity_sets component root)
  cmake_parse_arguments(ARG "" "PREFIX" "REQUIRES;PRECISIONS" ${ARGN})
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
    foreach(_precision IN LISTS ARG_PRECISIONS)
      add_test(NAME parity.${component}.${_name}.${_precision}
        COMMAND cosystudio-parity --precision ${_precision} ${component} ${_set})
      set_tests_properties(parity.${component}.${_name}.${_precision} PROPERTIES LABELS parity
        SKIP_REGULAR_EXPRESSION "${_precision} is not available")
      if(_precision STREQUAL "int8")
        # int8 as a CPU without AVX-512 VNNI runs it, on any CPU: fbgemm's AVX2
        # kernels, and the 7-bit weights the engine gives them there.
        add_parity_test_in(parity.${component}.${_name}.int8_avx2
          "FBGEMM_ENABLE_INSTRUCTIONS=AVX2" "weights at 7 bits" --precision int8 ${component} ${_set})
        set_tests_properties(parity.${component}.${_name}.int8_avx2 PROPERTIES
          SKIP_REGULAR_EXPRESSION "int8 is not available")
      endif()
    endforeach()
    if(COSYSTUDIO_REFERENCE_BLAS_DIR AND NOT component MATCHES "^(tokenizer|text)$")
      # The same set on the netlib reference BLAS, which Debian's libtorch
      # runs on where OpenBLAS is missing: the report must name it.
      add_parity_test_in(parity.${component}.${_name}.reference_blas
        "LD_LIBRARY_PATH=${COSYSTUDIO_REFERENCE_BLAS_DIR}" "CPU: reference BLAS \\(netlib\\)" ${component} ${_set})
    endif()
  endforeach()
endfunction()

# Debian's libtorch calls the generic libblas.so.3: where the reference BLAS is
# installed beside OpenBLAS, the numeric sets run on both.
set(COSYSTUDIO_REFERENCE_BLAS_DIR "")
if(COSYSTUDIO_DEBIAN_TORCH AND EXISTS /usr/lib/x86_64-linux-gnu/blas/libblas.so.3)
  set(COSYSTUDIO_REFERENCE_BLAS_DIR /usr/lib/x86_64-linux-gnu/blas)
endif()

# Text tokenizer: the set's vocabulary lives in its sibling vocab/ folder.
add_parity_sets(tokenizer ${FIXTURES}/tokenizer REQUIRES corpus.txt expected.jsonl)

# Networks on the core sets (weights + tensors.pt + manifest.json).
# The LLM and the flow in every reduced precision too (README, "Reduced precision").
set(REDUCED_PRECISIONS bf16 fp16 int8)
foreach(_component llm flow)
  add_parity_sets(${_component} ${FIXTURES}/core REQUIRES manifest.json ${_component}.pt tensors.pt
    PRECISIONS ${REDUCED_PRECISIONS})
endforeach()
add_parity_sets(hift ${FIXTURES}/core REQUIRES manifest.json hift.pt tensors.pt)

# Audio front end and the ONNX networks (CAM++, S3Tokenizer v3) on every audio
# set (models/ and common/ hold shared inputs, not sets).
foreach(_component audio campplus s3tokenizer)
  add_parity_sets(${_component} ${FIXTURES}/audio REQUIRES manifest.json input.wav tensors.pt)
endforeach()

# The recogniser (SenseVoice-Small) on every set beside its tiny model folder
# (model/ holds no set files).
add_parity_sets(sensevoice ${FIXTURES}/sensevoice REQUIRES manifest.json input.wav tensors.pt)

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
    add_parity_sets(text ${_model} REQUIRES manifest.json tensors.pt PREFIX ${_model_name})
    add_parity_sets(pipeline ${_model} REQUIRES manifest.json tensors.pt PREFIX ${_model_name}
      PRECISIONS ${REDUCED_PRECISIONS})
  endif()
endforeach()

# The set finder itself, on a made-up root: complete, incomplete and shared folders.
add_test(NAME parity.set_discovery COMMAND ${CMAKE_COMMAND} -P ${CMAKE_CURRENT_LIST_DIR}/parity_sets_test.cmake)
set_tests_properties(parity.set_discovery PROPERTIES LABELS unit)
