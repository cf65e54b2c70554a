target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hyper_yaml.cpp
  ${CMAKE_CURRENT_LIST_DIR}/llm_config.cpp)
set_source_files_properties(
  ${CMAKE_CURRENT_LIST_DIR}/hyper_yaml.cpp
  ${CMAKE_CURRENT_LIST_DIR}/llm_config.cpp
  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
