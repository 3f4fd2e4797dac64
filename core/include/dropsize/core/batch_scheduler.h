// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"
#include "dropsize/core/cancel_token.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/image_processor.h"

#include <condition_variable>
#include <mutex>

namespace dropsize {

/// How a batch runs.
struct BatchOptions {
    ProcessOptions process;
    ExistingPolicy onExisting = ExistingPolicy::Skip;
    int threads = 0; ///< CPU workers; 0 = one per core
    /// Where resizing may run. Until the CUDA queue exists every choice runs on the CPU workers
    /// (the GPU is reported unavailable), which is also the fallback it will keep.
    DeviceChoice device = DeviceChoice::Auto;
    /// Images in flight together never need more than this (estimated from their headers);
    /// an image larger than the budget runs alone.
    std::uint64_t memoryBudget = 512ull << 20;
};

/// Runs a BatchPlan's jobs (largest files first) on OpenMP CPU workers, each job read → decode →
/// resize → encode → atomic write, reporting every step to a BatchObserver. One bad file fails its
/// job only. cancel(), pause() and resume() may be called from any thread while run() blocks.
class BatchScheduler {
public:
    explicit BatchScheduler(BatchOptions options, BatchObserver* observer = nullptr);

    /// Runs every job; returns when all have finished or the batch was cancelled.
    BatchSummary run(const BatchPlan& plan);

    void cancel() noexcept;
    void pause() noexcept;
    void resume() noexcept;
    bool isPaused() const noexcept;

    const CancelToken& cancelToken() const noexcept { return m_cancel; }

private:
    JobReport runJob(const Job& job, const FileIdentitySet& inputs);
    bool waitWhilePaused();
    void acquireMemory(std::uint64_t bytes);
    void releaseMemory(std::uint64_t bytes);

    BatchOptions m_options;
    BatchObserver* m_observer;
    CancelToken m_cancel;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_paused = false;
    std::uint64_t m_memoryInUse = 0;
};

} // namespace dropsize
