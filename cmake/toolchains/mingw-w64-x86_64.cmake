# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# Cross-compiling for 64-bit Windows with Debian's MinGW-w64 (the posix thread model, so that
# std::thread and OpenMP work). The libraries MinGW does not ship (libjpeg-turbo, libpng,
# GoogleTest, Qt, and the codecs: libwebp, lcms2, libheif with libde265 and aom) are looked for
# under DROPSIZE_WINDOWS_PREFIX, the list of folders .ci/windows-deps fills and prints; pkg-config
# looks there (and in MinGW's own folder) only, never among the host's libraries. Built programs
# run under Wine, so custom commands and tests that run a built program work.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(_triplet x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${_triplet}-gcc-posix)
set(CMAKE_CXX_COMPILER ${_triplet}-g++-posix)
set(CMAKE_RC_COMPILER ${_triplet}-windres)
set(CMAKE_AR ${_triplet}-gcc-ar-posix CACHE FILEPATH "ar that understands LTO objects")
set(CMAKE_RANLIB ${_triplet}-gcc-ranlib-posix CACHE FILEPATH "ranlib that understands LTO objects")

if(NOT DEFINED DROPSIZE_WINDOWS_PREFIX AND DEFINED ENV{DROPSIZE_WINDOWS_PREFIX})
    set(DROPSIZE_WINDOWS_PREFIX "$ENV{DROPSIZE_WINDOWS_PREFIX}")
endif()
set(DROPSIZE_WINDOWS_PREFIX "${DROPSIZE_WINDOWS_PREFIX}" CACHE STRING
    "Where the cross-built libraries for Windows are: a ;-separated list (.ci/windows-deps prints it)")
# try_compile() projects get their own cache: hand the prefix down to them.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES DROPSIZE_WINDOWS_PREFIX)

set(CMAKE_FIND_ROOT_PATH /usr/${_triplet})
if(DROPSIZE_WINDOWS_PREFIX)
    list(PREPEND CMAKE_FIND_ROOT_PATH "${DROPSIZE_WINDOWS_PREFIX}")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (pkg_check_modules) reads the .pc files of these folders alone: PKG_CONFIG_LIBDIR
# replaces its default search path (the host's), and nothing from the caller's environment adds
# to it or re-roots what the files say (they hold the prefixes' absolute paths).
set(_dropsize_pc_dirs)
foreach(_dir IN LISTS CMAKE_FIND_ROOT_PATH)
    list(APPEND _dropsize_pc_dirs "${_dir}/lib/pkgconfig" "${_dir}/share/pkgconfig")
endforeach()
list(JOIN _dropsize_pc_dirs ":" _dropsize_pc_dirs)
set(ENV{PKG_CONFIG_LIBDIR} "${_dropsize_pc_dirs}")
unset(ENV{PKG_CONFIG_PATH})
unset(ENV{PKG_CONFIG_SYSROOT_DIR})

find_program(DROPSIZE_WINE wine)
if(DROPSIZE_WINE)
    set(CMAKE_CROSSCOMPILING_EMULATOR "${DROPSIZE_WINE}")
endif()
