# cmake -P tests/parity_sets_test.cmake: parity_sets() on a made-up fixture
# root finds complete sets, names what an incomplete one lacks, and leaves
# shared folders alone.
include(${CMAKE_CURRENT_LIST_DIR}/parity_sets.cmake)

string(RANDOM LENGTH 8 _tag)
set(root "$ENV{TMPDIR}")
if(NOT root)
  set(root /tmp)
endif()
set(root "${root}/cosystudio-parity-sets-${_tag}")
file(MAKE_DIRECTORY ${root}/complete ${root}/lost_tensors ${root}/lost_manifest ${root}/only_manifest
     ${root}/shared ${root}/empty)
foreach(_file manifest.json input.wav tensors.pt)
  file(WRITE ${root}/complete/${_file} "{\"set\": \"complete\"}")
endforeach()
file(WRITE ${root}/lost_tensors/manifest.json "{\"set\": \"lost_tensors\"}")
file(WRITE ${root}/lost_tensors/input.wav "")
file(WRITE ${root}/lost_manifest/tensors.pt "")
file(WRITE ${root}/lost_manifest/input.wav "")
file(WRITE ${root}/only_manifest/manifest.json "{\"case\": \"only_manifest\"}")
file(WRITE ${root}/shared/manifest.json "{\"campplus\": {}}")
file(WRITE ${root}/shared/constants.pt "")

parity_sets(complete incomplete ${root} REQUIRES manifest.json input.wav tensors.pt)
file(REMOVE_RECURSE ${root})

set(expected_incomplete
  "${root}/lost_manifest|manifest.json"
  "${root}/lost_tensors|tensors.pt"
  "${root}/only_manifest|input.wav tensors.pt")
if(NOT complete STREQUAL "${root}/complete")
  message(FATAL_ERROR "complete sets: '${complete}', expected only ${root}/complete")
endif()
if(NOT incomplete STREQUAL "${expected_incomplete}")
  message(FATAL_ERROR "incomplete sets: '${incomplete}'\nexpected: '${expected_incomplete}'")
endif()
message(STATUS "parity_sets: 1 complete, 3 incomplete named, shared and empty folders left alone")
