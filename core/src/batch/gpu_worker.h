// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "batch/batch_run.h"
#include "batch/job_pipeline.h"
#include "batch/run_gate.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/gpu_device.h"

#include <chrono>
#include <deque>
#include <memory>

namespace dropsize {

/// The worker that feeds a GpuDevice. It reads and decodes a job on its own thread, hands the
/// resize to the device and, while the device works, prepares the next one (slotCount() in
/// flight: one's copies overlap another's kernels); then it encodes and writes each result in
/// the order it was sent. An image the device cannot take (OutOfMemory) runs on the CPU here;
/// after any other device error every image in flight runs on the CPU and the change is said
/// once. It never waits for memory that its own jobs in flight hold: only it can release that.
class GpuWorker {
public:
    GpuWorker(GpuDevice& gpu, BatchRun& run, const RunGate& gate, const JobPipeline& pipeline);
    GpuWorker(const GpuWorker&) = delete;
    GpuWorker& operator=(const GpuWorker&) = delete;

    /// Takes jobs from `run` until none are left or the batch is cancelled, and collects every
    /// job it sent. False when the device was lost: the jobs left are then the caller's.
    bool run();

private:
    using Clock = std::chrono::steady_clock;

    struct InFlight {
        const Job* job = nullptr;
        JobReport report;
        std::optional<PreparedJob> prepared;
        Image decoded;
        Image out;
        std::size_t output = 0; ///< the job's output in flight
        int slot = 0;
        Clock::time_point start;
    };

    /// Whether to take another job now: the device works, a slot is free, and, while the batch
    /// is paused, nothing is in flight (what is in flight is collected first; nothing new starts).
    bool canTakeNewJob() const;
    /// Reads, decodes and submits `f`'s job; false when it ended here (done on the CPU, failed or
    /// skipped: `f.report` says which).
    bool submitNew(InFlight& f);
    /// Waits for the oldest job in flight, then encodes and writes it.
    void collectOldest();
    /// Resizes on the CPU what the GPU could not, then encodes and writes it.
    void runOnCpu(InFlight& f);
    /// A job of several sizes: each scale's decode in turn, its outputs resized on the device
    /// one after another (on the CPU when the device cannot), each written before the next.
    void runSizes(InFlight& f);
    /// After a device error: the device takes nothing more; said once.
    void loseDevice(const Error& error);
    void finish(InFlight& f);
    /// Runs one step of `f`'s job; an exception (memory, say) fails that job alone.
    template <class Step> void guarded(InFlight& f, Step&& step);

    GpuDevice& m_gpu;
    BatchRun& m_run;
    const RunGate& m_gate;
    const JobPipeline& m_pipeline;
    std::deque<InFlight> m_flight;
    const int m_slots;
    int m_nextSlot = 0;
    bool m_alive = true;
};

/// The GPU for a run with `runnableJobs` to do, or null: `owned` when there is one (tests pass an
/// emulated device), otherwise the machine's CUDA device, opened into `owned` when the options
/// allow a GPU. A GPU that was asked for by name and cannot be used, or one that exists and fails
/// to open, is said once through `run`; Auto on a machine without CUDA stays quiet.
GpuDevice* openGpu(std::unique_ptr<GpuDevice>& owned, const BatchOptions& options,
    std::size_t runnableJobs, BatchRun& run);

} // namespace dropsize
