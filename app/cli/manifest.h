// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/result.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dropsize::cli {

/// The paths of a list (--files-from): one a line, or separated by NUL bytes with `null` (any
/// name can be listed then); empty entries are skipped. Paths are bytes, as the system's names
/// are. A carriage return before each line feed is dropped when every line has one (a list
/// written on Windows). Usage error (InvalidArgument) for a list without `null` that holds a
/// NUL byte (a list written with --null), or where some lines end in a carriage return and
/// others do not (a name's last byte could not be told from a line end).
[[nodiscard]] Result<std::vector<std::filesystem::path>> manifestPaths(
    std::string_view text, bool null);

/// Reads the list in `file` ("-": standard input) with manifestPaths().
[[nodiscard]] Result<std::vector<std::filesystem::path>> readManifest(
    const std::filesystem::path& file, bool null);

/// --list: the input of every job of `plan`, relative to `base` when it lies inside it (with '/'
/// between names, on Windows too), sorted by their bytes, each ended by a line feed, or a NUL
/// with `null`. Fails (naming the file) when a name holds a line feed, or ends in a carriage
/// return, and `null` is off, since such a list could not be read back as it was.
[[nodiscard]] Result<std::string> listText(
    const BatchPlan& plan, const std::optional<std::filesystem::path>& base, bool null);

} // namespace dropsize::cli
