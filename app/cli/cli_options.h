// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/options.h"
#include "dropsize/core/presets.h"
#include "dropsize/core/shard.h"

#include <filesystem>
#include <string>
#include <vector>

namespace dropsize::cli {

/// Everything the command line asked for.
struct CliOptions {
    std::vector<std::filesystem::path> inputs;
    PlanOptions plan;
    BatchOptions batch;
    /// --sizes as given: read once every flag is, with the final filter and enlarge.
    std::string sizes;
    bool json = false;
    bool dryRun = false;
    bool help = false;
    bool version = false;
    /// --preset as given: its flags are read before the command line's own, which override them.
    std::string preset;
    bool listPresets = false;
    /// The lines of the preset file that were skipped, each "FILE:LINE: why", for standard error.
    std::vector<std::string> presetProblems;

    // Splitting a batch over machines (docs/scale-out.md).
    /// --shard, read with the engine's environment (parseShard()); also in plan.shard.
    std::optional<Shard> shard;
    /// --files-from: a list of inputs ("-": standard input), read by the program before it plans.
    std::optional<std::filesystem::path> filesFrom;
    bool null = false; ///< --null: the list (read or printed) is NUL-separated
    /// --root: the folder the list's paths are relative to (plan.listRoot when there is a list),
    /// and that --list writes paths relative to.
    std::optional<std::filesystem::path> root;
    bool list = false; ///< --list: print the plan's inputs as a list, and do nothing else
    /// --report: the file (or folder, for shard-I-of-N.jsonl) of per-file results.
    std::optional<std::filesystem::path> report;
    /// --merge-reports: `inputs` are reports (files or folders) to merge into one summary.
    bool mergeReports = false;
};

/// Parses argv; on a usage error the Error says what is wrong (exit code 2). The presets are
/// read from `presetFile` (presetFilePath() when not given), and only when --preset is given.
[[nodiscard]] Result<CliOptions> parseCommandLine(const std::vector<std::string>& args);
[[nodiscard]] Result<CliOptions> parseCommandLine(
    const std::vector<std::string>& args, const std::filesystem::path& presetFile);

/// The lines of `store`'s file that its last load() skipped, each "FILE:LINE: why".
std::vector<std::string> presetProblemLines(const PresetStore& store);

} // namespace dropsize::cli
