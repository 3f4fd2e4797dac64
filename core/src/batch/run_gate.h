// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"

#include <condition_variable>
#include <mutex>

namespace dropsize {

/// Pause, resume and cancel for a batch's workers: each asks waitWhilePaused() before it takes a
/// new job. Any thread may call any member at any time. A cancel is for good: it releases every
/// waiter and resume() does not undo it.
class RunGate {
public:
    RunGate() = default;
    RunGate(const RunGate&) = delete;
    RunGate& operator=(const RunGate&) = delete;

    void pause() noexcept;
    void resume() noexcept;
    void cancel() noexcept;
    bool isPaused() const noexcept;

    /// Blocks while the gate is paused; false when the batch was cancelled (before or while
    /// waiting), true when work may go on.
    [[nodiscard]] bool waitWhilePaused() const;

    /// The token every long loop of the batch polls; cancel() trips it.
    const CancelToken& cancelToken() const noexcept { return m_cancel; }

private:
    CancelToken m_cancel;
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_changed;
    bool m_paused = false;
};

} // namespace dropsize
