# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# DROPSIZE_GIT_REVISION: the checkout's short commit, for --version, the About box and the package
# file names; "unknown" outside a git checkout (a source tarball).

find_package(Git QUIET)
set(DROPSIZE_GIT_REVISION "unknown")
if(GIT_FOUND AND EXISTS "${PROJECT_SOURCE_DIR}/.git")
    execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse --short=10 HEAD
        WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
        OUTPUT_VARIABLE DROPSIZE_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT DROPSIZE_GIT_REVISION)
        set(DROPSIZE_GIT_REVISION "unknown")
    endif()
endif()
