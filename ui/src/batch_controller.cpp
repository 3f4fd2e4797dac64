// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/batch_controller.h"

#include "dropsize/core/process_memory.h"
#include "dropsize/ui/engine_text.h"
#include "path_strings.h"

#include <QDir>
#include <QFutureWatcher>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <utility>

namespace dropsize::ui {

namespace {

    constexpr int kFlushIntervalMs = 40;

    // Whether an image of `in` pixels made `out` pixels changed its aspect by more than the
    // rounding of the sides to whole pixels, read as it is stored or turned (EXIF orientation).
    bool changesAspect(const QSize& in, const QSize& out)
    {
        if (in.isEmpty() || out.isEmpty()) {
            return false;
        }
        const auto off = [&](qint64 w, qint64 h) {
            const qint64 cross = w * out.height() - h * out.width();
            return std::abs(cross) > w + h; // more than about a pixel on either side
        };
        return off(in.width(), in.height()) && off(in.height(), in.width());
    }

    // For each size of the batch (BatchPlan::sizes, or its one size), whether it is an exact
    // size, which stretches.
    std::vector<bool> exactSizes(const BatchSettings& settings)
    {
        const PlanOptions plan = settings.planOptions();
        if (plan.sizes.empty()) {
            return { settings.spec.mode == SizeMode::Exact };
        }
        std::vector<bool> exact;
        for (const OutputSize& size : plan.sizes) {
            exact.push_back(size.spec.mode == SizeMode::Exact);
        }
        return exact;
    }

} // namespace

/// What the worker hands back when it is done.
struct BatchController::Outcome {
    std::optional<BatchSummary> summary; ///< unset when planning failed
    QString error;
    QStringList problems;
    QStringList outputFolders;
};

/// Receives the engine's events on its worker threads. Finished jobs are queued under a lock and
/// one queued call collects them all, so a burst of small files costs the window one update.
/// The controller spaces those updates by kFlushIntervalMs.
class BatchController::Bridge : public BatchObserver {
public:
    Bridge(BatchController* controller, std::vector<bool> exactSizes)
        : m_controller(controller)
        , m_exactSizes(std::move(exactSizes))
    {
    }

    void onNotice(const Text& message) override
    {
        QMetaObject::invokeMethod(
            m_controller,
            [c = m_controller, text = displayMessage(message)] { emit c->notice(text); },
            Qt::QueuedConnection);
    }

    void onJobFinished(const JobReport& report) override
    {
        if (!report.started) {
            return; // left by a cancel: the summary counts those, the log would only fill up
        }
        QList<JobLogEntry> entries = JobLogEntry::entriesFromReport(report);
        for (qsizetype i = 0; i < entries.size(); ++i) {
            JobLogEntry& e = entries[i];
            if (e.isLargerThanInput()) {
                m_larger.fetch_add(1, std::memory_order_relaxed);
            }
            // entriesFromReport(): one entry per output with several, the job's with one.
            const auto at = static_cast<std::size_t>(i);
            const std::uint32_t size = at < report.outputs.size() ? report.outputs[at].size : 0;
            if (e.status == JobStatus::Ok && size < m_exactSizes.size() && m_exactSizes[size]
                && changesAspect(e.inputSize, e.outputSize)) {
                e.stretched = true;
                m_stretched.fetch_add(1, std::memory_order_relaxed);
            }
        }
        bool first = false;
        {
            QMutexLocker lock(&m_mutex);
            first = m_pending.isEmpty() && m_pendingDone == 0;
            m_pending.append(std::move(entries));
            // The progress counts jobs, as the plan's total and the summary do (not the log's
            // rows, one per output with several sizes), and only those the batch finished: one
            // a cancel stopped in flight is the summary's "not done", not a step of the bar.
            if (report.status != JobStatus::Cancelled) {
                ++m_pendingDone;
            }
        }
        if (first) {
            QMetaObject::invokeMethod(
                m_controller, [c = m_controller] { c->scheduleFlush(); }, Qt::QueuedConnection);
        }
    }

    qint64 largerOutputs() const noexcept { return m_larger.load(std::memory_order_relaxed); }
    qint64 stretchedOutputs() const noexcept { return m_stretched.load(std::memory_order_relaxed); }

    /// The entries queued since the last call, and how many jobs they finished.
    std::pair<QList<JobLogEntry>, qint64> take()
    {
        QMutexLocker lock(&m_mutex);
        return { std::exchange(m_pending, {}), std::exchange(m_pendingDone, 0) };
    }

private:
    BatchController* m_controller;
    QMutex m_mutex;
    QList<JobLogEntry> m_pending;
    qint64 m_pendingDone = 0; ///< jobs finished (done, skipped or failed) among m_pending's
    const std::vector<bool> m_exactSizes;
    std::atomic<qint64> m_larger { 0 };
    std::atomic<qint64> m_stretched { 0 };
};

BatchController::BatchController(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1); // one batch at a time; the engine starts its own workers
    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &BatchController::flushFinishedJobs);
}

BatchController::~BatchController()
{
    if (m_scheduler) {
        m_scheduler->cancel();
    }
    m_pool.waitForDone();
}

bool BatchController::start(const QStringList& inputs, const BatchSettings& settings)
{
    if (isBusy()) {
        return false;
    }
    m_bridge = std::make_unique<Bridge>(this, exactSizes(settings));
    m_scheduler = std::make_unique<BatchScheduler>(settings.batchOptions(), m_bridge.get());
    m_progress = {};
    m_pausedMs = 0;
    setState(State::Planning);

    std::vector<std::filesystem::path> paths;
    for (const QString& input : inputs) {
        paths.push_back(toPath(input));
    }
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        onWorkerDone(outcome);
    });
    BatchScheduler* scheduler = m_scheduler.get();
    PlanOptions planOptions = settings.planOptions();
    planOptions.cancel = &scheduler->cancelToken(); // Cancel stops the folder walk too
    // Runs on the pool's thread: planning walks folders, run() blocks until the batch ends.
    watcher->setFuture(QtConcurrent::run(&m_pool, [this, scheduler, planOptions, paths] {
        // Nothing may escape a task of the pool (Qt would end the program).
        try {
            return planAndRun(scheduler, planOptions, paths);
        } catch (const std::exception& e) {
            Outcome failed;
            failed.error = unexpectedErrorText(e);
            return failed;
        }
    }));
    return true;
}

BatchController::Outcome BatchController::planAndRun(BatchScheduler* scheduler,
    const PlanOptions& planOptions, const std::vector<std::filesystem::path>& paths)
{
    {
        Outcome outcome;
        auto plan = BatchPlanner(planOptions).plan(paths);
        if (!plan && plan.error().code == ErrorCode::Cancelled) {
            BatchSummary stopped;
            stopped.wasCancelled = true; // while looking for images: nothing was written
            outcome.summary = stopped;
            return outcome;
        }
        if (!plan) {
            outcome.error = displayMessage(plan.error()); // shown on its own
            return outcome;
        }
        // An input that could not be read at all (its files' failures go to the log).
        for (const Job& job : plan->jobs) {
            if (job.action == JobAction::Fail && job.reason
                && std::find(paths.begin(), paths.end(), job.input()) != paths.end()) {
                outcome.problems.append(QStringLiteral("%1: %2").arg(
                    QDir::toNativeSeparators(toQString(job.input())), displayText(*job.reason)));
            }
        }
        for (const auto& dir : plan->outputFolders) {
            outcome.outputFolders.append(toQString(dir));
        }
        QMetaObject::invokeMethod(
            this,
            [this, count = static_cast<qint64>(plan->jobs.size()), problems = outcome.problems] {
                onPlanned(count, problems);
            },
            Qt::QueuedConnection);
        outcome.summary = scheduler->run(*plan);
        return outcome;
    }
}

void BatchController::pause()
{
    if (m_state != State::Running && m_state != State::Planning) {
        return;
    }
    m_scheduler->pause();
    m_pauseClock.start();
    setState(State::Paused);
}

void BatchController::resume()
{
    if (m_state != State::Paused) {
        return;
    }
    m_scheduler->resume();
    m_pausedMs += m_pauseClock.elapsed();
    setState(m_clock.isValid() ? State::Running : State::Planning); // valid once planned
}

void BatchController::cancel()
{
    if (m_state == State::Idle || m_state == State::Cancelling) {
        return;
    }
    m_scheduler->cancel();
    setState(State::Cancelling);
}

void BatchController::setState(State state)
{
    if (state == m_state) {
        return;
    }
    m_state = state;
    emit stateChanged(state);
}

void BatchController::onPlanned(qint64 jobCount, const QStringList& problems)
{
    m_progress.total = jobCount;
    m_clock.start();
    if (m_state == State::Paused) {
        m_pauseClock.start(); // paused before the jobs were known: count from here
    }
    emit planned(jobCount, problems);
    if (m_state == State::Planning) {
        setState(State::Running);
    }
    emit progressChanged(m_progress);
}

double BatchController::runningSeconds() const
{
    if (!m_clock.isValid()) {
        return 0;
    }
    qint64 paused = m_pausedMs;
    if (m_state == State::Paused) {
        paused += m_pauseClock.elapsed();
    }
    return static_cast<double>(m_clock.elapsed() - paused) / 1000.0;
}

void BatchController::scheduleFlush()
{
    if (m_flushTimer.isActive()) {
        return; // the coming flush takes these jobs too
    }
    const qint64 since = m_sinceFlush.isValid() ? m_sinceFlush.elapsed() : kFlushIntervalMs;
    if (since >= kFlushIntervalMs) {
        flushFinishedJobs();
    } else {
        m_flushTimer.start(static_cast<int>(kFlushIntervalMs - since));
    }
}

void BatchController::flushFinishedJobs()
{
    m_flushTimer.stop();
    m_sinceFlush.start();
    if (!m_bridge) {
        return;
    }
    const auto [entries, done] = m_bridge->take();
    if (entries.isEmpty() && done == 0) {
        return;
    }
    m_progress.done += done;
    const double seconds = runningSeconds();
    if (seconds > 0.2) {
        m_progress.imagesPerSecond = static_cast<double>(m_progress.done) / seconds;
        m_progress.secondsLeft
            = static_cast<double>(m_progress.total - m_progress.done) / m_progress.imagesPerSecond;
    }
    if (!entries.isEmpty()) {
        emit jobsFinished(entries);
    }
    emit progressChanged(m_progress);
}

void BatchController::onWorkerDone(const Outcome& outcome)
{
    flushFinishedJobs();
    BatchResult result;
    result.error = outcome.error;
    result.problems = outcome.problems;
    result.outputFolders = outcome.outputFolders;
    result.largerOutputs = m_bridge ? m_bridge->largerOutputs() : 0;
    result.stretchedOutputs = m_bridge ? m_bridge->stretchedOutputs() : 0;
    if (outcome.summary) {
        result.summary = *outcome.summary;
        // The bar's last count is what the summary says was finished (its done, skipped and
        // failed), so that the two never disagree after a cancel.
        const BatchSummary& s = result.summary;
        const qint64 finished = static_cast<qint64>(s.ok) + static_cast<qint64>(s.skipped)
            + static_cast<qint64>(s.failed);
        if (m_progress.done != finished) {
            m_progress.done = finished;
            emit progressChanged(m_progress);
        }
    }
    m_scheduler.reset();
    m_bridge.reset();
    m_clock.invalidate();
    returnFreedMemory(); // the batch's buffers, kept for its jobs (keepFreedMemory())
    emit finished(result);
    setState(State::Idle);
}

} // namespace dropsize::ui
