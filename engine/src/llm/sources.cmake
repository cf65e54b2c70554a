target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/qwen2.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ras_sampler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cosyvoice3_lm.cpp)
