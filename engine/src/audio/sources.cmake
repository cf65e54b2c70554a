target_sources(cosystudio_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/clip_io.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pcm16.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_resample.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/crossfade.cpp
  ${CMAKE_CURRENT_LIST_DIR}/loudness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peak_limiter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sinc_resampler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mel_filters.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kaldi_fbank.cpp
  ${CMAKE_CURRENT_LIST_DIR}/whisper_mel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/flow_mel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/prompt_features.cpp)
# libsndfile / libsamplerate code, no torch.
set_source_files_properties(
  ${CMAKE_CURRENT_LIST_DIR}/clip_io.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pcm16.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_resample.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/crossfade.cpp
  ${CMAKE_CURRENT_LIST_DIR}/loudness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peak_limiter.cpp
  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
