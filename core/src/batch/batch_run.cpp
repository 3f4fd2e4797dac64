// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/batch_run.h"

#include "batch/job_pipeline.h"
#include "batch/job_report.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <utility>

namespace dropsize {

BatchRun::BatchRun(const BatchPlan& plan, std::vector<std::size_t> order, BatchObserver* observer)
    : m_plan(plan)
    , m_order(std::move(order))
    , m_observer(observer)
{
    m_summary.total = plan.jobs.size();
    m_summary.sizes = std::max<std::size_t>(plan.sizes.size(), 1);
}

const Job* BatchRun::take() noexcept
{
    const std::size_t i = m_next.fetch_add(1);
    return i < m_order.size() ? &m_plan.jobs[m_order[i]] : nullptr;
}

void BatchRun::started(const Job& job)
{
    if (m_observer != nullptr) {
        m_observer->onJobStarted(job);
    }
}

void BatchRun::finished(const JobReport& report)
{
    {
        std::lock_guard lock(m_summaryMutex);
        // The bytes of every image that has an output written, whatever its other sizes did:
        // what the summary says was written is what is on disk.
        if (std::any_of(report.outputs.begin(), report.outputs.end(),
                [](const OutputReport& o) { return o.status == JobStatus::Ok; })) {
            m_summary.inputBytes += report.inputBytes;
            m_summary.outputBytes += report.outputBytes;
        }
        switch (report.status) {
        case JobStatus::Ok:
            ++m_summary.ok;
            if (report.device == Device::Gpu) {
                ++m_summary.okOnGpu;
            }
            break;
        case JobStatus::Skipped:
            ++m_summary.skipped;
            break;
        case JobStatus::Failed:
            ++m_summary.failed;
            break;
        case JobStatus::Cancelled:
            break;
        }
        for (const OutputReport& o : report.outputs) {
            ++m_summary.outputs;
            switch (o.status) {
            case JobStatus::Ok:
                ++m_summary.outputsOk;
                break;
            case JobStatus::Skipped:
                ++m_summary.outputsSkipped;
                break;
            case JobStatus::Failed:
                ++m_summary.outputsFailed;
                break;
            case JobStatus::Cancelled:
                ++m_summary.outputsCancelled;
                break;
            }
        }
    }
    // Never under the lock: the observer may take its own.
    if (m_observer != nullptr) {
        m_observer->onJobFinished(report);
    }
}

void BatchRun::notice(const Text& message)
{
    if (m_observer != nullptr) {
        m_observer->onNotice(message);
    }
}

void BatchRun::cancelUntaken()
{
    for (std::size_t i = std::min(m_next.load(), m_order.size()); i < m_order.size(); ++i) {
        const Job& job = m_plan.jobs[m_order[i]];
        JobReport report = startReport(job, m_plan.sizes);
        if (job.runs()) {
            failReport(report,
                Error::of(ErrorCode::Cancelled, Text::tr("cancelled before it started"),
                    utf8(report.input)));
            finishReport(report);
            report.status = JobStatus::Cancelled;
            report.started = false;
            report.output.clear();
        }
        finished(report);
    }
}

BatchSummary BatchRun::summary() const
{
    std::lock_guard lock(m_summaryMutex);
    return m_summary;
}

} // namespace dropsize
