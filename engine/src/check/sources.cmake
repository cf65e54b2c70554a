# Scoring what the recogniser heard against what was meant, and its figures as
# JSON. Torch-free.
target_sources(cosystudio_engine PRIVATE ${CMAKE_CURRENT_LIST_DIR}/listen_check.cpp ${CMAKE_CURRENT_LIST_DIR}/check_json.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/listen_check.cpp ${CMAKE_CURRENT_LIST_DIR}/check_json.cpp
  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
