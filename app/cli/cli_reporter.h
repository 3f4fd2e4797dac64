// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

namespace dropsize::cli {

/// JSON string literal for a text, quotes included. Valid UTF-8 passes through, with control
/// characters escaped. A byte that is not part of valid UTF-8 (file names are bytes) becomes
/// \udcXX, XX being the byte: the lone surrogate of Python's "surrogateescape", so that a script
/// gets the exact name back (json.loads, then os.fsencode).
std::string jsonString(std::string_view text);

/// A text for a terminal: control characters (C0, DEL, C1), bidirectional overrides and bytes
/// that are not UTF-8 are written as \xHH (each byte), so that a file name can neither move
/// the cursor, break a line nor read backwards.
std::string printable(std::string_view text);

/// The "job-finished" event of `r` as one JSON object (no line end), as --json prints it and
/// the report file holds it; `extraMembers` (",\"retry\":false", say) go in at its end.
std::string jobFinishedJson(const JobReport& r, std::string_view extraMembers = {});

/// The "ignored" event of a path the planner left out, as one JSON object (no line end).
std::string ignoredJson(const IgnoredPath& ignored);

/// Prints a batch's events: one log line per file (or one JSON object per event with --json),
/// a progress line with count, rate and time left when stderr is a terminal, and a summary.
/// When standard output turns out to be closed (a pipe whose reader is gone) it stops writing
/// there, says so on stderr and calls the callback given to onOutputClosed() once.
class CliReporter : public BatchObserver {
public:
    /// Where the lines of standard output go instead, one event or log line at a time (its line
    /// end included); false when the reader is gone, taken as a closed standard output is.
    using LineSink = std::function<bool(const std::string& line)>;

    /// `sink`: standard output when empty (the Python module passes its own: the same events).
    CliReporter(bool json, bool progressLine, LineSink sink = {});

    void onOutputClosed(std::function<void()> callback);
    bool outputClosed() const noexcept { return m_closed.load(); }

    /// The paths the planner left out: an event each with --json; counted in the summary.
    void reportIgnored(const std::vector<IgnoredPath>& ignored);

    void onBatchStarted(std::size_t jobCount) override;
    void onJobStarted(const Job& job) override;
    void onJobFinished(const JobReport& report) override;
    void onBatchFinished(const BatchSummary& summary) override;
    void onNotice(const Text& message) override;

private:
    /// Writes a line to stdout; false (and the closed-output path taken) when it cannot.
    bool emit(const std::string& line);
    /// One output's line of a job with several sizes: what was written, skipped or why it
    /// failed.
    void emitOutput(const JobReport& r, const OutputReport& o, const std::string& input);
    void clearProgress();
    void drawProgress();

    bool m_json;
    bool m_progressLine;
    LineSink m_sink;
    std::mutex m_mutex;
    std::atomic<bool> m_closed { false };
    std::function<void()> m_onClosed;
    std::size_t m_total = 0;
    std::size_t m_done = 0;
    std::size_t m_ignored = 0;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace dropsize::cli
