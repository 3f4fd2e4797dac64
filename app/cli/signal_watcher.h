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

    /// Called (on the watcher's thread) with the signal's number for the first signal; a second
    /// one ends the process. A signal that came before the callback was set is passed to it
    /// at once, so that none is lost.
    void onSignal(std::function<void(int)> callback);

    /// Runs the callback (from the watching thread or the console handler).
    void notify(int signal);

private:
    void watch();

    std::mutex m_mutex;
    std::function<void(int)> m_callback;
    int m_pending = 0; ///< a signal that came before the callback
    int m_count = 0; ///< signals seen (POSIX: by the constructor, then the watching thread)
    std::thread m_thread;
};

} // namespace dropsize
