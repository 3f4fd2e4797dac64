// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

namespace dropsize {

/// Has the C library keep the memory a job frees for the next job instead of giving it back to
/// the system. A job's buffers are megabytes each (the file, the decoded image, the PNG data),
/// which glibc otherwise maps afresh for every image and unmaps after it; each new page then
/// faults in zeroed, and where a page fault is dear (virtual machines) that was a third of a
/// PNG's time. The peak is unchanged: the same buffers, reused. Call it first thing in main(),
/// before any thread starts; it does nothing where the C library is not glibc.
void keepFreedMemory() noexcept;

/// Gives the memory kept by keepFreedMemory() back to the system (the window calls it when a
/// batch ends, so that an idle window does not hold a batch's peak).
void returnFreedMemory() noexcept;

} // namespace dropsize
