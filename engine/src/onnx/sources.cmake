target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/graph.cpp
  ${CMAKE_CURRENT_LIST_DIR}/node.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ops_math.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ops_nn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ops_shape.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tensor_proto.cpp)
