# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# Windows: every program and the DLLs they load in one bin/ folder of the build (so a test or a
# custom command runs as it will once installed), the Win32 API in its UTF-16 form, and with
# MinGW its runtime DLLs beside the programs: installed with them, and copied into bin/ so that
# the programs run from the build folder too (under Wine on Linux).

if(NOT WIN32)
    return()
endif()

set(CMAKE_RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/bin")
# zlib linked in, like libjpeg and libpng: one DLL fewer to ship.
set(ZLIB_USE_STATIC_LIBS ON)
# The W functions, Windows 10's API (long paths need it), and <windows.h> without its min/max
# macros and rarely used headers for every source (those that need shellapi.h include it).
add_compile_definitions(UNICODE _UNICODE _WIN32_WINNT=0x0A00 NOMINMAX WIN32_LEAN_AND_MEAN)

if(MINGW)
    # libstdc++, libgcc, winpthreads and libgomp: what every MinGW-built program and Qt's DLLs load.
    set(DROPSIZE_MINGW_RUNTIME_DLLS)
    foreach(dll IN ITEMS libstdc++-6.dll libgcc_s_seh-1.dll libwinpthread-1.dll libgomp-1.dll)
        execute_process(COMMAND "${CMAKE_CXX_COMPILER}" -print-file-name=${dll}
            OUTPUT_VARIABLE _dropsize_dll OUTPUT_STRIP_TRAILING_WHITESPACE)
        if(NOT IS_ABSOLUTE "${_dropsize_dll}" OR NOT EXISTS "${_dropsize_dll}")
            # winpthreads lives in the sysroot's lib/, not with the compiler's own libraries.
            find_file(_dropsize_dll_${dll} ${dll} PATH_SUFFIXES lib bin NO_CACHE REQUIRED)
            set(_dropsize_dll "${_dropsize_dll_${dll}}")
        endif()
        list(APPEND DROPSIZE_MINGW_RUNTIME_DLLS "${_dropsize_dll}")
    endforeach()
    file(COPY ${DROPSIZE_MINGW_RUNTIME_DLLS} DESTINATION "${CMAKE_RUNTIME_OUTPUT_DIRECTORY}")
    install(FILES ${DROPSIZE_MINGW_RUNTIME_DLLS} DESTINATION bin)
    message(STATUS "Dropsize: MinGW runtime DLLs beside the programs")
endif()

# The manifest every program of ours carries (resources/windows/dropsize.manifest): paths longer
# than MAX_PATH, and Windows 10 as the supported OS. The resource compiler embeds it.
set(DROPSIZE_MANIFEST "${PROJECT_SOURCE_DIR}/resources/windows/dropsize.manifest")

# dropsize_windows_resources(target DESCRIPTION text [ICON file]): the version resource, the
# manifest and (for the two programs) the icon, as a generated .rc file.
function(dropsize_windows_resources target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "DESCRIPTION;ICON" "")
    set(DROPSIZE_EXE "${target}")
    set(DROPSIZE_DESCRIPTION "${arg_DESCRIPTION}")
    if(arg_ICON)
        set(DROPSIZE_ICON_LINE "IDI_ICON1 ICON \"${arg_ICON}\"")
        add_dependencies(${target} dropsize-icons)
        set_property(SOURCE "${CMAKE_CURRENT_BINARY_DIR}/${target}.rc" APPEND PROPERTY
            OBJECT_DEPENDS "${arg_ICON}")
    else()
        set(DROPSIZE_ICON_LINE "")
    endif()
    if(MSVC)
        set(DROPSIZE_MANIFEST_LINE "")
        target_sources(${target} PRIVATE "${DROPSIZE_MANIFEST}")
    else()
        # 1 = CREATEPROCESS_MANIFEST_RESOURCE_ID, 24 = RT_MANIFEST
        set(DROPSIZE_MANIFEST_LINE "1 24 \"${DROPSIZE_MANIFEST}\"")
    endif()
    configure_file("${PROJECT_SOURCE_DIR}/resources/windows/version.rc.in"
        "${CMAKE_CURRENT_BINARY_DIR}/${target}.rc" @ONLY)
    target_sources(${target} PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/${target}.rc")
    set_property(SOURCE "${CMAKE_CURRENT_BINARY_DIR}/${target}.rc" APPEND PROPERTY
        OBJECT_DEPENDS "${DROPSIZE_MANIFEST}")
endfunction()

# dropsize_deploy_qt(): the Qt DLLs the window loads, the platform plugins (qwindows, and
# qoffscreen for the headless tests) and the native style (windowsvista; Qt 6.7 and later call
# it modernwindows), copied into bin/ by the target
# dropsize-qt-runtime (part of every build) and installed beside the programs. (A cross build has
# no windeployqt, and Qt 6.4's CMake has no deployment API.)
function(dropsize_deploy_qt)
    # The programs' folder (bin/, or bin/<config>/ with a multi-config generator such as MSVC's).
    set(bin "$<TARGET_FILE_DIR:dropsize-cli>")
    set(dlls)
    foreach(module IN ITEMS Core Gui Widgets Concurrent)
        list(APPEND dlls "$<TARGET_FILE:Qt6::${module}>")
    endforeach()
    set(commands COMMAND "${CMAKE_COMMAND}" -E copy_if_different ${dlls} "${bin}")
    install(FILES ${dlls} DESTINATION bin)
    foreach(plugin IN ITEMS
            platforms:QWindowsIntegrationPlugin platforms:QOffscreenIntegrationPlugin
            styles:QWindowsVistaStylePlugin styles:QModernWindowsStylePlugin)
        string(REPLACE ":" ";" plugin "${plugin}")
        list(GET plugin 0 kind)
        list(GET plugin 1 name)
        if(NOT TARGET Qt6::${name})
            message(STATUS "Dropsize: Qt has no ${name}")
            continue()
        endif()
        list(APPEND commands
            COMMAND "${CMAKE_COMMAND}" -E make_directory "${bin}/${kind}"
            COMMAND "${CMAKE_COMMAND}" -E copy_if_different "$<TARGET_FILE:Qt6::${name}>" "${bin}/${kind}")
        if(NOT name STREQUAL "QOffscreenIntegrationPlugin")
            install(FILES "$<TARGET_FILE:Qt6::${name}>" DESTINATION "bin/${kind}")
        endif()
    endforeach()
    add_custom_target(dropsize-qt-runtime ALL ${commands}
        COMMENT "Copying Qt's DLLs and plugins into bin/" VERBATIM)
endfunction()
