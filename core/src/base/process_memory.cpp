// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/process_memory.h"

#include <cstdlib> // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace dropsize {

void keepFreedMemory() noexcept
{
#if defined(__GLIBC__)
    // Blocks up to 32 MiB (the most glibc allows) come from the heap, not from an mmap() of
    // their own, and up to 1 GiB free at a heap's top is kept. Larger blocks are still mapped
    // and unmapped each time. Setting either turns glibc's own moving threshold off, so both
    // are set.
    // Not thread-safe: called before any thread starts (see the header).
    mallopt(M_MMAP_THRESHOLD, 32 << 20); // NOLINT(concurrency-mt-unsafe)
    mallopt(M_TRIM_THRESHOLD, 1 << 30); // NOLINT(concurrency-mt-unsafe)
#endif
}

void returnFreedMemory() noexcept
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace dropsize
