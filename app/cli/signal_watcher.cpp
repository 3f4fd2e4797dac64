// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/signal_watcher.h"

#include <cstdlib>

#ifdef _WIN32

#include <atomic>
#include <csignal>
#include <mutex>
#include <windows.h>

namespace dropsize {

namespace {
    // Windows calls a console control handler, a plain function, on a thread of its own: this is
    // how it finds the watcher. One watcher per process (the CLI's main makes it). The mutex
    // keeps the watcher alive while the handler notifies it.
    std::mutex g_watcherMutex;
    SignalWatcher* g_watcher = nullptr; // guarded by g_watcherMutex
    std::atomic<int> g_count { 0 };

    BOOL WINAPI onConsoleControl(DWORD type)
    {
        if (type != CTRL_C_EVENT && type != CTRL_BREAK_EVENT && type != CTRL_CLOSE_EVENT) {
            return FALSE;
        }
        // The POSIX signal each stands for, so the exit status is the same: 130 or 143.
        const int signal = type == CTRL_C_EVENT ? SIGINT : SIGTERM;
        if (++g_count > 1) {
            std::_Exit(128 + signal); // a second one: stop now; temporaries are cleaned up next run
        }
        {
            std::lock_guard lock(g_watcherMutex);
            if (g_watcher != nullptr) {
                g_watcher->notify(signal);
            }
        }
        if (type == CTRL_CLOSE_EVENT) {
            // The system ends the process when this returns, or about 5 s after the close if
            // it has not: waiting here lets the images being written finish and the run end
            // through main, which ends this thread with it.
            ::Sleep(INFINITE);
        }
        return TRUE;
    }
} // namespace

SignalWatcher::SignalWatcher()
{
    {
        std::lock_guard lock(g_watcherMutex);
        g_watcher = this;
    }
    ::SetConsoleCtrlHandler(onConsoleControl, TRUE);
}

SignalWatcher::~SignalWatcher()
{
    ::SetConsoleCtrlHandler(onConsoleControl, FALSE);
    std::lock_guard lock(g_watcherMutex); // a handler running now finishes its notify first
    g_watcher = nullptr;
}

void SignalWatcher::watch() { }

} // namespace dropsize

#else

#include <csignal>
#include <pthread.h>

namespace dropsize {

namespace {
    sigset_t watchedSignals()
    {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGINT);
        sigaddset(&set, SIGTERM);
        sigaddset(&set, SIGUSR1); // sent by the destructor to end the watch
        return set;
    }
} // namespace

SignalWatcher::SignalWatcher()
{
    const sigset_t set = watchedSignals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    // A signal already pending (sent while the program was starting) is taken now, so that the
    // first folder is not read before it counts.
    const timespec now {};
    siginfo_t info {};
    if (const int signal = sigtimedwait(&set, &info, &now); signal == SIGINT || signal == SIGTERM) {
        m_pending = signal;
        m_count = 1;
    }
    m_thread = std::thread([this] { watch(); });
}

SignalWatcher::~SignalWatcher()
{
    pthread_kill(m_thread.native_handle(), SIGUSR1);
    m_thread.join();
}

void SignalWatcher::watch()
{
    const sigset_t set = watchedSignals();
    for (;;) {
        int signal = 0;
        if (sigwait(&set, &signal) != 0 || signal == SIGUSR1) {
            return;
        }
        if (++m_count > 1) {
            // A second signal: stop now (128 + it, as the shell reports a death by signal);
            // temporaries are cleaned up by the next run.
            std::_Exit(128 + signal);
        }
        notify(signal);
    }
}

} // namespace dropsize

#endif

namespace dropsize {

void SignalWatcher::onSignal(std::function<void(int)> callback)
{
    std::lock_guard lock(m_mutex);
    m_callback = std::move(callback);
    if (m_callback && m_pending != 0) {
        m_callback(m_pending);
    }
}

void SignalWatcher::notify(int signal)
{
    std::lock_guard lock(m_mutex);
    if (m_callback) {
        m_callback(signal);
    } else {
        m_pending = signal;
    }
}

} // namespace dropsize
