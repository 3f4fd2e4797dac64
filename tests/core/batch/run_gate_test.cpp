// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/run_gate.h"

#include <chrono>
#include <future>
#include <gtest/gtest.h>

namespace dropsize {
namespace {

    using namespace std::chrono_literals;

    // Long enough for a thread that is not blocked to have got through; a blocked one stays.
    constexpr auto kStillBlocked = 100ms;
    // Long enough for any thread that was let through to arrive, on the slowest machine.
    constexpr auto kArrives = 10s;

    std::future<bool> waitOnAnotherThread(const RunGate& gate)
    {
        return std::async(std::launch::async, [&gate] { return gate.waitWhilePaused(); });
    }

    TEST(RunGate, AnOpenGateLetsWorkGoOn)
    {
        RunGate gate;
        EXPECT_FALSE(gate.isPaused());
        auto waiter = waitOnAnotherThread(gate);
        ASSERT_EQ(waiter.wait_for(kArrives), std::future_status::ready);
        EXPECT_TRUE(waiter.get());
        EXPECT_FALSE(gate.cancelToken().stopRequested());
    }

    TEST(RunGate, PauseHoldsAWaiterUntilResume)
    {
        RunGate gate;
        gate.pause();
        EXPECT_TRUE(gate.isPaused());
        auto waiter = waitOnAnotherThread(gate);
        EXPECT_EQ(waiter.wait_for(kStillBlocked), std::future_status::timeout)
            << "a paused gate let a waiter through";
        gate.resume();
        EXPECT_FALSE(gate.isPaused());
        ASSERT_EQ(waiter.wait_for(kArrives), std::future_status::ready)
            << "resume did not release the waiter";
        EXPECT_TRUE(waiter.get());
    }

    TEST(RunGate, CancelReleasesAPausedWaiter)
    {
        RunGate gate;
        gate.pause();
        auto waiter = waitOnAnotherThread(gate);
        EXPECT_EQ(waiter.wait_for(kStillBlocked), std::future_status::timeout);
        gate.cancel();
        ASSERT_EQ(waiter.wait_for(kArrives), std::future_status::ready)
            << "cancel did not release the waiter";
        EXPECT_FALSE(waiter.get()) << "a cancelled batch takes no new work";
        EXPECT_TRUE(gate.cancelToken().stopRequested());
    }

    TEST(RunGate, ACancelIsForGood)
    {
        RunGate gate;
        gate.cancel();
        EXPECT_FALSE(gate.waitWhilePaused());
        gate.resume();
        EXPECT_FALSE(gate.waitWhilePaused()) << "resume undid the cancel";
        gate.pause();
        auto waiter = waitOnAnotherThread(gate);
        ASSERT_EQ(waiter.wait_for(kArrives), std::future_status::ready)
            << "a pause after a cancel held a waiter";
        EXPECT_FALSE(waiter.get());
    }

    TEST(RunGate, EveryPausedWaiterGoesOnAtResume)
    {
        RunGate gate;
        gate.pause();
        std::future<bool> waiters[4];
        for (auto& w : waiters) {
            w = waitOnAnotherThread(gate);
        }
        for (auto& w : waiters) {
            EXPECT_EQ(w.wait_for(kStillBlocked), std::future_status::timeout);
        }
        gate.resume();
        for (auto& w : waiters) {
            ASSERT_EQ(w.wait_for(kArrives), std::future_status::ready);
            EXPECT_TRUE(w.get());
        }
    }

} // namespace
} // namespace dropsize
