// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_scheduler.h"

#include "batch/batch_run.h"
#include "batch/gpu_worker.h"
#include "batch/job_pipeline.h"
#include "batch/memory_budget.h"
#include "batch/run_gate.h"
#include "convert/byte_budget.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <numeric>
#include <omp.h>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    using Clock = std::chrono::steady_clock;

    // A CPU worker: takes jobs until there are none left (or the batch is cancelled).
    void runCpuJobs(BatchRun& run, const RunGate& gate, const JobPipeline& pipeline)
    {
        while (gate.waitWhilePaused()) {
            const Job* job = run.take();
            if (job == nullptr) {
                return;
            }
            const auto start = Clock::now();
            run.started(*job);
            JobReport report = pipeline.run(*job);
            report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
            run.finished(report);
        }
    }

    // Largest files first (the classic longest-job-first rule): a big photo left for the end
    // would keep one worker busy while the others idle.
    std::vector<std::size_t> largestFirst(const BatchPlan& plan)
    {
        std::vector<std::size_t> order(plan.jobs.size());
        std::iota(order.begin(), order.end(), std::size_t { 0 });
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return plan.jobs[a].inputBytes > plan.jobs[b].inputBytes;
        });
        return order;
    }

    // Every output folder this run writes to loses its stale temporaries and is marked, so that
    // no later run reads it as input.
    void prepareOutputFolders(const BatchPlan& plan)
    {
        for (const auto* dirs : { &plan.outputRoots, &plan.outputFolders }) {
            for (const fs::path& dir : *dirs) {
                (void)AtomicFileWriter::removeStaleTemporaries(dir);
            }
        }
        std::vector<bool> used(plan.outputRoots.size(), false);
        for (const Job& job : plan.jobs) {
            if (job.runs() && job.outputRoot < used.size()) {
                used[job.outputRoot] = true;
            }
        }
        for (std::size_t i = 0; i < used.size(); ++i) {
            if (used[i]) {
                AtomicFileWriter::markOutputFolder(plan.outputRoots[i]);
            }
        }
    }

} // namespace

struct BatchScheduler::Impl {
    BatchOptions options;
    BatchObserver* observer;
    std::unique_ptr<GpuDevice> gpu;
    RunGate gate;
    MemoryBudget memory;

    Impl(const BatchOptions& o, BatchObserver* obs, std::unique_ptr<GpuDevice> g)
        : options(o)
        , observer(obs)
        , gpu(std::move(g))
        , memory(options.memoryBudget)
    {
    }
};

BatchScheduler::BatchScheduler(
    BatchOptions options, BatchObserver* observer, std::unique_ptr<GpuDevice> gpu)
    : m_impl(std::make_unique<Impl>(options, observer, std::move(gpu)))
{
}

BatchScheduler::~BatchScheduler() = default;

void BatchScheduler::cancel() noexcept
{
    m_impl->gate.cancel();
    m_impl->memory.wakeAll(); // a worker waiting for memory sees the cancel too
}

void BatchScheduler::pause() noexcept { m_impl->gate.pause(); }
void BatchScheduler::resume() noexcept { m_impl->gate.resume(); }
bool BatchScheduler::isPaused() const noexcept { return m_impl->gate.isPaused(); }
const CancelToken& BatchScheduler::cancelToken() const noexcept
{
    return m_impl->gate.cancelToken();
}

namespace {

    // With a byte budget, the outputs it does not apply to (lossless formats), said once for
    // the batch, not once an image.
    void noteLosslessOutputs(const BatchPlan& plan, const ProcessOptions& process, BatchRun& run)
    {
        if (process.maxBytes == 0) {
            return;
        }
        const auto lossless = std::count_if(plan.jobs.begin(), plan.jobs.end(), [&](const Job& j) {
            return j.runs() && !takesByteBudget(j.outputFormat, process.encode);
        });
        if (lossless > 0) {
            run.notice((lossless == 1
                    ? Text::tr("the target file size applies to lossy outputs (%1) only: %2 "
                               "output is lossless (%3) and written as usual")
                    : Text::tr("the target file size applies to lossy outputs (%1) only: %2 "
                               "outputs are lossless (%3) and written as usual"))
                           .arg(kLossyOutputs)
                           .arg(lossless)
                           .arg(kLosslessOutputs));
        }
    }

    // Runs `work(i)` on `count` threads and joins them. The system may give fewer threads than
    // asked for (or no memory for one more): those started share the jobs, and with none this
    // thread runs them.
    void runWorkers(int count, const std::function<void(int)>& work)
    {
        std::vector<std::jthread> workers;
        workers.reserve(static_cast<std::size_t>(count));
        try {
            for (int i = 0; i < count; ++i) {
                workers.emplace_back(work, i);
            }
        } catch (const std::exception&) {
            // As many as were started.
        }
        if (workers.empty()) {
            work(0);
        }
    }

} // namespace

BatchSummary BatchScheduler::run(const BatchPlan& plan)
{
    const auto start = Clock::now();
    const BatchOptions& options = m_impl->options;
    prepareOutputFolders(plan);
    BatchRun run(plan, largestFirst(plan), m_impl->observer);
    if (m_impl->observer != nullptr) {
        m_impl->observer->onBatchStarted(plan.jobs.size());
    }

    // The cores this process may run on (its affinity mask, which hardware_concurrency() ignores).
    const int cores = omp_get_num_procs();
    const int threads = std::max(1, options.threads > 0 ? options.threads : cores);
    const auto runnable = static_cast<std::size_t>(
        std::count_if(plan.jobs.begin(), plan.jobs.end(), [](const Job& j) { return j.runs(); }));
    noteLosslessOutputs(plan, options.process, run);
    GpuDevice* gpu = openGpu(m_impl->gpu, options, runnable, run);
    // One level of parallelism at a time: many images, one thread each; or one image, all threads
    // (used by the whole-image resizer; the row-streaming path runs on its worker's thread).
    // DeviceChoice::Gpu leaves every job to the GPU worker.
    const int cpuWorkers = (gpu != nullptr && options.device == DeviceChoice::Gpu)
        ? 0
        : static_cast<int>(std::min<std::size_t>(
            static_cast<std::size_t>(threads), std::max<std::size_t>(runnable, 1)));
    ProcessOptions process = options.process;
    process.threadsPerImage = cpuWorkers == 1 ? threads : 1;
    const JobPipeline pipeline(process, plan.sizes, plan.onExisting, plan.inputIdentities,
        m_impl->memory, m_impl->gate.cancelToken(), nullptr, options.directWrite);

    // Worker 0 feeds the GPU when there is one, and carries on as a CPU worker if it is lost.
    auto work = [&](int worker) {
        if (gpu != nullptr && worker == 0) {
            if (GpuWorker(*gpu, run, m_impl->gate, pipeline).run()) {
                return;
            }
        }
        runCpuJobs(run, m_impl->gate, pipeline);
    };
    runWorkers(cpuWorkers + (gpu != nullptr ? 1 : 0), work);
    // Every worker joined: what they wrote is visible from here on.
    run.cancelUntaken();
    BatchSummary summary = run.summary();
    summary.wasCancelled = m_impl->gate.cancelToken().stopRequested();
    summary.cancelled = summary.total - summary.ok - summary.skipped - summary.failed;
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (gpu != nullptr) {
        summary.gpuName = gpu->name();
    }
    if (m_impl->observer != nullptr) {
        m_impl->observer->onBatchFinished(summary);
    }
    return summary;
}

} // namespace dropsize
