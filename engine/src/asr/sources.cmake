target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/am_mvn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ctc_alignment.cpp
  ${CMAKE_CURRENT_LIST_DIR}/recognizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sanm_attention.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sensevoice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sensevoice_config.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sensevoice_encoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sensevoice_frontend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sentencepiece_vocabulary.cpp)
target_link_libraries(cosystudio_engine PRIVATE ${CMAKE_DL_LIBS})

# libsentencepiece in a module of its own, opened with deep binding
# (sentencepiece_vocabulary.h says why), in lib/cosystudio/ beside bin/ both in
# the build tree and once installed.
add_library(cosystudio-sentencepiece MODULE ${CMAKE_CURRENT_LIST_DIR}/sentencepiece_module.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sentencepiece_normalizer_check.cpp)
target_include_directories(cosystudio-sentencepiece PRIVATE ${CMAKE_CURRENT_LIST_DIR}/..)
target_link_libraries(cosystudio-sentencepiece PRIVATE PkgConfig::SENTENCEPIECE)
set_target_properties(cosystudio-sentencepiece PROPERTIES PREFIX "lib"
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib/cosystudio)
add_dependencies(cosystudio_engine cosystudio-sentencepiece)
install(TARGETS cosystudio-sentencepiece LIBRARY DESTINATION lib/cosystudio)
