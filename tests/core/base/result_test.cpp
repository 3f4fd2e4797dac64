// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/result.h"

#include <cerrno>
#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <thread>
#include <vector>

using namespace dropsize;

TEST(SystemErrorText, SaysWhatStrerrorSays)
{
    // Compared here, on one thread, with the function it replaces.
    for (const int err : { ENOENT, EACCES, ENOSPC, EEXIST }) {
        EXPECT_EQ(systemErrorText(err), std::string(std::strerror(err))) << err;
    }
    EXPECT_NE(systemErrorText(ENOENT), systemErrorText(EACCES));
}

TEST(SystemErrorText, GivesEachThreadItsOwnText)
{
    const std::string noEntry = systemErrorText(ENOENT);
    const std::string denied = systemErrorText(EACCES);
    std::vector<int> wrong(4, 0);
    {
        std::vector<std::jthread> threads;
        for (std::size_t t = 0; t < wrong.size(); ++t) {
            threads.emplace_back([&, t] {
                const int err = t % 2 == 0 ? ENOENT : EACCES;
                const std::string& expected = t % 2 == 0 ? noEntry : denied;
                for (int i = 0; i < 2000; ++i) {
                    wrong[t] += systemErrorText(err) != expected ? 1 : 0;
                }
            });
        }
    }
    for (const int w : wrong) {
        EXPECT_EQ(w, 0);
    }
}
