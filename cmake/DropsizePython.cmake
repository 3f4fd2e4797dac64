# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# DROPSIZE_WITH_PYTHON: the Python module (app/python, docs/python.md), on by default where
# pybind11, Python 3's headers and DLPack's header are found (Debian: pybind11-dev, python3-dev,
# libdlpack-dev). A Python extension is a shared library, so when it is on the engine's static
# libraries (core, kernels) are compiled position-independent (app/python/CMakeLists.txt), which
# is why the sanitizer, fuzz and Windows presets turn it off: their builds stay as they were.

if(DEFINED DROPSIZE_WITH_PYTHON AND NOT DROPSIZE_WITH_PYTHON)
    message(STATUS "Dropsize: no Python module")
    return()
endif()

set(_dropsize_python_found OFF)
if(NOT WIN32)
    # The distribution's interpreter, for which its python3-numpy and python3-pil are built, rather
    # than one that a version manager puts first on PATH; -DPython_EXECUTABLE=... names another.
    if(NOT DEFINED Python_EXECUTABLE AND EXISTS "/usr/bin/python3")
        set(Python_EXECUTABLE "/usr/bin/python3")
    endif()
    find_package(Python 3.8 QUIET COMPONENTS Interpreter Development.Module)
    if(Python_FOUND)
        set(PYBIND11_FINDPYTHON ON)
        find_package(pybind11 2.6 CONFIG QUIET)
    endif()
    find_path(DLPACK_INCLUDE_DIR dlpack/dlpack.h)
    if(Python_FOUND AND pybind11_FOUND AND DLPACK_INCLUDE_DIR)
        set(_dropsize_python_found ON)
    endif()
endif()
option(DROPSIZE_WITH_PYTHON "Build the Python module (pybind11)" ${_dropsize_python_found})

if(DROPSIZE_WITH_PYTHON)
    if(NOT _dropsize_python_found)
        message(FATAL_ERROR "DROPSIZE_WITH_PYTHON is on but pybind11, Python 3's headers or "
            "dlpack/dlpack.h were not found (Debian: pybind11-dev python3-dev libdlpack-dev)")
    endif()
    message(STATUS "Dropsize: Python module for ${Python_EXECUTABLE} (${Python_VERSION})")
else()
    message(STATUS "Dropsize: no Python module (pybind11, python3-dev or libdlpack-dev missing)")
endif()
