// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/run_gate.h"

namespace dropsize {

void RunGate::pause() noexcept
{
    std::lock_guard lock(m_mutex);
    m_paused = true;
}

void RunGate::resume() noexcept
{
    std::lock_guard lock(m_mutex);
    m_paused = false;
    m_changed.notify_all();
}

void RunGate::cancel() noexcept
{
    m_cancel.requestStop();
    // Under the lock, so that a waiter that has just found no cancel is asleep before the
    // notification, or looks again after it.
    std::lock_guard lock(m_mutex);
    m_changed.notify_all();
}

bool RunGate::isPaused() const noexcept
{
    std::lock_guard lock(m_mutex);
    return m_paused;
}

bool RunGate::waitWhilePaused() const
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return !m_paused || m_cancel.stopRequested(); });
    return !m_cancel.stopRequested();
}

} // namespace dropsize
