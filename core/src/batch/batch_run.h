// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"

#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace dropsize {

/// What the workers of one BatchScheduler::run() share: the jobs in the order they are taken,
/// the next one to take, the totals so far, and the observer. Any worker may call any member.
class BatchRun {
public:
    /// `order`: indices into plan.jobs, each once, in the order the workers take them.
    BatchRun(const BatchPlan& plan, std::vector<std::size_t> order, BatchObserver* observer);
    BatchRun(const BatchRun&) = delete;
    BatchRun& operator=(const BatchRun&) = delete;

    /// The next job, now the caller's; null when every job was taken.
    const Job* take() noexcept;
    void started(const Job& job);
    /// Counts a job that ended and tells the observer.
    void finished(const JobReport& report);
    void notice(const Text& message);

    /// Reports each job no worker took (a cancel stopped them first) as cancelled; call it once
    /// the workers have ended.
    void cancelUntaken();
    /// The totals of the jobs finished so far.
    BatchSummary summary() const;

private:
    const BatchPlan& m_plan;
    const std::vector<std::size_t> m_order;
    BatchObserver* m_observer;
    std::atomic<std::size_t> m_next { 0 };
    mutable std::mutex m_summaryMutex;
    BatchSummary m_summary;
};

} // namespace dropsize
