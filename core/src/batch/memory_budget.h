// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>

namespace dropsize {

class MemoryBudget;

/// Bytes taken from a MemoryBudget, given back when the lease is destroyed or assigned over.
/// Move-only; a default-constructed or moved-from lease holds nothing.
class MemoryLease {
public:
    MemoryLease() = default;
    MemoryLease(MemoryLease&& other) noexcept;
    MemoryLease& operator=(MemoryLease&& other) noexcept;
    MemoryLease(const MemoryLease&) = delete;
    MemoryLease& operator=(const MemoryLease&) = delete;
    ~MemoryLease() { reset(); }

    /// Whether it holds bytes of a budget (zero of them, for a zero request).
    bool held() const noexcept { return m_budget != nullptr; }
    std::uint64_t bytes() const noexcept { return m_bytes; }
    /// Gives the bytes back now.
    void reset() noexcept;

private:
    friend class MemoryBudget;
    MemoryLease(MemoryBudget& budget, std::uint64_t bytes) noexcept
        : m_budget(&budget)
        , m_bytes(bytes)
    {
    }

    MemoryBudget* m_budget = nullptr;
    std::uint64_t m_bytes = 0;
};

/// The memory the images in flight may need together, as estimated from their headers. A
/// request larger than the whole budget takes all of it, so that image runs alone: it waits
/// until nothing else is held, and nothing else starts while it is. Every lease must end before
/// the budget does.
class MemoryBudget {
public:
    explicit MemoryBudget(std::uint64_t budget) noexcept
        : m_budget(budget)
    {
    }
    MemoryBudget(const MemoryBudget&) = delete;
    MemoryBudget& operator=(const MemoryBudget&) = delete;

    /// Waits until `bytes` fit; nullopt when `cancel` was requested first. A waiting call sees a
    /// cancel only through wakeAll(), which whoever cancels must call after requestStop().
    [[nodiscard]] std::optional<MemoryLease> acquire(
        std::uint64_t bytes, const CancelToken& cancel);
    /// Takes `bytes` when they fit now; never waits.
    [[nodiscard]] std::optional<MemoryLease> tryAcquire(std::uint64_t bytes);
    /// Makes every waiting acquire() look at its cancel token again.
    void wakeAll() noexcept;

    std::uint64_t budget() const noexcept { return m_budget; }
    std::uint64_t inUse() const;

private:
    friend class MemoryLease;
    /// Under m_mutex: what a request takes, or nullopt when it does not fit now.
    std::optional<std::uint64_t> fitLocked(std::uint64_t bytes) const noexcept;
    void release(std::uint64_t bytes) noexcept;

    const std::uint64_t m_budget;
    mutable std::mutex m_mutex;
    std::condition_variable m_released;
    std::uint64_t m_inUse = 0; ///< never more than m_budget
};

} // namespace dropsize
