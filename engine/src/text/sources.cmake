# Text front end: tokenizer, markup, normaliser, splitter, prompts. Torch-free.
set(_text_sources
  ${CMAKE_CURRENT_LIST_DIR}/added_token_matcher.cpp
  ${CMAKE_CURRENT_LIST_DIR}/added_tokens.cpp
  ${CMAKE_CURRENT_LIST_DIR}/byte_level_bpe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/markup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/number_normalizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/number_words.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pretokenizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/prompt.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spell_out_number.cpp
  ${CMAKE_CURRENT_LIST_DIR}/split_paragraph.cpp
  ${CMAKE_CURRENT_LIST_DIR}/subtitles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/text_normalize.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tokenizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unicode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/word_scripts.cpp)
target_sources(cosystudio_engine PRIVATE ${_text_sources})
set_source_files_properties(${_text_sources} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
