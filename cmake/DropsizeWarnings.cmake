# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# dropsize_warnings: the warnings every target of ours compiles with, for C++ and for CUDA, as an
# INTERFACE target that each target links PRIVATE (policy in targets, never in CMAKE_CXX_FLAGS).
# They become errors only with DROPSIZE_WARNINGS_AS_ERRORS, which the dev and ci-* presets turn on:
# a packager with a newer compiler or nvcc than ours gets warnings, not a failed build.

option(DROPSIZE_WARNINGS_AS_ERRORS "Turn compiler warnings into errors (the dev and CI presets)" OFF)

add_library(dropsize_warnings INTERFACE)

if(MSVC)
    target_compile_options(dropsize_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:/W4 /permissive->)
    if(DROPSIZE_WARNINGS_AS_ERRORS)
        target_compile_options(dropsize_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:/WX>)
    endif()
else()
    set(_dropsize_cxx_warnings
        -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wnon-virtual-dtor -Wold-style-cast)
    target_compile_options(dropsize_warnings INTERFACE
        $<$<COMPILE_LANGUAGE:CXX>:${_dropsize_cxx_warnings}>)
    if(DROPSIZE_WARNINGS_AS_ERRORS)
        target_compile_options(dropsize_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
    endif()
endif()

# nvcc: its own diagnostics, and the host compiler's warnings on the host half of each .cu file.
# (nvcc hands -Xcompiler options to the host compiler as one comma-separated list.)
if(NOT MSVC)
    target_compile_options(dropsize_warnings INTERFACE
        $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra,-Wshadow,-Wconversion>)
endif()
if(DROPSIZE_WARNINGS_AS_ERRORS)
    target_compile_options(dropsize_warnings INTERFACE
        $<$<COMPILE_LANGUAGE:CUDA>:--Werror=all-warnings>)
    if(NOT MSVC)
        target_compile_options(dropsize_warnings INTERFACE $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Werror>)
    endif()
endif()
