// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

namespace dropsize {

/// Has the C library keep the memory a job frees for the next job instead of giving it back to
/// the system. A job's buffers are megabytes each (the file, the decoded image, the PNG data),
/// which glibc otherwise maps afresh for every image and unmaps after it; each new page then
/// faults in zeroed, and where a page fault is dear (virtual machines) that was a quarter of a
/// PNG's time. The price: each worker thread's heap keeps the blocks of its largest job, so the
/// peak is the largest jobs' of all threads rather than of the jobs in flight at once (a third
/// more at 2 threads on a mixed batch); it does not grow with the number of files. Call it
/// first thing in main(), before any thread starts; it does nothing where the C library is not
/// glibc.
void keepFreedMemory() noexcept;

/// Gives the memory kept by keepFreedMemory() back to the system (the window calls it when a
/// batch ends, so that an idle window does not hold a batch's peak).
void returnFreedMemory() noexcept;

} // namespace dropsize
