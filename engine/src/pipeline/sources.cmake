target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/stream_schedule.cpp)
set_source_files_properties(
  ${CMAKE_CURRENT_LIST_DIR}/stream_schedule.cpp
  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
