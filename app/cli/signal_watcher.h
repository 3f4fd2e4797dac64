// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <functional>
#include <mutex>
#include <thread>

namespace dropsize {

/// Turns SIGINT and SIGTERM into a callback on an ordinary thread (sigwait), so that cancelling
/// a batch can lock mutexes and notify threads, which a signal handler may not do. Construct it
/// before any other thread starts: it blocks the signals for the threads created after it.
class SignalWatcher {
public:
    SignalWatcher();
    ~SignalWatcher();
    SignalWatcher(const SignalWatcher&) = delete;
    SignalWatcher& operator=(const SignalWatcher&) = delete;

    /// Called (on the watcher's thread) for the first signal; a second one ends the process.
    void onSignal(std::function<void()> callback);

private:
    void watch();

    std::mutex m_mutex;
    std::function<void()> m_callback;
    std::thread m_thread;
};

} // namespace dropsize
