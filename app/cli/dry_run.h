// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "cli/cli_options.h"
#include "dropsize/core/cancel_token.h"

#include <cstdio>

namespace dropsize::cli {

/// What a dry run listed: outputs (one per input and size) to write, skip or fail, and inputs.
struct DryRunCounts {
    std::size_t inputs = 0;
    std::size_t resize = 0;
    std::size_t skip = 0;
    std::size_t failed = 0;
    std::size_t ignored = 0;
    bool outputClosed = false; ///< standard output went away: the listing stopped there
};

/// Prints what a run would do: each input with its output path and sizes, or why it would be
/// skipped or fail, with the checks and limits of a real run (inspectFile()); then
/// the paths left out. Reads files' first bytes only; writes nothing. Stops early when
/// `cancel` is set or `out` is closed.
DryRunCounts printDryRun(
    const BatchPlan& plan, const CliOptions& options, std::FILE* out, const CancelToken* cancel);

} // namespace dropsize::cli
