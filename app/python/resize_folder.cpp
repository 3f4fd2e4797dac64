// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resize_folder.h"

#include "cli/cli_options.h"
#include "cli/cli_reporter.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <pybind11/stl.h>
#include <string>
#include <thread>
#include <vector>

namespace py = pybind11;

namespace dropsize::python {

namespace {

    // The flags that make the command line do something other than a batch, or write elsewhere
    // than the outputs; resize_folder() returns its events instead.
    void refuseOtherModes(const cli::CliOptions& o)
    {
        const std::pair<bool, const char*> others[] = {
            { o.help, "--help" },
            { o.version, "--version" },
            { o.listPresets, "--list-presets" },
            { o.dryRun, "--dry-run" },
            { o.list, "--list" },
            { o.mergeReports, "--merge-reports" },
            { o.filesFrom.has_value(), "--files-from" },
            { o.report.has_value(), "--report" },
            { o.json, "--json" },
        };
        for (const auto& [given, flag] : others) {
            if (given) {
                throw py::value_error(std::string("resize_folder() does not take ") + flag
                    + " (its events go to on_event)");
            }
        }
        if (o.inputs.empty()) {
            throw py::value_error("resize_folder() needs an input folder or file");
        }
    }

    // One batch, run on a thread of its own while the caller's thread hands its events to
    // Python and watches for Ctrl-C.
    class FolderRun {
    public:
        explicit FolderRun(cli::CliOptions options)
            : m_options(std::move(options))
        {
            m_options.plan.cancel = &m_stop;
        }

        /// The batch's thread: plan, then run with the command line's JSON reporter writing
        /// into the queue.
        void run() noexcept
        {
            try {
                auto plan = BatchPlanner(m_options.plan).plan(m_options.inputs);
                if (!plan) {
                    finish(plan.error());
                    return;
                }
                cli::CliReporter reporter(true, false, [this](const std::string& line) {
                    push(line);
                    return true;
                });
                reporter.reportIgnored(plan->ignored);
                BatchScheduler scheduler(m_options.batch, &reporter);
                // cancel() reaches the scheduler only while it lives, however run() ends.
                const SchedulerShown shown(*this, scheduler);
                scheduler.run(*plan);
                finish(std::nullopt);
            } catch (const std::exception& e) {
                finish(Error(ErrorCode::Internal, std::string("stopped by an error: ") + e.what()));
            }
        }

        /// Stops the batch: what is being written finishes or is removed, nothing more starts.
        void cancel()
        {
            const std::lock_guard lock(m_mutex);
            m_stop.requestStop();
            if (m_scheduler != nullptr) {
                m_scheduler->cancel();
            }
        }

        /// Waits up to `wait` for events; false once the batch has ended and every line is out.
        bool take(std::vector<std::string>& lines, std::chrono::milliseconds wait)
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait_for(lock, wait, [this] { return !m_lines.empty() || m_finished; });
            lines.assign(m_lines.begin(), m_lines.end());
            m_lines.clear();
            return !(m_finished && lines.empty());
        }

        const std::optional<Error>& failure() const noexcept { return m_failure; }

    private:
        // Shows cancel() the scheduler for as long as this lives; a cancel that came before is
        // passed on at once.
        class SchedulerShown {
        public:
            SchedulerShown(FolderRun& run, BatchScheduler& scheduler)
                : m_run(run)
            {
                const std::lock_guard lock(m_run.m_mutex);
                m_run.m_scheduler = &scheduler;
                if (m_run.m_stop.stopRequested()) {
                    scheduler.cancel();
                }
            }
            ~SchedulerShown()
            {
                const std::lock_guard lock(m_run.m_mutex);
                m_run.m_scheduler = nullptr;
            }
            SchedulerShown(const SchedulerShown&) = delete;
            SchedulerShown& operator=(const SchedulerShown&) = delete;

        private:
            FolderRun& m_run;
        };

        void push(const std::string& line)
        {
            {
                const std::lock_guard lock(m_mutex);
                m_lines.push_back(line);
            }
            m_changed.notify_all();
        }

        void finish(std::optional<Error> failure)
        {
            {
                const std::lock_guard lock(m_mutex);
                m_failure = std::move(failure);
                m_finished = true;
            }
            m_changed.notify_all();
        }

        cli::CliOptions m_options;
        CancelToken m_stop;
        std::mutex m_mutex;
        std::condition_variable m_changed;
        std::deque<std::string> m_lines;
        BatchScheduler* m_scheduler = nullptr;
        bool m_finished = false;
        std::optional<Error> m_failure;
    };

    // What the caller's thread made of a batch's events: the "batch-finished" event, and the
    // first exception raised while they came (Ctrl-C's KeyboardInterrupt, or on_event's own).
    struct Pumped {
        py::object summary = py::none();
        std::optional<py::error_already_set> raised;
    };

    // Hands the batch's events to `onEvent` as dicts, on this thread, until the batch has ended.
    // The first exception stops the batch and is kept for the end. After a Ctrl-C (a
    // KeyboardInterrupt, from the handler or raised inside on_event) the events go on to
    // on_event, so that it hears of every file; after any other exception from on_event it is
    // called no more.
    Pumped pumpEvents(FolderRun& run, const py::object& onEvent)
    {
        const py::object loads = py::module_::import("json").attr("loads");
        Pumped p;
        bool deliver = !onEvent.is_none();
        const auto stopFor = [&](py::error_already_set& e) {
            if (!p.raised) {
                p.raised.emplace(std::move(e));
                run.cancel();
            }
        };
        // Ctrl-C: Python's handler raises KeyboardInterrupt here, between the calls to on_event
        // (a signal that comes while on_event runs interrupts it, as it would any Python code);
        // a second one while the batch winds down changes nothing.
        const auto checkSignals = [&] {
            if (PyErr_CheckSignals() != 0) {
                py::error_already_set e;
                stopFor(e);
            }
        };
        std::vector<std::string> lines;
        bool more = true;
        while (more) {
            {
                const py::gil_scoped_release unlocked;
                more = run.take(lines, std::chrono::milliseconds(100));
            }
            for (const std::string& line : lines) {
                checkSignals();
                try {
                    py::object event = loads(py::bytes(line));
                    if (line.rfind("{\"event\":\"batch-finished\"", 0) == 0) {
                        p.summary = event;
                    }
                    if (deliver) {
                        onEvent(event);
                    }
                } catch (py::error_already_set& e) {
                    deliver = deliver && e.matches(PyExc_KeyboardInterrupt);
                    stopFor(e);
                }
            }
            checkSignals();
        }
        return p;
    }

    // Runs the batch that `args` (the command line's arguments, as bytes) describe on a thread
    // of its own, its events to `onEvent` (pumpEvents()); returns the "batch-finished" event.
    // The exception that stopped it is raised once it has stopped.
    py::object resizeFolder(const std::vector<std::string>& args, const py::object& onEvent)
    {
        auto parsed = cli::parseCommandLine(args);
        if (!parsed) {
            throw py::value_error(parsed.error().message);
        }
        refuseOtherModes(*parsed);
        FolderRun run(std::move(parsed).value());
        std::thread batch;
        {
            const py::gil_scoped_release unlocked;
            batch = std::thread([&run] { run.run(); });
        }
        const auto join = [&] {
            const py::gil_scoped_release unlocked;
            batch.join();
        };
        Pumped pumped;
        try {
            pumped = pumpEvents(run, onEvent);
        } catch (...) {
            // Whatever went wrong here (memory), the batch stops and its thread ends first.
            run.cancel();
            join();
            throw;
        }
        join();
        if (pumped.raised) {
            throw std::move(*pumped.raised);
        }
        if (const std::optional<Error>& failure = run.failure()) {
            const std::string message = failure->describe().english();
            if (failure->code == ErrorCode::NotFound) {
                PyErr_SetString(PyExc_FileNotFoundError, message.c_str());
                throw py::error_already_set();
            }
            throw py::value_error(message);
        }
        return pumped.summary;
    }

} // namespace

void registerResizeFolder(py::module_& module)
{
    module.def("resize_folder", &resizeFolder, py::arg("args"), py::arg("on_event"));
}

} // namespace dropsize::python
