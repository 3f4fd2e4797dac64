// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/options.h"
#include "dropsize/core/presets.h"
#include "dropsize/core/shard.h"

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
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

/// The part of --help a flag is listed in.
enum class CliSection { Size, Output, Run, ScaleOut };

/// One flag of the command line: the option it sets (whose flag, value name, limits and help
/// are core's, options.h) and how its value goes into CliOptions. The parser and --help both
/// read the table of these (cliFlags()).
struct CliFlag {
    const OptionInfo* option = nullptr;
    CliSection section = CliSection::Run;
    /// What a usage error says the value must be, filled in as the help is ("a level from {min}
    /// to {max}"); empty for a switch.
    std::string needs = {};
    /// Reads the value (empty for a switch) into the options; false when it is not a valid one.
    std::function<bool(const std::string& value, CliOptions& options)> apply = {};
    /// The value the options hold as --help writes it (for {default} and the default choice);
    /// empty where help says no default.
    std::function<std::string(const CliOptions& options)> show = {};
    std::vector<std::string> choices = {}; ///< a Choice's names, in its table's order
    std::string_view alias = {}; ///< another spelling ("-h")

    std::string_view flag() const noexcept { return option->flag; }
    bool takesValue() const noexcept { return option->kind != OptionKind::Switch; }
    /// One of the flags that say the size: only one may be given.
    bool choosesSize() const noexcept { return option->choosesSize; }
};

/// Every flag, in the order --help lists them.
const std::vector<CliFlag>& cliFlags();

/// Parses argv; on a usage error the Error says what is wrong (exit code 2). The presets are
/// read from `presetFile` (presetFilePath() when not given), and only when --preset is given.
[[nodiscard]] Result<CliOptions> parseCommandLine(const std::vector<std::string>& args);
[[nodiscard]] Result<CliOptions> parseCommandLine(
    const std::vector<std::string>& args, const std::filesystem::path& presetFile);

/// What --list-presets prints: the built-ins with their ids, then the presets of `store`'s file,
/// each with its flags.
std::string presetListText(const PresetStore& store);

/// The lines of `store`'s file that its last load() skipped, each "FILE:LINE: why".
std::vector<std::string> presetProblemLines(const PresetStore& store);

/// The --help text, generated from cliFlags().
std::string usageText();

} // namespace dropsize::cli
