// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "cli/cli_options.h"

#include <cstdio>

namespace dropsize::cli {

/// Prints what a run would do: each input with its output path and sizes, or why it is skipped
/// or would fail. Reads headers only; writes nothing.
void printDryRun(const BatchPlan& plan, const CliOptions& options, std::FILE* out);

} // namespace dropsize::cli
