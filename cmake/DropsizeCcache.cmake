# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# Every compile (C, C++, CUDA) goes through ccache when it is installed (DROPSIZE_CCACHE, on by
# default): CI builds the engine in several configurations and again on every run, and with the
# cache a machine compiles only what changed since it last built it, in this clone or another.
# The cache is ccache's own (~/.cache/ccache unless CCACHE_DIR says otherwise).
#
# What makes a second clone hit: paths below the checkout are rewritten relative to the build
# folder (CCACHE_BASEDIR) and the working folder is not hashed (CCACHE_NOHASHDIR), so a compile
# command differs only where the code does; the test files' compile commands name no folder
# (tests/CMakeLists.txt). The sloppiness: with precompiled headers (cmake/DropsizePch.cmake) ccache
# hashes the precompiled file, as it cannot see the macros inside (pch_defines, time_macros: no
# header of ours uses __DATE__ or __TIME__). ccache's check of headers changed during a compile
# stays: a header saved while a build runs (an editor's) must never leave an object made from
# its old text under a key of its new one, which the next build of that text would take.

option(DROPSIZE_CCACHE "Compile through ccache when it is installed" ON)

if(DROPSIZE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    find_program(DROPSIZE_CCACHE_PROGRAM ccache)
    if(DROPSIZE_CCACHE_PROGRAM)
        set(_dropsize_launcher env
            "CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}" CCACHE_NOHASHDIR=1
            "CCACHE_SLOPPINESS=pch_defines,time_macros"
            "${DROPSIZE_CCACHE_PROGRAM}")
        foreach(_lang IN ITEMS C CXX CUDA)
            set(CMAKE_${_lang}_COMPILER_LAUNCHER ${_dropsize_launcher})
        endforeach()
        message(STATUS "Dropsize: compiling through ${DROPSIZE_CCACHE_PROGRAM}")
    endif()
endif()
