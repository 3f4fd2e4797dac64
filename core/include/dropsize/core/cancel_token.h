// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <atomic>

namespace dropsize {

/// A cancel request shared by a batch and everything it runs. Any thread may call requestStop();
/// long loops poll stopRequested() between chunks of rows and give up with ErrorCode::Cancelled.
class CancelToken {
public:
    void requestStop() noexcept { m_stop.store(true, std::memory_order_relaxed); }
    bool stopRequested() const noexcept { return m_stop.load(std::memory_order_relaxed); }
    void reset() noexcept { m_stop.store(false, std::memory_order_relaxed); }

private:
    std::atomic<bool> m_stop { false };
};

} // namespace dropsize
