// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "cli/cli_options.h"
#include "dropsize/core/options.h"
#include "dropsize/core/result.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace dropsize::cli {

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

/// `text` with {min}, {max}, {default} and {choices} filled in from `flag` (a help line, or what
/// a usage error says a value must be); `defaults` is null for a usage error's text, which marks
/// no default.
std::string flagText(std::string_view text, const CliFlag& flag, const CliOptions* defaults);

/// "--percent, --fit, ... and --size": the flags of which one may be given.
std::string sizeFlagList(const std::vector<CliFlag>& flags);

/// Why a list, pattern or gap flag's value (--sizes, --name, --shard, --reducing-gap) was
/// refused, in its parser's words.
Status flagValueProblem(const OptionInfo& option, const std::string& value, const CliOptions& o);

} // namespace dropsize::cli
