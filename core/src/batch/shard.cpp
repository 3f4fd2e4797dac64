// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/shard.h"

#include "dropsize/core/path_text.h"

#include <charconv>

namespace dropsize {

std::uint64_t shardHash(std::string_view relativePath) noexcept
{
    return stablePathHash(relativePath);
}

std::uint32_t shardOf(std::string_view relativePath, std::uint32_t count) noexcept
{
    return count == 0 ? 0 : static_cast<std::uint32_t>(shardHash(relativePath) % count);
}

namespace {

    std::optional<std::uint64_t> wholeNumber(std::string_view text)
    {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [at, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ec != std::errc() || at != end) {
            return std::nullopt;
        }
        return value;
    }

    Error invalid(Text message)
    {
        return Error::of(ErrorCode::InvalidArgument, std::move(message));
    }

    using Environment = std::function<std::optional<std::string>(const char* name)>;

    // The number of parts: given after the slash, or else SLURM_ARRAY_TASK_COUNT's.
    Result<std::uint64_t> shardCount(
        std::string_view text, std::string_view countText, const Environment& env)
    {
        if (!countText.empty()) {
            const auto n = wholeNumber(countText);
            if (!n || *n < 1 || *n > kMaxShards) {
                return invalid(Text::tr("--shard %1: the number of parts must be a whole number "
                                        "from 1 to %2")
                                   .arg(std::string(text))
                                   .arg(std::to_string(kMaxShards)));
            }
            return *n;
        }
        const auto value = env("SLURM_ARRAY_TASK_COUNT");
        const auto n = value ? wholeNumber(*value) : std::nullopt;
        if (!n || *n < 1 || *n > kMaxShards) {
            return invalid(value
                    ? Text::tr("--shard auto: %1 is %2, not a number of parts from 1 to %3")
                          .arg("SLURM_ARRAY_TASK_COUNT")
                          .arg(*value)
                          .arg(std::to_string(kMaxShards))
                    : Text::tr("--shard auto: %1 is not set; give the number of parts "
                               "(%2)")
                          .arg("SLURM_ARRAY_TASK_COUNT")
                          .arg("--shard auto/8"));
        }
        return *n;
    }

    // The task index an engine set, the first of kShardIndexVariables that is set.
    Result<std::uint64_t> indexFromEnvironment(
        std::string_view text, std::uint64_t count, const Environment& env)
    {
        const char* found = nullptr;
        std::optional<std::string> value;
        for (const char* name : kShardIndexVariables) {
            if ((value = env(name))) {
                found = name;
                break;
            }
        }
        if (found == nullptr) {
            return invalid(Text::tr("--shard %1: no task index in the environment (%2, %3 or "
                                    "%4 is not set)")
                               .arg(std::string(text))
                               .arg(kShardIndexVariables[0])
                               .arg(kShardIndexVariables[1])
                               .arg(kShardIndexVariables[2]));
        }
        const auto n = wholeNumber(*value);
        if (!n || *n >= count) {
            return invalid(Text::tr("--shard %1: %2 is %3, not an index from 0 to %4")
                               .arg(std::string(text))
                               .arg(found)
                               .arg(*value)
                               .arg(std::to_string(count - 1)));
        }
        return *n;
    }

} // namespace

Result<Shard> parseShard(std::string_view text, const Environment& env)
{
    if (text.empty()) {
        // Not "auto": an empty value is a mistake (--shard= with nothing after it).
        return invalid(
            Text::tr("--shard needs INDEX/COUNT (%1), auto/COUNT or auto").arg("--shard 3/8"));
    }
    const std::size_t slash = text.find('/');
    const std::string_view indexText = text.substr(0, slash);
    const std::string_view countText
        = slash == std::string_view::npos ? std::string_view() : text.substr(slash + 1);
    const bool fromEnvironment = indexText.empty() || indexText == "auto";
    if (slash != std::string_view::npos && countText.empty()) {
        return invalid(Text::tr("--shard %1: give the number of parts after the slash (%2)")
                           .arg(std::string(text))
                           .arg("--shard 3/8"));
    }
    if (slash == std::string_view::npos && !fromEnvironment) {
        return invalid(Text::tr("--shard %1: give INDEX/COUNT (%2), auto/COUNT or auto")
                           .arg(std::string(text))
                           .arg("--shard 3/8"));
    }
    const auto count = shardCount(text, countText, env);
    if (!count) {
        return count.error();
    }
    std::uint64_t index = 0;
    if (fromEnvironment) {
        auto found = indexFromEnvironment(text, *count, env);
        if (!found) {
            return std::move(found).error();
        }
        index = *found;
    } else {
        const auto n = wholeNumber(indexText);
        if (!n || *n >= *count) {
            return invalid(Text::tr("--shard %1: the index must be a whole number from 0 to %2")
                               .arg(std::string(text))
                               .arg(std::to_string(*count - 1)));
        }
        index = *n;
    }
    return Shard { static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(*count) };
}

} // namespace dropsize
