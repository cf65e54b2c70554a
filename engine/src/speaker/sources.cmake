target_sources(cosystudio_engine PRIVATE ${CMAKE_CURRENT_LIST_DIR}/speaker_encoder.cpp)
