// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"
#include "dropsize/core/cancel_token.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/gpu_device.h"
#include "dropsize/core/image_processor.h"

#include <condition_variable>
#include <mutex>

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
};

/// What reading one input finds, with a batch's limits and without its memory: the dry run's view.
struct FilePreview {
    InspectedImage inspected;
    std::uint64_t fileBytes = 0;
    std::string note; ///< why its size is kept, when it is
};

/// Runs a BatchPlan's jobs (largest files first) on OpenMP CPU workers and, when there is a
/// usable GPU, one GPU worker that takes jobs from the same list: each job read → decode →
/// resize → encode → atomic write, reporting every step to a BatchObserver. The GPU worker
/// decodes and encodes on its CPU thread and keeps two images in flight on the device. An image
/// the GPU cannot take runs on the CPU; after a GPU error the rest of the batch does (said once
/// through onNotice). One bad file fails its job only. cancel(), pause() and resume() may be
/// called from any thread while run() blocks.
class BatchScheduler {
public:
    /// `gpu`: the device to use when options.device allows one; without it run() opens the
    /// machine's CUDA device itself (tests pass an emulated one).
    explicit BatchScheduler(BatchOptions options, BatchObserver* observer = nullptr,
        std::unique_ptr<GpuDevice> gpu = nullptr);

    /// Runs every job; returns when all have finished or the batch was cancelled.
    BatchSummary run(const BatchPlan& plan);

    void cancel() noexcept;
    void pause() noexcept;
    void resume() noexcept;
    bool isPaused() const noexcept;

    const CancelToken& cancelToken() const noexcept { return m_cancel; }

    /// Reads an input as a job of a batch would, with the same checks and limits: the size
    /// against the limit first, then the header from the file's first bytes.
    [[nodiscard]] static Result<FilePreview> preview(
        const std::filesystem::path& input, const ProcessOptions& options);

private:
    struct Prepared;
    struct Shared;

    JobReport runJob(const Job& job, const BatchPlan& plan);
    /// Read, inspect and take the job's memory; nullopt when it ended there (`report` says how).
    /// Without `waitForMemory`, memory that is not free at once is left for the caller to take
    /// (Prepared::pendingMemory): the GPU worker must first finish what it holds.
    std::optional<Prepared> prepare(const Job& job, JobReport& report, bool waitForMemory = true);
    /// Reads the rest of the file once its memory is held; false when it failed (`report`).
    bool load(const Job& job, Prepared& prepared, JobReport& report);
    /// Encode and write the resized pixels; fills in `report`.
    void complete(
        const Job& job, Prepared& prepared, Image pixels, const BatchPlan& plan, JobReport& report);
    /// Counts the finished job and tells the observer.
    void record(Shared& shared, const JobReport& report);
    void runCpuJobs(Shared& shared);
    void runGpuJobs(GpuDevice& gpu, Shared& shared);
    GpuDevice* openGpu(std::size_t runnableJobs);
    void notice(const std::string& message);
    bool waitWhilePaused();
    void acquireMemory(std::uint64_t bytes);
    bool tryAcquireMemory(std::uint64_t bytes);
    void releaseMemory(std::uint64_t bytes);

    BatchOptions m_options;
    BatchObserver* m_observer;
    CancelToken m_cancel;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_paused = false;
    std::uint64_t m_memoryInUse = 0;
    std::unique_ptr<GpuDevice> m_gpu;
};

} // namespace dropsize
