// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <cstdio>
#include <filesystem>
#include <vector>

namespace dropsize::cli {

/// --merge-reports: reads the reports of a split batch (files, or folders whose *.jsonl files
/// are read) and prints one summary on `out`: the shards finished and missing, the inputs done,
/// skipped, failed and left, the reasons with their counts, and inputs reported by two shards.
/// With `json`, one JSON object. Returns the exit status: 0 every shard finished and nothing
/// failed, 1 files failed, 75 a shard is missing or left files to do, 2 the reports cannot be
/// read or belong to different splits.
int mergeReports(
    const std::vector<std::filesystem::path>& paths, bool json, std::FILE* out, std::FILE* err);

} // namespace dropsize::cli
