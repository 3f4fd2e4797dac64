// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Plans as text, for the planner tests that compare one plan with another (a part with the
// whole, a list with a walk).

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/path_text.h"

#include <gtest/gtest.h>
#include <map>
#include <string>

namespace dropsize::test {

/// The reason's English, or nothing.
inline std::string reasonOf(const std::shared_ptr<const Error>& reason)
{
    return reason ? reason->message : std::string();
}

/// What a job comes to, its id and input aside: its action and reason, then each output with
/// its action and reason.
inline std::string outcomeOf(const Job& job)
{
    std::string text = std::to_string(static_cast<int>(job.action)) + " " + reasonOf(job.reason);
    for (const JobOutput& out : job.outputs) {
        text += " | " + utf8(out.output()) + " " + std::to_string(static_cast<int>(out.action))
            + " " + reasonOf(out.reason);
    }
    return text;
}

/// Every ignored path of `plan` with its reason (a path reported twice fails the test).
inline std::map<std::string, std::string> ignoredOf(const BatchPlan& plan)
{
    std::map<std::string, std::string> ignored;
    for (const IgnoredPath& path : plan.ignored) {
        EXPECT_TRUE(ignored.emplace(utf8(path.path), path.reason.english()).second)
            << utf8(path.path);
    }
    return ignored;
}

} // namespace dropsize::test
