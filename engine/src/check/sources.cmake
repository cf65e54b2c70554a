# Scoring what the recogniser heard against what was meant. Torch-free.
target_sources(cosystudio_engine PRIVATE ${CMAKE_CURRENT_LIST_DIR}/listen_check.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/listen_check.cpp PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
