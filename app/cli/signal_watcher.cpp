// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/signal_watcher.h"

#include <csignal>
#include <cstdlib>
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
    m_thread = std::thread([this] { watch(); });
}

SignalWatcher::~SignalWatcher()
{
    pthread_kill(m_thread.native_handle(), SIGUSR1);
    m_thread.join();
}

void SignalWatcher::onSignal(std::function<void()> callback)
{
    std::lock_guard lock(m_mutex);
    m_callback = std::move(callback);
}

void SignalWatcher::watch()
{
    const sigset_t set = watchedSignals();
    int count = 0;
    for (;;) {
        int signal = 0;
        if (sigwait(&set, &signal) != 0 || signal == SIGUSR1) {
            return;
        }
        if (++count > 1) {
            std::_Exit(130); // a second Ctrl-C: stop now; temporaries are cleaned up next run
        }
        std::lock_guard lock(m_mutex);
        if (m_callback) {
            m_callback();
        }
    }
}

} // namespace dropsize
