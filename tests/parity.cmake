# Which parity command runs on which fixture sets.

# Text tokenizer: the set's vocabulary lives in its sibling vocab/ folder.
add_test(NAME parity.tokenizer.public COMMAND cosystudio-parity tokenizer ${FIXTURES}/tokenizer/public)
set_tests_properties(parity.tokenizer.public PROPERTIES LABELS parity)

# Flow decoder: every core set (flow.pt + tensors.pt + manifest.json).
add_parity_sets(flow ${FIXTURES}/core)

# Audio front end: every audio set, i.e. every folder with an input.wav beside
# its manifest.json (models/ and common/ hold shared inputs, not sets).
file(GLOB _audio_sets LIST_DIRECTORIES true ${FIXTURES}/audio/*)
foreach(_set IN LISTS _audio_sets)
  if(EXISTS ${_set}/manifest.json AND EXISTS ${_set}/input.wav)
    get_filename_component(_name ${_set} NAME)
    add_test(NAME parity.audio.${_name} COMMAND cosystudio-parity audio ${_set})
    set_tests_properties(parity.audio.${_name} PROPERTIES LABELS parity)
  endif()
endforeach()

# HiFT vocoder: every core set (hift.pt + tensors.pt + manifest.json).
add_parity_sets(hift ${FIXTURES}/core)

# Text front end: every e2e case (golden/<model>/<case>/manifest.json).
file(GLOB _text_models LIST_DIRECTORIES true ${FIXTURES}/e2e/golden/*)
foreach(_model IN LISTS _text_models)
  file(GLOB _text_cases LIST_DIRECTORIES true ${_model}/*)
  foreach(_case IN LISTS _text_cases)
    if(EXISTS ${_case}/manifest.json)
      get_filename_component(_m ${_model} NAME)
      get_filename_component(_c ${_case} NAME)
      add_test(NAME parity.text.${_m}.${_c} COMMAND cosystudio-parity text ${_case})
      set_tests_properties(parity.text.${_m}.${_c} PROPERTIES LABELS parity)
    endif()
  endforeach()
endforeach()

# CosyVoice3 LLM: every core set (llm.pt + tensors.pt + manifest.json).
add_parity_sets(llm ${FIXTURES}/core)

# ONNX audio networks (CAM++ speaker embedding, S3Tokenizer v3 speech tokens):
# every audio set, i.e. every folder with an input.wav beside its manifest.json.
file(GLOB _onnx_audio_sets LIST_DIRECTORIES true ${FIXTURES}/audio/*)
foreach(_component campplus s3tokenizer)
  foreach(_set IN LISTS _onnx_audio_sets)
    if(EXISTS ${_set}/manifest.json AND EXISTS ${_set}/input.wav)
      get_filename_component(_name ${_set} NAME)
      add_test(NAME parity.${_component}.${_name} COMMAND cosystudio-parity ${_component} ${_set})
      set_tests_properties(parity.${_component}.${_name} PROPERTIES LABELS parity)
    endif()
  endforeach()
endforeach()

# Whole pipeline: every e2e case (golden/<model>/<case>/manifest.json).
file(GLOB _pipeline_models LIST_DIRECTORIES true ${FIXTURES}/e2e/golden/*)
foreach(_model IN LISTS _pipeline_models)
  add_parity_sets(pipeline ${_model})
endforeach()
