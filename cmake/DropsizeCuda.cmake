# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# CUDA is optional and found automatically: without nvcc, kernels/ builds its stub and every job
# runs on the CPU. The architectures must be chosen before enable_language(CUDA); `native` needs
# a GPU at build time, so the default is the list CUDA 13 supports plus PTX for newer GPUs.

if(DEFINED DROPSIZE_WITH_CUDA AND NOT DROPSIZE_WITH_CUDA)
    # Turned off (the sanitizer presets, a cross build for Windows): not even looked for.
    message(STATUS "Dropsize: no CUDA kernels (every job runs on the CPU)")
    return()
endif()

include(CheckLanguage)
if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS "/usr/local/cuda/bin/nvcc")
    # The toolkit's default install location, when its bin/ is not on PATH.
    set(CMAKE_CUDA_COMPILER "/usr/local/cuda/bin/nvcc")
endif()
check_language(CUDA)
set(_dropsize_cuda_found OFF)
if(CMAKE_CUDA_COMPILER)
    set(_dropsize_cuda_found ON)
endif()
option(DROPSIZE_WITH_CUDA "Build the CUDA kernels (default: when nvcc is found)" ${_dropsize_cuda_found})

if(DROPSIZE_WITH_CUDA)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES OR CMAKE_CUDA_ARCHITECTURES STREQUAL "")
        set(CMAKE_CUDA_ARCHITECTURES 75-real 80-real 86-real 89-real 90-real 120-real 120-virtual)
    endif()
    enable_language(CUDA)
    set(CMAKE_CUDA_STANDARD 17) # what CMake 3.25 knows for nvcc; the kernels need no more
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    find_package(CUDAToolkit REQUIRED)
    message(STATUS "Dropsize: CUDA kernels for ${CMAKE_CUDA_ARCHITECTURES}")
else()
    message(STATUS "Dropsize: no CUDA kernels (every job runs on the CPU)")
endif()
