// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"

#include <filesystem>
#include <string>
#include <vector>

namespace dropsize::cli {

/// Everything the command line asked for.
struct CliOptions {
    std::vector<std::filesystem::path> inputs;
    PlanOptions plan;
    BatchOptions batch;
    bool json = false;
    bool dryRun = false;
    bool help = false;
    bool version = false;
};

/// Parses argv; on a usage error the Error says what is wrong (exit code 2).
[[nodiscard]] Result<CliOptions> parseCommandLine(const std::vector<std::string>& args);

/// The --help text.
std::string usageText();

} // namespace dropsize::cli
