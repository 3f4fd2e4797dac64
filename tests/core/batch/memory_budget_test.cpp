// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/memory_budget.h"

#include <atomic>
#include <chrono>
#include <future>
#include <gtest/gtest.h>
#include <thread>
#include <utility>
#include <vector>

namespace dropsize {
namespace {

    using namespace std::chrono_literals;

    // Long enough for a thread that is not blocked to have got through; a blocked one stays.
    constexpr auto kStillBlocked = 100ms;
    // Long enough for any thread that was let through to arrive, on the slowest machine.
    constexpr auto kArrives = 10s;

    TEST(MemoryBudget, ALeaseGivesItsBytesBackWhenItEnds)
    {
        MemoryBudget budget(100);
        {
            auto lease = budget.tryAcquire(60);
            ASSERT_TRUE(lease);
            EXPECT_TRUE(lease->held());
            EXPECT_EQ(lease->bytes(), 60u);
            EXPECT_EQ(budget.inUse(), 60u);
            lease->reset();
            EXPECT_FALSE(lease->held());
            EXPECT_EQ(budget.inUse(), 0u);
            auto again = budget.tryAcquire(70);
            ASSERT_TRUE(again);
            EXPECT_EQ(budget.inUse(), 70u);
        }
        EXPECT_EQ(budget.inUse(), 0u);
    }

    // Budgets and leases are 64-bit everywhere: on Windows a `long` would stop at 2 GiB.
    TEST(MemoryBudget, HoldsBudgetsOfThreeAndFiveGibibytesExactly)
    {
        constexpr std::uint64_t kGiB = 1ull << 30;
        for (const std::uint64_t size : { 3 * kGiB, 5 * kGiB }) {
            MemoryBudget budget(size);
            EXPECT_EQ(budget.budget(), size);
            auto big = budget.tryAcquire(size - kGiB);
            ASSERT_TRUE(big);
            EXPECT_EQ(big->bytes(), size - kGiB);
            EXPECT_FALSE(budget.tryAcquire(kGiB + 1)) << "only 1 GiB is left";
            auto rest = budget.tryAcquire(kGiB);
            ASSERT_TRUE(rest);
            EXPECT_EQ(budget.inUse(), size);
            big->reset();
            rest->reset();
            EXPECT_EQ(budget.inUse(), 0u);
            // A request larger than the budget takes all of it, and no more.
            auto all = budget.tryAcquire(size + 1);
            ASSERT_TRUE(all);
            EXPECT_EQ(all->bytes(), size);
        }
    }

    TEST(MemoryBudget, AMovedLeaseGivesItsBytesBackOnce)
    {
        MemoryBudget budget(100);
        MemoryLease first = std::move(budget.tryAcquire(30)).value();
        MemoryLease second(std::move(first));
        EXPECT_FALSE(first.held()); // NOLINT(bugprone-use-after-move): moved-from is empty
        EXPECT_EQ(second.bytes(), 30u);
        EXPECT_EQ(budget.inUse(), 30u);
        first.reset(); // gives back nothing: the bytes went with the move
        EXPECT_EQ(budget.inUse(), 30u);

        MemoryLease third = std::move(budget.tryAcquire(50)).value();
        EXPECT_EQ(budget.inUse(), 80u);
        third = std::move(second); // the 50 third held go back; the 30 move over
        EXPECT_EQ(budget.inUse(), 30u);
        EXPECT_EQ(third.bytes(), 30u);
        third = MemoryLease();
        EXPECT_EQ(budget.inUse(), 0u);
    }

    TEST(MemoryBudget, TryAcquireFailsAtOnceWhenTheBytesDoNotFit)
    {
        MemoryBudget budget(100);
        auto held = budget.tryAcquire(80);
        ASSERT_TRUE(held);
        auto attempt = std::async(std::launch::async, [&] { return budget.tryAcquire(30); });
        ASSERT_EQ(attempt.wait_for(kArrives), std::future_status::ready) << "tryAcquire waited";
        EXPECT_FALSE(attempt.get());
        EXPECT_EQ(budget.inUse(), 80u);
        auto fits = budget.tryAcquire(20);
        ASSERT_TRUE(fits) << "exactly the rest of the budget fits";
        EXPECT_EQ(budget.inUse(), 100u);
    }

    TEST(MemoryBudget, ABlockedAcquireWakesWhenMemoryIsReleased)
    {
        MemoryBudget budget(100);
        CancelToken cancel;
        auto held = budget.tryAcquire(80);
        ASSERT_TRUE(held);
        auto waiter = std::async(std::launch::async, [&] { return budget.acquire(50, cancel); });
        EXPECT_EQ(waiter.wait_for(kStillBlocked), std::future_status::timeout)
            << "acquire did not wait for the memory";
        held->reset();
        ASSERT_EQ(waiter.wait_for(kArrives), std::future_status::ready)
            << "acquire did not wake when the memory was released";
        auto lease = waiter.get();
        ASSERT_TRUE(lease);
        EXPECT_EQ(lease->bytes(), 50u);
        EXPECT_EQ(budget.inUse(), 50u);
    }

    TEST(MemoryBudget, ABlockedAcquireGivesUpOnCancel)
    {
        MemoryBudget budget(100);
        CancelToken cancel;
        auto held = budget.tryAcquire(80);
        ASSERT_TRUE(held);
        auto waiter = std::async(std::launch::async, [&] { return budget.acquire(50, cancel); });
        EXPECT_EQ(waiter.wait_for(kStillBlocked), std::future_status::timeout);
        cancel.requestStop();
        budget.wakeAll();
        ASSERT_EQ(waiter.wait_for(kArrives), std::future_status::ready)
            << "acquire did not see the cancel";
        EXPECT_FALSE(waiter.get());
        EXPECT_EQ(budget.inUse(), 80u) << "a cancelled acquire takes nothing";
        // Memory that is free is still given after a cancel: the job then ends as cancelled.
        EXPECT_TRUE(budget.acquire(20, cancel));
    }

    TEST(MemoryBudget, AnImageLargerThanTheBudgetRunsAlone)
    {
        MemoryBudget budget(100);
        CancelToken cancel;
        {
            auto alone = budget.tryAcquire(500);
            ASSERT_TRUE(alone) << "an oversized request is granted when nothing is held";
            EXPECT_EQ(alone->bytes(), 100u) << "it takes the whole budget";
            EXPECT_FALSE(budget.tryAcquire(1)) << "nothing else runs beside it";
        }
        auto small = budget.tryAcquire(10);
        ASSERT_TRUE(small);
        EXPECT_FALSE(budget.tryAcquire(500)) << "it waits until nothing else is held";
        auto waiter = std::async(std::launch::async, [&] { return budget.acquire(500, cancel); });
        EXPECT_EQ(waiter.wait_for(kStillBlocked), std::future_status::timeout);
        small->reset();
        ASSERT_EQ(waiter.wait_for(kArrives), std::future_status::ready);
        auto lease = waiter.get();
        ASSERT_TRUE(lease);
        EXPECT_EQ(budget.inUse(), 100u);
    }

    TEST(MemoryBudget, ManyThreadsNeverHoldMoreThanTheBudget)
    {
        constexpr std::uint64_t kBudget = 100;
        MemoryBudget budget(kBudget);
        CancelToken cancel;
        std::atomic<std::uint64_t> held { 0 };
        std::atomic<std::uint64_t> most { 0 };
        std::atomic<int> granted { 0 };
        std::vector<std::thread> threads;
        threads.reserve(6);
        for (int t = 0; t < 6; ++t) {
            threads.emplace_back([&, t] {
                for (int i = 0; i < 100; ++i) {
                    const std::uint64_t bytes = 10 + static_cast<std::uint64_t>((t * 7 + i) % 50);
                    auto lease = budget.acquire(bytes, cancel);
                    ASSERT_TRUE(lease);
                    const std::uint64_t now = held += bytes;
                    std::uint64_t seen = most.load();
                    while (now > seen && !most.compare_exchange_weak(seen, now)) { }
                    ++granted;
                    // Held a while, so leases overlap (a millisecond: Windows sleeps no shorter).
                    std::this_thread::sleep_for(1ms);
                    held -= bytes;
                }
            });
        }
        for (std::thread& t : threads) {
            t.join();
        }
        EXPECT_EQ(granted.load(), 6 * 100);
        EXPECT_LE(most.load(), kBudget);
        EXPECT_GT(most.load(), 59u) << "leases were held side by side";
        EXPECT_EQ(budget.inUse(), 0u);
    }

} // namespace
} // namespace dropsize
