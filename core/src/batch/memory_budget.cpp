// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/memory_budget.h"

#include <algorithm>
#include <utility>

namespace dropsize {

MemoryLease::MemoryLease(MemoryLease&& other) noexcept
    : m_budget(std::exchange(other.m_budget, nullptr))
    , m_bytes(std::exchange(other.m_bytes, 0))
{
}

MemoryLease& MemoryLease::operator=(MemoryLease&& other) noexcept
{
    if (this != &other) {
        reset();
        m_budget = std::exchange(other.m_budget, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

void MemoryLease::reset() noexcept
{
    if (m_budget != nullptr) {
        std::exchange(m_budget, nullptr)->release(std::exchange(m_bytes, 0));
    }
}

std::optional<std::uint64_t> MemoryBudget::fitLocked(std::uint64_t bytes) const noexcept
{
    // Capped at the budget, an oversized request fits only when nothing is held, and then
    // leaves no room for another: it runs alone.
    const std::uint64_t taken = std::min(bytes, m_budget);
    if (taken > m_budget - m_inUse) {
        return std::nullopt;
    }
    return taken;
}

std::optional<MemoryLease> MemoryBudget::acquire(std::uint64_t bytes, const CancelToken& cancel)
{
    std::unique_lock lock(m_mutex);
    std::optional<std::uint64_t> taken;
    m_released.wait(lock, [&] {
        taken = fitLocked(bytes);
        return taken.has_value() || cancel.stopRequested();
    });
    if (!taken) {
        return std::nullopt;
    }
    m_inUse += *taken;
    return MemoryLease(*this, *taken);
}

std::optional<MemoryLease> MemoryBudget::tryAcquire(std::uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    const std::optional<std::uint64_t> taken = fitLocked(bytes);
    if (!taken) {
        return std::nullopt;
    }
    m_inUse += *taken;
    return MemoryLease(*this, *taken);
}

void MemoryBudget::wakeAll() noexcept
{
    // Taking the lock orders this against a waiter that has just found no cancel and is about to
    // sleep: it is either asleep already, or it will see the cancel when it looks.
    std::lock_guard lock(m_mutex);
    m_released.notify_all();
}

std::uint64_t MemoryBudget::inUse() const
{
    std::lock_guard lock(m_mutex);
    return m_inUse;
}

void MemoryBudget::release(std::uint64_t bytes) noexcept
{
    std::lock_guard lock(m_mutex);
    m_inUse -= bytes;
    m_released.notify_all();
}

} // namespace dropsize
