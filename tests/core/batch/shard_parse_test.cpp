// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// --shard's value: I/N, or the index (and count) from a batch engine's environment.

#include "dropsize/core/shard.h"

#include <gtest/gtest.h>
#include <map>

namespace dropsize {
namespace {

    // An environment of the test's own.
    auto envOf(std::map<std::string, std::string> vars)
    {
        return [vars = std::move(vars)](const char* name) -> std::optional<std::string> {
            const auto at = vars.find(name);
            return at == vars.end() ? std::nullopt : std::optional(at->second);
        };
    }

    TEST(ParseShard, TakesIndexSlashCount)
    {
        const auto none = envOf({});
        EXPECT_EQ(parseShard("0/1", none).value(), (Shard { 0, 1 }));
        EXPECT_EQ(parseShard("3/8", none).value(), (Shard { 3, 8 }));
        EXPECT_EQ(parseShard("999999/1000000", none).value(), (Shard { 999999, 1000000 }));
        for (const char* bad : { "8/8", "0/0", "-1/4", "1/", "/", "1", "a/4", "1/b", "1/4x", " 1/4",
                 "1/1000001", "99999999999999999999/4" }) {
            const auto r = parseShard(bad, none);
            ASSERT_FALSE(r) << bad;
            EXPECT_EQ(r.error().code, ErrorCode::InvalidArgument);
            EXPECT_NE(r.error().message.find("--shard"), std::string::npos) << r.error().message;
        }
    }

    TEST(ParseShard, AutoReadsEachEnginesIndexInTurn)
    {
        EXPECT_EQ(parseShard("auto/4", envOf({ { "SLURM_ARRAY_TASK_ID", "2" } })).value(),
            (Shard { 2, 4 }));
        EXPECT_EQ(
            parseShard("/4", envOf({ { "JOB_COMPLETION_INDEX", "3" } })).value(), (Shard { 3, 4 }));
        EXPECT_EQ(parseShard("auto/4", envOf({ { "AWS_BATCH_JOB_ARRAY_INDEX", "0" } })).value(),
            (Shard { 0, 4 }));
        // Slurm's comes first when several are set.
        EXPECT_EQ(parseShard("auto/4",
                      envOf({ { "JOB_COMPLETION_INDEX", "3" }, { "SLURM_ARRAY_TASK_ID", "1" } }))
                      .value(),
            (Shard { 1, 4 }));
        EXPECT_EQ(parseShard("auto",
                      envOf({ { "SLURM_ARRAY_TASK_ID", "5" }, { "SLURM_ARRAY_TASK_COUNT", "6" } }))
                      .value(),
            (Shard { 5, 6 }));
        // An empty value is a mistake (--shard= with nothing after it), never "auto".
        const auto empty = parseShard(
            "", envOf({ { "SLURM_ARRAY_TASK_ID", "1" }, { "SLURM_ARRAY_TASK_COUNT", "2" } }));
        ASSERT_FALSE(empty.ok());
        EXPECT_NE(empty.error().message.find("--shard needs"), std::string::npos)
            << empty.error().message;
    }

    TEST(ParseShard, AutoSaysWhatIsMissingOrOutOfRange)
    {
        const auto none = parseShard("auto/4", envOf({}));
        ASSERT_FALSE(none);
        EXPECT_NE(none.error().message.find("SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or "
                                            "AWS_BATCH_JOB_ARRAY_INDEX is not set"),
            std::string::npos)
            << none.error().message;
        const auto high = parseShard("auto/4", envOf({ { "JOB_COMPLETION_INDEX", "4" } }));
        ASSERT_FALSE(high);
        EXPECT_NE(high.error().message.find("JOB_COMPLETION_INDEX is 4, not an index from 0 to 3"),
            std::string::npos)
            << high.error().message;
        EXPECT_FALSE(parseShard("auto/4", envOf({ { "SLURM_ARRAY_TASK_ID", "x" } })));
        const auto noCount = parseShard("auto", envOf({ { "SLURM_ARRAY_TASK_ID", "1" } }));
        ASSERT_FALSE(noCount);
        EXPECT_NE(
            noCount.error().message.find("SLURM_ARRAY_TASK_COUNT is not set"), std::string::npos)
            << noCount.error().message;
    }

} // namespace
} // namespace dropsize
