target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/pre_lookahead.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cfm_solver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/flow_decoder.cpp)
