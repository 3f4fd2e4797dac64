// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/gpu_worker.h"

#include "batch/job_report.h"
#include "dropsize/core/path_text.h"
#include "resize/cpu_resizer.h"

#include <algorithm>
#include <exception>
#include <utility>

namespace dropsize {

GpuWorker::GpuWorker(
    GpuDevice& gpu, BatchRun& run, const RunGate& gate, const JobPipeline& pipeline)
    : m_gpu(gpu)
    , m_run(run)
    , m_gate(gate)
    , m_pipeline(pipeline)
    , m_slots(std::max(1, gpu.slotCount()))
{
}

template <class Step> void GpuWorker::guarded(InFlight& f, Step&& step)
{
    // As on the CPU workers; and an exception must never end this thread, which would end the
    // program.
    try {
        step();
    } catch (const std::exception& e) {
        failReport(f.report,
            Error::of(ErrorCode::Internal, Text::verbatim(e.what()), utf8(f.job->input())));
    }
}

bool GpuWorker::canTakeNewJob() const
{
    return m_alive && static_cast<int>(m_flight.size()) < m_slots
        && !(m_gate.isPaused() && !m_flight.empty());
}

bool GpuWorker::run()
{
    for (;;) {
        // With nothing in flight, a pause holds this thread here until resume or cancel.
        if (canTakeNewJob() && m_gate.waitWhilePaused()) {
            if (const Job* job = m_run.take()) {
                InFlight f;
                f.job = job;
                f.start = Clock::now();
                m_run.started(*job);
                f.report = startReport(*job, m_pipeline.sizes());
                bool inFlight = false;
                guarded(f, [&] { inFlight = submitNew(f); });
                if (inFlight) {
                    m_flight.push_back(std::move(f));
                } else {
                    finish(f);
                }
                continue;
            }
        }
        if (m_flight.empty()) {
            break;
        }
        collectOldest();
    }
    return m_alive;
}

bool GpuWorker::submitNew(InFlight& f)
{
    const Job& job = *f.job;
    if (!job.runs() || !(f.prepared = m_pipeline.inspect(job, f.report))) {
        return false;
    }
    if (m_flight.empty() || !m_pipeline.tryTakeMemory(*f.prepared)) {
        // Memory that is not free may be held by this worker's own jobs in flight, which only it
        // can release: it finishes those before it waits.
        while (!m_flight.empty()) {
            collectOldest();
        }
        if (!m_pipeline.takeMemory(*f.prepared, f.report)) {
            return false;
        }
    }
    if (!m_pipeline.load(job, *f.prepared, f.report)) {
        return false;
    }
    const auto groups = pendingByScale(*f.prepared, f.report);
    if (groups.size() != 1 || groups.front().size() != 1) {
        runSizes(f);
        return false;
    }
    f.output = groups.front().front();
    auto decoded = m_pipeline.decode(*f.prepared, f.output);
    if (!decoded) {
        failReport(f.report, std::move(decoded).error());
        return false;
    }
    f.decoded = std::move(decoded).value();
    f.prepared->bytes.data.reset(); // no other decode needs the file
    const ResizePlan& p = f.prepared->plans[f.output];
    auto out = Image::allocate(p.output.width, p.output.height, f.decoded.channels());
    if (!out) {
        failReport(f.report, std::move(out).error());
        return false;
    }
    f.out = std::move(out).value();
    f.slot = m_nextSlot;
    f.report.outputs[f.output].device = Device::Gpu;
    if (Status submitted = m_gpu.submit(f.slot, p, f.decoded.view(), f.out.view()); !submitted) {
        if (submitted.error().code != ErrorCode::OutOfMemory) {
            loseDevice(submitted.error());
        }
        runOnCpu(f);
        return false;
    }
    m_nextSlot = (m_nextSlot + 1) % m_slots;
    return true;
}

void GpuWorker::collectOldest()
{
    InFlight f = std::move(m_flight.front());
    m_flight.pop_front();
    guarded(f, [&] {
        if (Status collected = m_gpu.collect(f.slot); !collected) {
            if (collected.error().code != ErrorCode::OutOfMemory) {
                loseDevice(collected.error());
            }
            runOnCpu(f);
        } else {
            f.decoded = Image();
            m_pipeline.complete(*f.job, *f.prepared, f.output, std::move(f.out), f.report);
        }
    });
    finish(f);
}

void GpuWorker::runOnCpu(InFlight& f)
{
    f.report.outputs[f.output].device = Device::Cpu;
    auto pixels = CpuResizer(1).resize(
        std::move(f.decoded), f.prepared->plans[f.output], &m_pipeline.cancelToken());
    if (!pixels) {
        failOutput(f.report, f.output, std::move(pixels).error());
    } else {
        m_pipeline.complete(*f.job, *f.prepared, f.output, std::move(pixels).value(), f.report);
    }
}

void GpuWorker::runSizes(InFlight& f)
{
    PreparedJob& prepared = *f.prepared;
    const CancelToken& cancel = m_pipeline.cancelToken();
    const auto groups = pendingByScale(prepared, f.report);
    for (std::size_t g = 0; g < groups.size() && !cancel.stopRequested(); ++g) {
        auto decoded = m_pipeline.decode(prepared, groups[g].front());
        if (g + 1 == groups.size()) {
            prepared.bytes.data.reset(); // the file's memory goes before encoding
        }
        if (!decoded) {
            for (const std::size_t i : groups[g]) {
                failOutput(f.report, i, decoded.error());
            }
            continue;
        }
        for (const std::size_t i : groups[g]) {
            if (cancel.stopRequested()) {
                break;
            }
            const ResizePlan& p = prepared.plans[i];
            // The slot after those in flight is free: this worker fills slots in turn.
            auto out = Image::allocate(p.output.width, p.output.height, decoded->channels());
            bool onDevice = false;
            if (m_alive && out) {
                Status done
                    = m_gpu.submit(m_nextSlot, p, std::as_const(*decoded).view(), out->view());
                if (done) {
                    done = m_gpu.collect(m_nextSlot);
                }
                if (!done && done.error().code != ErrorCode::OutOfMemory) {
                    loseDevice(done.error());
                }
                onDevice = static_cast<bool>(done);
            }
            f.report.outputs[i].device = onDevice ? Device::Gpu : Device::Cpu;
            // On the CPU the shared pixels stay as decoded: one that premultiplies works on a
            // copy (rare: only when the device could not take it).
            auto pixels = onDevice
                ? std::move(out)
                : CpuResizer(1).resizeShared(std::as_const(*decoded).view(), false, p, &cancel);
            if (!pixels) {
                failOutput(f.report, i, std::move(pixels).error());
            } else {
                m_pipeline.complete(*f.job, prepared, i, std::move(pixels).value(), f.report);
            }
        }
    }
}

void GpuWorker::loseDevice(const Error& error)
{
    if (m_alive) {
        m_alive = false;
        m_run.notice(Text::tr("GPU stopped (%1); the remaining images run on the CPU")
                         .arg(error.describe()));
    }
}

void GpuWorker::finish(InFlight& f)
{
    finishReport(f.report);
    f.prepared.reset(); // its memory is free before the observer hears of it
    f.report.seconds = std::chrono::duration<double>(Clock::now() - f.start).count();
    m_run.finished(f.report);
}

GpuDevice* openGpu(std::unique_ptr<GpuDevice>& owned, const BatchOptions& options,
    std::size_t runnableJobs, BatchRun& run)
{
    if (options.device == DeviceChoice::Cpu || runnableJobs == 0) {
        return nullptr;
    }
    if (!owned) {
        auto opened = openCudaDevice(options.gpuMemoryBudget);
        if (!opened) {
            if (options.device != DeviceChoice::Auto
                || opened.error().code != ErrorCode::NotFound) {
                run.notice(Text::tr("GPU not used: %1; every image runs on the CPU")
                               .arg(opened.error().describe()));
            }
            return nullptr;
        }
        owned = std::move(opened).value();
    }
    return owned.get();
}

} // namespace dropsize
