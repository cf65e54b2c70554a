target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/causal_conv.cpp
  ${CMAKE_CURRENT_LIST_DIR}/resblock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/f0_predictor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/source_tables.cpp
  ${CMAKE_CURRENT_LIST_DIR}/harmonic_source.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stft.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hift_generator.cpp)
