target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/model_folder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/device.cpp
  ${CMAKE_CURRENT_LIST_DIR}/device_errors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cpu_backend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cpu_features.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cuda_architectures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/os_release.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/model_folder.cpp ${CMAKE_CURRENT_LIST_DIR}/cpu_features.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cuda_architectures.cpp ${CMAKE_CURRENT_LIST_DIR}/os_release.cpp
  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
