// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_scheduler.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <new>
#include <numeric>
#include <omp.h>
#include <span>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace dropsize {

const char* jobStatusName(JobStatus status) noexcept
{
    switch (status) {
    case JobStatus::Ok:
        return "ok";
    case JobStatus::Skipped:
        return "skipped";
    case JobStatus::Failed:
        return "failed";
    case JobStatus::Cancelled:
        return "cancelled";
    }
    return "failed";
}

namespace {

    using Clock = std::chrono::steady_clock;

    // Reads a whole input. O_NONBLOCK and the fstat check keep a FIFO or device that replaced
    // the file since planning from blocking or being read; the file is never opened for writing.
    // A whole input file in memory, not zero-filled first (it is read over at once).
    struct FileBytes {
        std::unique_ptr<std::uint8_t[]> data;
        std::size_t size = 0;
        std::span<const std::uint8_t> span() const noexcept { return { data.get(), size }; }
    };

    Result<FileBytes> readInput(const fs::path& path, std::uint64_t limit)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) {
            return Error { ErrorCode::Io, std::string("cannot open: ") + std::strerror(errno),
                path.string() };
        }
        struct stat st { };
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(fd);
            return Error { ErrorCode::Io, "not a regular file", path.string() };
        }
        const auto size = static_cast<std::uint64_t>(st.st_size);
        if (size > limit) {
            ::close(fd);
            return Error { ErrorCode::LimitExceeded, "file is larger than the memory limit",
                path.string() };
        }
        FileBytes bytes;
        bytes.size = static_cast<std::size_t>(size);
        bytes.data.reset(new (std::nothrow) std::uint8_t[bytes.size]);
        if (!bytes.data) {
            ::close(fd);
            return Error { ErrorCode::OutOfMemory, "out of memory reading the file",
                path.string() };
        }
        std::size_t done = 0;
        while (done < bytes.size) {
            const ssize_t n = ::read(fd, bytes.data.get() + done, bytes.size - done);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                const int err = n < 0 ? errno : 0;
                ::close(fd);
                return Error { ErrorCode::Io,
                    err != 0 ? std::string("cannot read: ") + std::strerror(err)
                             : std::string("file shrank while being read"),
                    path.string() };
            }
            done += static_cast<std::size_t>(n);
        }
        ::close(fd);
        return bytes;
    }

} // namespace

BatchScheduler::BatchScheduler(BatchOptions options, BatchObserver* observer)
    : m_options(std::move(options))
    , m_observer(observer)
{
}

void BatchScheduler::cancel() noexcept
{
    m_cancel.requestStop();
    std::lock_guard lock(m_mutex);
    m_wake.notify_all();
}

void BatchScheduler::pause() noexcept
{
    std::lock_guard lock(m_mutex);
    m_paused = true;
}

void BatchScheduler::resume() noexcept
{
    std::lock_guard lock(m_mutex);
    m_paused = false;
    m_wake.notify_all();
}

bool BatchScheduler::isPaused() const noexcept
{
    std::lock_guard lock(m_mutex);
    return m_paused;
}

bool BatchScheduler::waitWhilePaused()
{
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [&] { return !m_paused || m_cancel.stopRequested(); });
    return !m_cancel.stopRequested();
}

void BatchScheduler::acquireMemory(std::uint64_t bytes)
{
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [&] {
        return m_memoryInUse == 0 || m_memoryInUse + bytes <= m_options.memoryBudget
            || m_cancel.stopRequested();
    });
    m_memoryInUse += bytes;
}

void BatchScheduler::releaseMemory(std::uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    m_memoryInUse -= bytes;
    m_wake.notify_all();
}

JobReport BatchScheduler::runJob(const Job& job, const FileIdentitySet& inputs)
{
    JobReport report;
    report.id = job.id;
    report.input = job.input;
    report.inputBytes = job.inputBytes;
    report.device = "cpu";
    if (job.skipReason) {
        report.status = JobStatus::Skipped;
        report.error = job.skipReason;
        return report;
    }
    auto fail = [&](Error error) {
        report.status
            = error.code == ErrorCode::Cancelled ? JobStatus::Cancelled : JobStatus::Failed;
        if (error.path.empty()) {
            error.path = job.input.string();
        }
        report.error = std::move(error);
        return report;
    };

    auto bytes = readInput(job.input, m_options.process.limits.maxMemoryBytes);
    if (!bytes) {
        return fail(std::move(bytes).error());
    }
    report.inputBytes = bytes->size;
    const ImageProcessor processor(m_options.process);
    auto inspected = processor.inspect(bytes->span());
    if (!inspected) {
        return fail(std::move(inspected).error());
    }
    report.inputSize = { inspected->header.info.width, inspected->header.info.height };
    report.outputSize = inspected->plan.output;

    const std::uint64_t memory = std::min(inspected->memoryEstimate, m_options.memoryBudget);
    acquireMemory(memory);
    struct Release {
        BatchScheduler* self;
        std::uint64_t bytes;
        ~Release() { self->releaseMemory(bytes); }
    } release { this, memory };

    auto pixels = processor.render(bytes->span(), *inspected, &m_cancel);
    if (!pixels) {
        return fail(std::move(pixels).error());
    }
    bytes->data.reset(); // the file's memory goes before encoding
    auto encoded
        = processor.encode(pixels->view(), inspected->outputFormat, inspected->header.metadata);
    if (!encoded) {
        return fail(std::move(encoded).error());
    }
    pixels = Image();
    if (m_cancel.stopRequested()) {
        return fail(Error { ErrorCode::Cancelled, "cancelled", {} });
    }
    const AtomicFileWriter writer(&inputs);
    auto written = writer.write(job.output, *encoded, m_options.onExisting);
    if (!written) {
        if (written.error().code == ErrorCode::Exists
            && m_options.onExisting == ExistingPolicy::Skip) {
            report.status = JobStatus::Skipped;
            report.error = std::move(written).error();
            return report;
        }
        return fail(std::move(written).error());
    }
    report.status = JobStatus::Ok;
    report.output = std::move(written).value();
    report.outputBytes = encoded->size();
    return report;
}

BatchSummary BatchScheduler::run(const BatchPlan& plan)
{
    const auto start = Clock::now();
    BatchSummary summary;
    summary.total = plan.jobs.size();
    for (const fs::path& dir : plan.outputDirs) {
        (void)AtomicFileWriter::removeStaleTemporaries(dir);
    }
    if (m_observer != nullptr) {
        m_observer->onBatchStarted(plan.jobs.size());
    }

    const int cores = omp_get_num_procs();
    const int threads = std::max(1, m_options.threads > 0 ? m_options.threads : cores);
    // One level of parallelism at a time: many images, one thread each; or one image, all threads
    // (used by the whole-image resizer; the row-streaming path runs on its worker's thread).
    const std::size_t runnable = static_cast<std::size_t>(std::count_if(
        plan.jobs.begin(), plan.jobs.end(), [](const Job& j) { return !j.skipReason; }));
    const int workers = static_cast<int>(std::min<std::size_t>(
        static_cast<std::size_t>(threads), std::max<std::size_t>(runnable, 1)));
    m_options.process.threadsPerImage = workers == 1 ? threads : 1;

    // Largest files first (the classic longest-job-first rule): a big photo left for the end
    // would keep one worker busy while the others idle.
    std::vector<std::size_t> order(plan.jobs.size());
    std::iota(order.begin(), order.end(), std::size_t { 0 });
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return plan.jobs[a].inputBytes > plan.jobs[b].inputBytes;
    });

    std::atomic<std::size_t> next { 0 };
    std::mutex summaryMutex;
#pragma omp parallel num_threads(workers)
    {
        for (;;) {
            if (!waitWhilePaused()) {
                break;
            }
            const std::size_t i = next.fetch_add(1);
            if (i >= order.size()) {
                break;
            }
            const Job& job = plan.jobs[order[i]];
            const auto jobStart = Clock::now();
            if (m_observer != nullptr) {
                m_observer->onJobStarted(job);
            }
            JobReport report;
            try {
                report = runJob(job, plan.inputIdentities);
            } catch (const std::exception& e) {
                report.id = job.id;
                report.input = job.input;
                report.status = JobStatus::Failed;
                report.error = Error { ErrorCode::Internal, e.what(), job.input.string() };
            }
            report.seconds = std::chrono::duration<double>(Clock::now() - jobStart).count();
            {
                std::lock_guard lock(summaryMutex);
                switch (report.status) {
                case JobStatus::Ok:
                    ++summary.ok;
                    summary.inputBytes += report.inputBytes;
                    summary.outputBytes += report.outputBytes;
                    break;
                case JobStatus::Skipped:
                    ++summary.skipped;
                    break;
                case JobStatus::Failed:
                    ++summary.failed;
                    break;
                case JobStatus::Cancelled:
                    break;
                }
            }
            if (m_observer != nullptr) {
                m_observer->onJobFinished(report);
            }
        }
    }
    summary.wasCancelled = m_cancel.stopRequested();
    summary.cancelled = summary.total - summary.ok - summary.skipped - summary.failed;
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (m_observer != nullptr) {
        m_observer->onBatchFinished(summary);
    }
    return summary;
}

} // namespace dropsize
