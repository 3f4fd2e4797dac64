// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_scheduler.h"

#include "platform_files.h"
#include "resampler.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <iterator>
#include <memory>
#include <numeric>
#include <omp.h>
#include <optional>
#include <span>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    using Clock = std::chrono::steady_clock;

    using platform::FileBytes;

} // namespace

/// A job between prepare() and complete(): its file, header and plan, and the memory it holds.
struct BatchScheduler::Prepared {
    FileBytes bytes;
    OpenedImage image; ///< the decoder opened on `bytes`, with its header and plan
    std::uint64_t memory = 0; ///< held, released with the Prepared
    std::uint64_t pendingMemory = 0; ///< still to take (prepare() without waiting)
    BatchScheduler* owner = nullptr;

    Prepared() = default;
    Prepared(Prepared&& other) noexcept
        : bytes(std::move(other.bytes))
        , image(std::move(other.image))
        , memory(std::exchange(other.memory, 0))
        , pendingMemory(std::exchange(other.pendingMemory, 0))
        , owner(other.owner)
    {
    }
    Prepared& operator=(Prepared&& other) noexcept
    {
        if (this != &other) {
            if (memory != 0) {
                owner->releaseMemory(memory);
            }
            bytes = std::move(other.bytes);
            image = std::move(other.image);
            memory = std::exchange(other.memory, 0);
            pendingMemory = std::exchange(other.pendingMemory, 0);
            owner = other.owner;
        }
        return *this;
    }
    Prepared(const Prepared&) = delete;
    ~Prepared()
    {
        if (memory != 0) {
            owner->releaseMemory(memory);
        }
    }
};

/// What the workers of one run() share: the job order, the next job to take, the totals.
struct BatchScheduler::Shared {
    const BatchPlan& plan;
    std::vector<std::size_t> order;
    std::atomic<std::size_t> next { 0 };
    std::mutex summaryMutex;
    BatchSummary summary;

    explicit Shared(const BatchPlan& p)
        : plan(p)
    {
    }
};

BatchScheduler::BatchScheduler(
    BatchOptions options, BatchObserver* observer, std::unique_ptr<GpuDevice> gpu)
    : m_options(std::move(options))
    , m_observer(observer)
    , m_gpu(std::move(gpu))
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

bool BatchScheduler::tryAcquireMemory(std::uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    if (m_memoryInUse != 0 && m_memoryInUse + bytes > m_options.memoryBudget) {
        return false;
    }
    m_memoryInUse += bytes;
    return true;
}

void BatchScheduler::releaseMemory(std::uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    m_memoryInUse -= bytes;
    m_wake.notify_all();
}

namespace {

    JobReport startReport(const Job& job)
    {
        JobReport report;
        report.id = job.id;
        report.input = job.input();
        report.inputBytes = job.inputBytes;
        report.device = Device::Cpu;
        if (job.action == JobAction::Skip) {
            report.status = JobStatus::Skipped;
            report.output = job.output(); // the file that is there already
            report.error = job.reason ? std::optional<Error>(*job.reason) : std::nullopt;
        } else if (job.action == JobAction::Fail) {
            report.status = JobStatus::Failed;
            report.error = job.reason ? std::optional<Error>(*job.reason) : std::nullopt;
        }
        if (report.error && report.error->path.empty()) {
            report.error->path
                = job.action == JobAction::Skip ? job.output().string() : job.input().string();
        }
        return report;
    }

    void failReport(JobReport& report, Error error)
    {
        report.status
            = error.code == ErrorCode::Cancelled ? JobStatus::Cancelled : JobStatus::Failed;
        if (error.path.empty()) {
            error.path = report.input.string();
        }
        report.error = std::move(error);
    }

} // namespace

namespace {

    // The header is read from the first bytes, and only then is the whole file read, once its
    // memory is taken. A header past the first 256 KiB (big EXIF or ICC segments) is read on
    // from the first 16 MiB; one larger than that is refused, whatever the file's size. The
    // decoder opened on the first bytes goes on with the longer ones, and then with the whole
    // file: each header is parsed once.
    constexpr std::size_t kHeaderPrefixes[] = { 256u << 10, 16u << 20 };

    struct Header {
        FileBytes bytes; // the first bytes, or the whole file when it is small
        OpenedImage image; // opened on `bytes`
    };

    // Reads more of the file `image` was opened on (`bytes`, replaced) and gives it on.
    Status readOn(const fs::path& input, FileBytes& bytes, OpenedImage& image, std::uint64_t limit,
        std::size_t maxRead = static_cast<std::size_t>(-1))
    {
        auto more = platform::readRegularFile(input, limit, maxRead);
        if (!more) {
            return std::move(more).error();
        }
        if (more->fileSize != bytes.fileSize || more->identity != bytes.identity) {
            return Error { ErrorCode::Io, "the file changed while it was being read",
                input.string() };
        }
        if (auto extended = image.extend(more->span()); !extended) {
            return extended;
        }
        bytes = std::move(more).value(); // the decoder reads these now
        return {};
    }

    Result<Header> readHeader(const fs::path& input, const ProcessOptions& options)
    {
        const std::uint64_t limit = options.limits.maxMemoryBytes;
        auto head = platform::readRegularFile(input, limit, kHeaderPrefixes[0]);
        if (!head) {
            return std::move(head).error();
        }
        auto image = ImageProcessor(options).open(head->span(), head->fileSize);
        if (!image) {
            return std::move(image).error();
        }
        Header header { std::move(head).value(), std::move(image).value() };
        for (const std::size_t prefix : std::span(kHeaderPrefixes).subspan(1)) {
            if (header.image.hasHeader() || header.bytes.size == header.bytes.fileSize) {
                break;
            }
            if (auto read = readOn(input, header.bytes, header.image, limit, prefix); !read) {
                return std::move(read).error();
            }
        }
        if (auto finished = header.image.finishHeader(); !finished) {
            return std::move(finished).error();
        }
        return header;
    }

} // namespace

Result<FilePreview> BatchScheduler::preview(const fs::path& input, const ProcessOptions& options)
{
    auto header = readHeader(input, options);
    if (!header) {
        return std::move(header).error();
    }
    // A PNG may carry its EXIF (and so its orientation) after the image data: only the whole
    // file says it for sure. Its size is within the limit, checked before this read.
    if (!header->image.headerFinal() && header->bytes.size < header->bytes.fileSize) {
        if (auto read = readOn(input, header->bytes, header->image, options.limits.maxMemoryBytes);
            !read) {
            return std::move(read).error();
        }
    }
    FilePreview preview;
    preview.fileBytes = header->bytes.fileSize;
    preview.note = unchangedReason(header->image.inspected().header.info, options.spec);
    preview.inspected = header->image.inspected();
    return preview;
}

std::optional<BatchScheduler::Prepared> BatchScheduler::prepare(
    const Job& job, JobReport& report, bool waitForMemory)
{
    auto header = readHeader(job.input(), m_options.process);
    if (!header) {
        failReport(report, std::move(header).error());
        return std::nullopt;
    }
    report.inputBytes = header->bytes.fileSize;
    const InspectedImage& inspected = header->image.inspected();
    report.inputSize = { inspected.header.info.width, inspected.header.info.height };
    report.outputSize = inspected.plan.output;
    report.note = unchangedReason(inspected.header.info, m_options.process.spec);

    Prepared prepared;
    prepared.owner = this;
    prepared.bytes = std::move(header->bytes);
    prepared.image = std::move(header->image);
    // The estimate counts the whole file: it is taken before the file is read.
    const std::uint64_t memory
        = std::min(prepared.image.inspected().memoryEstimate, m_options.memoryBudget);
    if (waitForMemory) {
        acquireMemory(memory);
        prepared.memory = memory;
    } else if (tryAcquireMemory(memory)) {
        prepared.memory = memory;
    } else {
        prepared.pendingMemory = memory;
    }
    return prepared;
}

bool BatchScheduler::load(const Job& job, Prepared& prepared, JobReport& report)
{
    if (prepared.bytes.size == prepared.bytes.fileSize) {
        return true;
    }
    if (auto read = readOn(
            job.input(), prepared.bytes, prepared.image, m_options.process.limits.maxMemoryBytes);
        !read) {
        failReport(report, std::move(read).error());
        return false;
    }
    // A PNG's EXIF, and so its orientation, may come after the image data, past the first bytes.
    const InspectedImage& inspected = prepared.image.inspected();
    report.outputSize = inspected.plan.output;
    report.note = unchangedReason(inspected.header.info, m_options.process.spec);
    return true;
}

void BatchScheduler::complete(
    const Job& job, Prepared& prepared, Image pixels, const BatchPlan& plan, JobReport& report)
{
    prepared.bytes.data.reset(); // the file's memory goes before encoding
    const ImageProcessor processor(m_options.process);
    auto encoded = processor.encode(
        pixels.view(), job.outputFormat, prepared.image.inspected().header.metadata, &m_cancel);
    if (!encoded) {
        failReport(report, std::move(encoded).error());
        return;
    }
    pixels = Image();
    if (m_cancel.stopRequested()) {
        failReport(report, Error { ErrorCode::Cancelled, "cancelled", {} });
        return;
    }
    const AtomicFileWriter writer(&plan.inputIdentities);
    auto written
        = writer.write(job.output(), *encoded, plan.onExisting, prepared.bytes.permissions);
    if (!written) {
        if (written.error().code == ErrorCode::Exists && plan.onExisting == ExistingPolicy::Skip) {
            report.status = JobStatus::Skipped;
            report.error = std::move(written).error();
            return;
        }
        failReport(report, std::move(written).error());
        return;
    }
    report.status = JobStatus::Ok;
    report.output = std::move(written).value();
    report.outputBytes = encoded->size();
}

JobReport BatchScheduler::runJob(const Job& job, const BatchPlan& plan)
{
    JobReport report = startReport(job);
    if (!job.runs()) {
        return report;
    }
    auto prepared = prepare(job, report);
    if (!prepared || !load(job, *prepared, report)) {
        return report;
    }
    auto pixels = prepared->image.render(&m_cancel);
    if (!pixels) {
        failReport(report, std::move(pixels).error());
        return report;
    }
    complete(job, *prepared, std::move(pixels).value(), plan, report);
    return report;
}

void BatchScheduler::notice(const std::string& message)
{
    if (m_observer != nullptr) {
        m_observer->onNotice(message);
    }
}

// The GPU for this run, or null. A GPU that was asked for by name and cannot be used, or one
// that exists and fails to open, is said once; Auto on a machine without CUDA stays quiet.
GpuDevice* BatchScheduler::openGpu(std::size_t runnableJobs)
{
    if (m_options.device == DeviceChoice::Cpu || runnableJobs == 0) {
        return nullptr;
    }
    if (!m_gpu) {
        auto opened = openCudaDevice(m_options.gpuMemoryBudget);
        if (!opened) {
            const bool quiet = m_options.device == DeviceChoice::Auto
                && opened.error().code == ErrorCode::NotFound;
            if (!quiet) {
                notice("GPU not used: " + opened.error().message + "; every image runs on the CPU");
            }
            return nullptr;
        }
        m_gpu = std::move(opened).value();
    }
    return m_gpu.get();
}

// A CPU worker: takes jobs until there are none left (or the batch is cancelled).
void BatchScheduler::runCpuJobs(Shared& shared)
{
    const BatchPlan& plan = shared.plan;
    for (;;) {
        if (!waitWhilePaused()) {
            break;
        }
        const std::size_t i = shared.next.fetch_add(1);
        if (i >= shared.order.size()) {
            break;
        }
        const Job& job = plan.jobs[shared.order[i]];
        const auto jobStart = Clock::now();
        if (m_observer != nullptr) {
            m_observer->onJobStarted(job);
        }
        JobReport report;
        try {
            report = runJob(job, plan);
        } catch (const std::exception& e) {
            report = startReport(job);
            failReport(report, Error { ErrorCode::Internal, e.what(), job.input().string() });
        }
        report.seconds = std::chrono::duration<double>(Clock::now() - jobStart).count();
        record(shared, report);
    }
}

void BatchScheduler::record(Shared& shared, const JobReport& report)
{
    {
        std::lock_guard lock(shared.summaryMutex);
        BatchSummary& summary = shared.summary;
        switch (report.status) {
        case JobStatus::Ok:
            ++summary.ok;
            summary.inputBytes += report.inputBytes;
            summary.outputBytes += report.outputBytes;
            if (report.device == Device::Gpu) {
                ++summary.okOnGpu;
            }
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

// The GPU worker. It decodes a job on this thread, hands the resize to the device and, while the
// device works, prepares the next one (two in flight: one's copies overlap the other's
// kernels); then it encodes and writes each result in order. An image the device cannot take
// (OutOfMemory) runs on the CPU here; after any other device error every image in flight runs
// on the CPU, the change is said once, and this thread carries on as a CPU worker.
void BatchScheduler::runGpuJobs(GpuDevice& gpu, Shared& shared)
{
    const BatchPlan& plan = shared.plan;
    struct InFlight {
        const Job* job;
        JobReport report;
        std::optional<Prepared> prepared;
        Image decoded;
        Image out;
        int slot;
        Clock::time_point start;
    };
    std::deque<InFlight> flight;
    const int slots = std::max(1, gpu.slotCount());
    int nextSlot = 0;
    bool alive = true;

    // Resizes on the CPU what the GPU could not, then encodes and writes it.
    auto onCpu = [&](InFlight& f) {
        f.report.device = Device::Cpu;
        auto pixels = CpuResizer(1).resize(
            std::move(f.decoded), f.prepared->image.inspected().plan, &m_cancel);
        if (!pixels) {
            failReport(f.report, std::move(pixels).error());
        } else {
            complete(*f.job, *f.prepared, std::move(pixels).value(), plan, f.report);
        }
    };
    auto finish = [&](InFlight& f) {
        f.prepared.reset();
        f.report.seconds = std::chrono::duration<double>(Clock::now() - f.start).count();
        record(shared, f.report);
    };
    auto lose = [&](const Error& error) {
        if (alive) {
            alive = false;
            notice("GPU stopped (" + error.message + "); the remaining images run on the CPU");
        }
    };

    // An exception (memory, say) fails its own job, as on the CPU workers; it must never leave
    // the OpenMP region, which would end the program.
    auto guarded = [&](InFlight& f, auto&& step) {
        try {
            step();
        } catch (const std::exception& e) {
            failReport(f.report, Error { ErrorCode::Internal, e.what(), f.job->input().string() });
        }
    };

    // Waits for the oldest job in flight, then encodes and writes it.
    auto collectOldest = [&] {
        InFlight f = std::move(flight.front());
        flight.pop_front();
        guarded(f, [&] {
            if (Status collected = gpu.collect(f.slot); !collected) {
                if (collected.error().code != ErrorCode::OutOfMemory) {
                    lose(collected.error());
                }
                onCpu(f);
            } else {
                f.decoded = Image();
                complete(*f.job, *f.prepared, std::move(f.out), plan, f.report);
            }
        });
        finish(f);
    };

    // Reads, decodes and submits a new job; false when it ended here (done on the CPU, failed or
    // skipped: `f.report` says which).
    auto submitNew = [&](InFlight& f) {
        const Job& job = *f.job;
        if (!job.runs() || !(f.prepared = prepare(job, f.report, flight.empty()))) {
            return false;
        }
        if (f.prepared->pendingMemory != 0) {
            // The memory is held, partly by this worker's own jobs: finish those first.
            while (!flight.empty()) {
                collectOldest();
            }
            acquireMemory(f.prepared->pendingMemory);
            f.prepared->memory = std::exchange(f.prepared->pendingMemory, 0);
        }
        if (!load(job, *f.prepared, f.report)) {
            return false;
        }
        auto decoded = f.prepared->image.decode(&m_cancel);
        if (!decoded) {
            failReport(f.report, std::move(decoded).error());
            return false;
        }
        f.decoded = std::move(decoded).value();
        const ResizePlan& p = f.prepared->image.inspected().plan;
        auto out = Image::allocate(p.output.width, p.output.height, f.decoded.channels());
        if (!out) {
            failReport(f.report, std::move(out).error());
            return false;
        }
        f.out = std::move(out).value();
        f.slot = nextSlot;
        f.report.device = Device::Gpu;
        if (Status submitted = gpu.submit(f.slot, p, f.decoded.view(), f.out.view()); !submitted) {
            if (submitted.error().code != ErrorCode::OutOfMemory) {
                lose(submitted.error());
            }
            onCpu(f);
            return false;
        }
        nextSlot = (nextSlot + 1) % slots;
        return true;
    };

    for (;;) {
        // While paused, what is in flight is still collected; nothing new is taken.
        const bool takeNew = alive && static_cast<int>(flight.size()) < slots
            && !(isPaused() && !flight.empty()) && waitWhilePaused();
        if (takeNew) {
            const std::size_t i = shared.next.fetch_add(1);
            if (i < shared.order.size()) {
                InFlight f { &plan.jobs[shared.order[i]], {}, std::nullopt, {}, {}, 0,
                    Clock::now() };
                if (m_observer != nullptr) {
                    m_observer->onJobStarted(*f.job);
                }
                f.report = startReport(*f.job);
                bool inFlight = false;
                guarded(f, [&] { inFlight = submitNew(f); });
                if (inFlight) {
                    flight.push_back(std::move(f));
                } else {
                    finish(f);
                }
                continue;
            }
        }
        if (flight.empty()) {
            break;
        }
        collectOldest();
    }
    if (!alive) {
        runCpuJobs(shared);
    }
}

BatchSummary BatchScheduler::run(const BatchPlan& plan)
{
    const auto start = Clock::now();
    Shared shared(plan);
    shared.summary.total = plan.jobs.size();
    for (const auto* dirs : { &plan.outputRoots, &plan.outputDirs }) {
        for (const fs::path& dir : *dirs) {
            (void)AtomicFileWriter::removeStaleTemporaries(dir);
        }
    }
    // Every output folder this run writes to is marked, so that no later run reads it as input.
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
    if (m_observer != nullptr) {
        m_observer->onBatchStarted(plan.jobs.size());
    }

    const int cores = omp_get_num_procs();
    const int threads = std::max(1, m_options.threads > 0 ? m_options.threads : cores);
    const std::size_t runnable = static_cast<std::size_t>(
        std::count_if(plan.jobs.begin(), plan.jobs.end(), [](const Job& j) { return j.runs(); }));
    GpuDevice* gpu = openGpu(runnable);
    if (gpu != nullptr) {
        shared.summary.gpuName = gpu->name();
    }
    // One level of parallelism at a time: many images, one thread each; or one image, all threads
    // (used by the whole-image resizer; the row-streaming path runs on its worker's thread).
    // DeviceChoice::Gpu leaves every job to the GPU worker.
    const int cpuWorkers = (gpu != nullptr && m_options.device == DeviceChoice::Gpu)
        ? 0
        : static_cast<int>(std::min<std::size_t>(
            static_cast<std::size_t>(threads), std::max<std::size_t>(runnable, 1)));
    m_options.process.threadsPerImage = cpuWorkers == 1 ? threads : 1;

    // Largest files first (the classic longest-job-first rule): a big photo left for the end
    // would keep one worker busy while the others idle.
    shared.order.resize(plan.jobs.size());
    std::iota(shared.order.begin(), shared.order.end(), std::size_t { 0 });
    std::stable_sort(shared.order.begin(), shared.order.end(), [&](std::size_t a, std::size_t b) {
        return plan.jobs[a].inputBytes > plan.jobs[b].inputBytes;
    });

    const int workers = cpuWorkers + (gpu != nullptr ? 1 : 0);
#pragma omp parallel num_threads(workers)
    {
        if (gpu != nullptr && omp_get_thread_num() == 0) {
            runGpuJobs(*gpu, shared);
        } else {
            runCpuJobs(shared);
        }
    }
    // Every job is accounted for: those a stop left untouched are reported as cancelled.
    for (std::size_t i = std::min(shared.next.load(), shared.order.size()); i < shared.order.size();
         ++i) {
        const Job& job = plan.jobs[shared.order[i]];
        JobReport report = startReport(job);
        if (job.runs()) {
            report.status = JobStatus::Cancelled;
            report.started = false;
            report.output.clear();
            report.error = Error { ErrorCode::Cancelled, "cancelled before it started",
                report.input.string() };
        }
        record(shared, report);
    }
    BatchSummary summary = shared.summary;
    summary.wasCancelled = m_cancel.stopRequested();
    summary.cancelled = summary.total - summary.ok - summary.skipped - summary.failed;
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (m_observer != nullptr) {
        m_observer->onBatchFinished(summary);
    }
    return summary;
}

} // namespace dropsize
