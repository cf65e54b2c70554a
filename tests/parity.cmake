# Which parity command runs on which fixture sets. Sets are found by their
# layout, never named, so another fixture root of the same format
# (-DCOSYSTUDIO_FIXTURES_DIR=...) runs its own sets.

# add_parity_sets(<component> <root> [REQUIRES files...] [PREFIX name])
# One test `parity.<component>.[<prefix>.]<set>` per folder under <root> that
# holds every REQUIRES file.
function(add_parity_sets component root)
  cmake_parse_arguments(ARG "" "PREFIX" "REQUIRES" ${ARGN})
  file(GLOB _sets LIST_DIRECTORIES true ${root}/*)
  foreach(_set IN LISTS _sets)
    set(_complete TRUE)
    foreach(_file IN LISTS ARG_REQUIRES)
      if(NOT EXISTS ${_set}/${_file})
        set(_complete FALSE)
      endif()
    endforeach()
    if(_complete)
      get_filename_component(_name ${_set} NAME)
      if(ARG_PREFIX)
        set(_name ${ARG_PREFIX}.${_name})
      endif()
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
foreach(_model IN LISTS _e2e_models)
  if(IS_DIRECTORY ${_model})
    get_filename_component(_model_name ${_model} NAME)
    foreach(_component text pipeline)
      add_parity_sets(${_component} ${_model} REQUIRES manifest.json tensors.pt PREFIX ${_model_name})
    endforeach()
  endif()
endforeach()
