// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <functional>
#include <mutex>
#include <thread>

namespace dropsize {

/// Turns SIGINT and SIGTERM (on Windows: Ctrl-C, Ctrl-Break, closing the console) into a
/// callback on an ordinary thread, so that cancelling a batch can lock mutexes and notify
/// threads, which a signal handler may not do. On POSIX a thread sigwait()s; construct the
/// watcher before any other thread starts, as it blocks the signals for the threads made after
/// it. On Windows the system calls a console control handler on a thread of its own.
class SignalWatcher {
public:
    SignalWatcher();
    ~SignalWatcher();
    SignalWatcher(const SignalWatcher&) = delete;
    SignalWatcher& operator=(const SignalWatcher&) = delete;

    /// Called (on the watcher's thread) for the first signal; a second one ends the process.
    void onSignal(std::function<void()> callback);

    /// Runs the callback (from the watching thread or the console handler).
    void notify();

private:
    void watch();

    std::mutex m_mutex;
    std::function<void()> m_callback;
    std::thread m_thread;
};

} // namespace dropsize
