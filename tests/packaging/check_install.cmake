# cmake -DBUILD_DIR=<build> -DSTAGE=<folder> -DAPP_ID=<id> -DFIXTURES=<fixtures> -P check_install.cmake
# Installs the build into STAGE (prefix /usr, as the .deb does), fails naming
# every expected file that is missing, and runs the installed programs.
file(REMOVE_RECURSE ${STAGE})
set(ENV{DESTDIR} ${STAGE})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix /usr RESULT_VARIABLE _rc OUTPUT_QUIET)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} failed")
endif()

set(_expected
  bin/cosystudio bin/cosystudio-cli lib/cosystudio/libcosystudio-sentencepiece.so
  share/applications/${APP_ID}.desktop
  share/metainfo/${APP_ID}.metainfo.xml
  share/icons/hicolor/scalable/apps/${APP_ID}.svg
  share/cosystudio/translations/cosystudio_zh_CN.qm share/cosystudio/translations/cosystudio_en.qm
  share/man/man1/cosystudio.1.gz share/man/man1/cosystudio-cli.1.gz)
foreach(_size 16 22 24 32 48 64 128 256 512)
  list(APPEND _expected share/icons/hicolor/${_size}x${_size}/apps/${APP_ID}.png)
endforeach()
set(_missing)
foreach(_file IN LISTS _expected)
  if(NOT EXISTS ${STAGE}/usr/${_file})
    list(APPEND _missing /usr/${_file})
  endif()
endforeach()
if(_missing)
  list(JOIN _missing "\n  " _missing)
  message(FATAL_ERROR "not installed:\n  ${_missing}")
endif()

# The installed binaries run without the build tree, in the language of the
# installed catalogues.
set(ENV{LANGUAGE} zh_CN)
set(ENV{XDG_CONFIG_HOME} ${STAGE}/config)
execute_process(COMMAND ${STAGE}/usr/bin/cosystudio --help OUTPUT_VARIABLE _help RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0 OR NOT _help MATCHES "CosyVoice3 模型文件夹")
  message(FATAL_ERROR "the installed cosystudio --help (LANGUAGE=zh_CN) exited ${_rc}:\n${_help}")
endif()
execute_process(COMMAND ${STAGE}/usr/bin/cosystudio-cli --version RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "the installed cosystudio-cli --version exited ${_rc}")
endif()
# The installed command line finds the recogniser's SentencePiece module beside it (lib/cosystudio/).
execute_process(COMMAND ${STAGE}/usr/bin/cosystudio-cli transcribe --asr-model ${FIXTURES}/sensevoice/model
                        ${FIXTURES}/sensevoice/public_22k/input.wav
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _heard ERROR_VARIABLE _heard)
if(NOT _rc EQUAL 0 OR NOT _heard MATCHES "input.wav \\[en\\]: ")
  message(FATAL_ERROR "the installed cosystudio-cli transcribe exited ${_rc}:\n${_heard}")
endif()
