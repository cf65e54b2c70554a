target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/random_llm_folder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/random_model_folder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/llm_bench.cpp)
