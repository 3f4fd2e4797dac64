// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/ui/batch_settings.h"
#include "dropsize/ui/job_log_model.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>
#include <filesystem>
#include <memory>
#include <vector>

namespace dropsize::ui {

/// How far a running batch has come.
struct BatchProgress {
    /// Jobs finished: done, skipped or failed (a job a cancel stopped is not), as the summary
    /// counts them; a job of several sizes counts once.
    qint64 done = 0;
    qint64 total = 0;
    double imagesPerSecond = 0; ///< over the time spent running (pauses excluded)
    double secondsLeft = -1; ///< -1 until there is a rate to go by
};

/// How a batch ended.
struct BatchResult {
    BatchSummary summary;
    QString error; ///< set when the batch could not start (planning failed)
    QStringList problems; ///< inputs that could not be read at all, "path: reason"
    QStringList outputFolders; ///< folders the outputs went to
    qint64 largerOutputs = 0; ///< outputs written that are larger than their input file
    qint64 stretchedOutputs = 0; ///< outputs made at an exact size of another aspect
};

/// The window's only bridge to the engine. start() plans and runs a batch on a thread of the
/// controller's own pool; the engine's observer calls (from its worker threads) come back to this
/// object's thread as queued calls and leave as signals, in this order:
/// stateChanged(Planning), planned, stateChanged(Running), then jobsFinished and progressChanged
/// as files finish (every file that finished since the last signal, at most about 25 signals a
/// second), finished, stateChanged(Idle).
class BatchController : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Planning, Running, Paused, Cancelling };
    Q_ENUM(State)

    explicit BatchController(QObject* parent = nullptr);
    /// Cancels a running batch and waits for it.
    ~BatchController() override;

    State state() const noexcept { return m_state; }
    bool isBusy() const noexcept { return m_state != State::Idle; }

    /// Starts a batch; false (and nothing happens) when one is already running.
    bool start(const QStringList& inputs, const BatchSettings& settings);

public slots:
    /// Files in flight finish; no new file starts until resume().
    void pause();
    void resume();
    /// Files in flight stop at their next check; nothing half-written keeps a final name.
    void cancel();

signals:
    void stateChanged(dropsize::ui::BatchController::State state);
    void planned(qint64 jobCount, const QStringList& problems);
    void jobsFinished(const QList<dropsize::ui::JobLogEntry>& entries);
    void progressChanged(const dropsize::ui::BatchProgress& progress);
    void finished(const dropsize::ui::BatchResult& result);
    /// Something to tell people once (the GPU could not be used, or stopped), in plain words.
    void notice(const QString& message);

private:
    class Bridge;
    struct Outcome;

    void setState(State state);
    void onPlanned(qint64 jobCount, const QStringList& problems);
    void scheduleFlush();
    void flushFinishedJobs();
    void onWorkerDone(const Outcome& outcome);
    /// The batch's task, on the pool's thread: plans, then runs until the batch ends.
    Outcome planAndRun(BatchScheduler* scheduler, const PlanOptions& planOptions,
        const std::vector<std::filesystem::path>& paths);
    double runningSeconds() const;

    State m_state = State::Idle;
    std::unique_ptr<Bridge> m_bridge;
    std::unique_ptr<BatchScheduler> m_scheduler;
    BatchProgress m_progress;
    QElapsedTimer m_clock; ///< since the jobs started
    qint64 m_pausedMs = 0; ///< time spent paused so far
    QElapsedTimer m_pauseClock;
    QTimer
        m_flushTimer; ///< holds finished jobs back so the window updates at most ~25 times a second
    QElapsedTimer m_sinceFlush;
    QThreadPool m_pool;
};

} // namespace dropsize::ui
