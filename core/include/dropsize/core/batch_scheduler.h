// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"
#include "dropsize/core/cancel_token.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/gpu_device.h"
#include "dropsize/core/image_processor.h"

#include <memory>

namespace dropsize {

/// How a batch runs.
struct BatchOptions {
    ProcessOptions process;
    int threads = 0; ///< CPU workers; 0 = one per core
    /// Where resizing may run: Auto adds a GPU worker beside the CPU workers when a GPU is
    /// usable; Gpu gives every job to the GPU worker; Cpu never opens the GPU. Without a usable
    /// GPU every choice runs on the CPU workers.
    DeviceChoice device = DeviceChoice::Auto;
    /// Device memory the GPU's buffers may use.
    std::uint64_t gpuMemoryBudget = 1ull << 30;
    /// Images in flight together never need more than this (estimated from their headers);
    /// an image larger than the budget runs alone.
    std::uint64_t memoryBudget = 512ull << 20;
    /// Write each output straight under its final name, with no temporary file and no rename
    /// (WriteOptions::direct): for mounts that cannot rename, such as object storage.
    bool directWrite = false;
};

/// Runs a BatchPlan's jobs (largest files first) on CPU worker threads of its own and, when there
/// is a usable GPU, one GPU worker thread that takes jobs from the same list: each job read →
/// decode → resize → encode → atomic write, reporting every step to a BatchObserver. The GPU
/// worker decodes and encodes on its CPU thread and keeps a few images in flight on the device. An
/// image the GPU cannot take runs on the CPU; after a GPU error the rest of the batch does (said
/// once through onNotice). One bad file fails its job only. cancel(), pause() and resume() may be
/// called from any thread while run() blocks; every worker has ended when run() returns.
class BatchScheduler {
public:
    /// `gpu`: the device to use when options.device allows one; without it run() opens the
    /// machine's CUDA device itself (tests pass an emulated one).
    explicit BatchScheduler(BatchOptions options, BatchObserver* observer = nullptr,
        std::unique_ptr<GpuDevice> gpu = nullptr);
    ~BatchScheduler();
    BatchScheduler(const BatchScheduler&) = delete;
    BatchScheduler& operator=(const BatchScheduler&) = delete;

    /// Runs every job; returns when all have finished or the batch was cancelled.
    BatchSummary run(const BatchPlan& plan);

    void cancel() noexcept;
    void pause() noexcept;
    void resume() noexcept;
    bool isPaused() const noexcept;

    const CancelToken& cancelToken() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace dropsize
