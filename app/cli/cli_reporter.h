// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"

#include <chrono>
#include <cstdio>
#include <mutex>

namespace dropsize::cli {

/// JSON string literal for a text (quotes included).
std::string jsonString(const std::string& text);

/// Prints a batch's events: one log line per file (or one JSON object per event with --json),
/// a progress line with count, rate and time left when stderr is a terminal, and a summary.
class CliReporter : public BatchObserver {
public:
    CliReporter(bool json, bool progressLine);

    void onBatchStarted(std::size_t jobCount) override;
    void onJobStarted(const Job& job) override;
    void onJobFinished(const JobReport& report) override;
    void onBatchFinished(const BatchSummary& summary) override;
    void onNotice(const std::string& message) override;

private:
    void drawProgress();

    bool m_json;
    bool m_progressLine;
    std::mutex m_mutex;
    std::size_t m_total = 0;
    std::size_t m_done = 0;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace dropsize::cli
