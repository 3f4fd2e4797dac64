// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/result.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace dropsize {

/// One of `count` disjoint parts of a batch (--shard INDEX/COUNT): a batch split over machines
/// runs every part once, each anywhere, and the parts together are the whole batch.
struct Shard {
    std::uint32_t index = 0; ///< 0 to count - 1
    std::uint32_t count = 1;

    bool operator==(const Shard&) const = default;
};

/// At most this many parts (AWS Batch's largest array is 10,000; Slurm's default 1,001).
inline constexpr std::uint32_t kMaxShards = 1'000'000;

/// The hash that places a file: stablePathHash() (path_text.h) of its path relative to its input
/// root, as UTF-8 with '/' between its names (on Windows too).
std::uint64_t shardHash(std::string_view relativePath) noexcept;

/// The part a file belongs to: shardHash(relativePath) mod `count` (0 when count is 0).
std::uint32_t shardOf(std::string_view relativePath, std::uint32_t count) noexcept;

/// The environment variables that give a task's index, in the order they are looked at: Slurm's
/// job arrays, Kubernetes' Indexed Jobs, AWS Batch's array jobs.
inline constexpr const char* kShardIndexVariables[]
    = { "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX" };

/// Reads --shard's value: "I/N"; "auto/N" or "/N" (the index from the engine's environment);
/// "auto" (the count from SLURM_ARRAY_TASK_COUNT too). `env` looks a variable up (getenv in the
/// program, a table in tests). A missing, malformed or out-of-range index or count is an
/// InvalidArgument error that says which and where it was looked for.
[[nodiscard]] Result<Shard> parseShard(
    std::string_view text, const std::function<std::optional<std::string>(const char* name)>& env);

} // namespace dropsize
