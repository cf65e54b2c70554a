target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/state_dict.cpp
  ${CMAKE_CURRENT_LIST_DIR}/state_dict_pickle.cpp
  ${CMAKE_CURRENT_LIST_DIR}/state_dict_writer.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/state_dict_pickle.cpp
  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
