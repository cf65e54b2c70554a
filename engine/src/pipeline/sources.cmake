target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/request_rules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stream_schedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/voice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/voice_features.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/synthesizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checked_synthesis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine.cpp
  ${CMAKE_CURRENT_LIST_DIR}/script.cpp
  ${CMAKE_CURRENT_LIST_DIR}/script_render.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dubbing.cpp)
set_source_files_properties(
  ${CMAKE_CURRENT_LIST_DIR}/request_rules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stream_schedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/voice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/script.cpp
  ${CMAKE_CURRENT_LIST_DIR}/script_render.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dubbing.cpp
  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
