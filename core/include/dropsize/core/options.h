// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

namespace dropsize {

/// The output's format: the input's, or a fixed one.
enum class OutputFormat { Keep, Jpeg, Png };

/// What happens when an output's name is taken.
enum class ExistingPolicy {
    Skip, ///< leave the existing file; the job is skipped (re-running a batch resumes it)
    Overwrite, ///< replace it (never an input: inputs are protected whatever the policy)
    Rename, ///< write under the next free name: photo_1.jpg, photo_2.jpg, ...
};

} // namespace dropsize
