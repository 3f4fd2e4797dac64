// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/batch_controller.h"

#include "dropsize/ui/engine_text.h"
#include "path_strings.h"

#include <QDir>
#include <QFutureWatcher>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace dropsize::ui {

namespace {

    constexpr int kFlushIntervalMs = 40;

} // namespace

/// What the worker hands back when it is done.
struct BatchController::Outcome {
    std::optional<BatchSummary> summary; ///< unset when planning failed
    QString error;
    QStringList problems;
    QStringList outputDirs;
};

/// Receives the engine's events on its worker threads. Finished jobs are queued under a lock and
/// one queued call collects them all, so a burst of small files costs the window one update.
/// The controller spaces those updates by kFlushIntervalMs.
class BatchController::Bridge : public BatchObserver {
public:
    explicit Bridge(BatchController* controller)
        : m_controller(controller)
    {
    }

    void onNotice(const Text& message) override
    {
        QMetaObject::invokeMethod(
            m_controller, [c = m_controller, text = displayText(message)] { emit c->notice(text); },
            Qt::QueuedConnection);
    }

    void onJobFinished(const JobReport& report) override
    {
        if (!report.started) {
            return; // left by a cancel: the summary counts those, the log would only fill up
        }
        QList<JobLogEntry> entries = JobLogEntry::entriesFromReport(report);
        bool first = false;
        {
            QMutexLocker lock(&m_mutex);
            first = m_pending.isEmpty();
            m_pending.append(std::move(entries));
        }
        if (first) {
            QMetaObject::invokeMethod(
                m_controller, [c = m_controller] { c->scheduleFlush(); }, Qt::QueuedConnection);
        }
    }

    QList<JobLogEntry> take()
    {
        QMutexLocker lock(&m_mutex);
        return std::exchange(m_pending, {});
    }

private:
    BatchController* m_controller;
    QMutex m_mutex;
    QList<JobLogEntry> m_pending;
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
    m_bridge = std::make_unique<Bridge>(this);
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
        Outcome outcome;
        auto plan = BatchPlanner(planOptions).plan(paths);
        if (!plan && plan.error().code == ErrorCode::Cancelled) {
            BatchSummary stopped;
            stopped.wasCancelled = true; // while looking for images: nothing was written
            outcome.summary = stopped;
            return outcome;
        }
        if (!plan) {
            outcome.error = displayText(plan.error());
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
        for (const auto& dir : plan->outputDirs) {
            outcome.outputDirs.append(toQString(dir));
        }
        QMetaObject::invokeMethod(
            this,
            [this, count = static_cast<qint64>(plan->jobs.size()), problems = outcome.problems] {
                onPlanned(count, problems);
            },
            Qt::QueuedConnection);
        outcome.summary = scheduler->run(*plan);
        return outcome;
    }));
    return true;
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
    const QList<JobLogEntry> entries = m_bridge->take();
    if (entries.isEmpty()) {
        return;
    }
    m_progress.done += entries.size();
    const double seconds = runningSeconds();
    if (seconds > 0.2) {
        m_progress.imagesPerSecond = static_cast<double>(m_progress.done) / seconds;
        m_progress.secondsLeft
            = static_cast<double>(m_progress.total - m_progress.done) / m_progress.imagesPerSecond;
    }
    emit jobsFinished(entries);
    emit progressChanged(m_progress);
}

void BatchController::onWorkerDone(const Outcome& outcome)
{
    flushFinishedJobs();
    BatchResult result;
    result.error = outcome.error;
    result.problems = outcome.problems;
    result.outputDirs = outcome.outputDirs;
    if (outcome.summary) {
        result.summary = *outcome.summary;
    }
    m_scheduler.reset();
    m_bridge.reset();
    m_clock.invalidate();
    emit finished(result);
    setState(State::Idle);
}

} // namespace dropsize::ui
