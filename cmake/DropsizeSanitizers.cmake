# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# dropsize_options: what every target of ours compiles and links with beyond warnings: the
# sanitizers (DROPSIZE_SANITIZER: the asan and tsan presets) and libFuzzer's coverage
# (DROPSIZE_FUZZ: the fuzz preset). Each is checked against the toolchain first, so a compiler
# that cannot build or link it stops at configure time with a reason instead of at the first link.

set(DROPSIZE_SANITIZER "" CACHE STRING
    "Sanitizers to build with: empty, address,undefined (asan preset) or thread (tsan preset)")
option(DROPSIZE_FUZZ "Build the engine and its libFuzzer targets only (tests/fuzz; clang, no Qt)" OFF)

add_library(dropsize_options INTERFACE)

include(CheckCXXSourceCompiles)

# Fails the configure step unless `source` compiles and links with `flags`.
function(dropsize_require_flags what flags source)
    set(CMAKE_REQUIRED_FLAGS "${flags}")
    set(CMAKE_REQUIRED_LINK_OPTIONS "${flags}")
    string(MAKE_C_IDENTIFIER "DROPSIZE_LINKS_${flags}" result)
    check_cxx_source_compiles("${source}" ${result})
    if(NOT ${result})
        message(FATAL_ERROR "${what}: ${CMAKE_CXX_COMPILER} cannot build and link with ${flags}")
    endif()
endfunction()

if(DROPSIZE_SANITIZER)
    if(MSVC)
        message(FATAL_ERROR "DROPSIZE_SANITIZER is for GCC and clang")
    endif()
    dropsize_require_flags("DROPSIZE_SANITIZER" "-fsanitize=${DROPSIZE_SANITIZER}"
        "int main() { return 0; }")
    target_compile_options(dropsize_options INTERFACE
        $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${DROPSIZE_SANITIZER} -fno-omit-frame-pointer>)
    if(DROPSIZE_SANITIZER MATCHES "undefined")
        target_compile_options(dropsize_options INTERFACE
            $<$<COMPILE_LANGUAGE:CXX>:-fno-sanitize-recover=undefined>)
    endif()
    target_link_options(dropsize_options INTERFACE -fsanitize=${DROPSIZE_SANITIZER})
endif()

if(DROPSIZE_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "DROPSIZE_FUZZ needs clang (libFuzzer): use the fuzz preset")
    endif()
    # libFuzzer brings its own main(), which calls this.
    dropsize_require_flags("DROPSIZE_FUZZ" "-fsanitize=fuzzer"
        "#include <cstddef>\n#include <cstdint>\nextern \"C\" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }")
    # Coverage for libFuzzer in everything built; the fuzz targets alone link its main().
    target_compile_options(dropsize_options INTERFACE
        $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>)
endif()
