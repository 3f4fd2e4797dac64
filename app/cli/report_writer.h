// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/batch_observer.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/result.h"
#include "dropsize/core/shard.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace dropsize::cli {

/// The exit status that tells an engine to run the shard again (sysexits' EX_TEMPFAIL).
inline constexpr int kExitRetry = 75;

/// Whether a job's result is worth another run: it was left by a stop, or it (or one of its
/// outputs) failed for a reason that can pass (isRetryable(): a full disk, an I/O error, no
/// memory).
bool leftForRetry(const JobReport& report);

/// Where --report writes: `shard-I-of-N.jsonl` inside the path given when it is a folder (one
/// that exists, or a path that ends with a separator; a run without `shard` is part 0 of 1), or
/// else the file given; a usage error (InvalidArgument) for a file with `shard`, which every
/// shard would write in turn.
[[nodiscard]] Result<std::filesystem::path> reportFilePath(
    const std::filesystem::path& given, const std::optional<Shard>& shard);

/// Whether `file` is a finished report of part `shard` (its last line is that part's
/// "shard-finished" event) and, when `batch` is given (BatchPlan::batchHash of a split run), of
/// that batch: the one kind of file a report replaces.
bool isReportOf(const std::filesystem::path& file, const Shard& shard,
    std::optional<std::uint64_t> batch = std::nullopt);

/// The per-file results of one run, as JSON lines: every "job-finished" event (the same object
/// as --json's, with "retry"), every "ignored" path, and a last "shard-finished" line with the
/// counts and the exit status. The lines go to a temporary file beside the report; finish()
/// flushes it to disk and renames it, so a report under its final name is a run that got to its
/// end. Used from the scheduler's worker threads at once.
class ReportWriter : public BatchObserver {
public:
    /// Opens the temporary file, after removing those of this report that no run writes any
    /// more. A usage error (InvalidArgument) when something other than a finished report of
    /// the same part is at `file`: a report never replaces another file. Fails (with the
    /// reason) when the temporary cannot be created.
    [[nodiscard]] static Result<std::unique_ptr<ReportWriter>> open(
        const std::filesystem::path& file, const Shard& shard);
    ~ReportWriter() override;
    ReportWriter(const ReportWriter&) = delete;
    ReportWriter& operator=(const ReportWriter&) = delete;

    const std::filesystem::path& file() const noexcept { return m_file; }

    /// Checks the report's place against the batch once it is planned, before anything runs: a
    /// usage error (InvalidArgument, naming the path) when the report would replace an input of
    /// the run or take an output's name, or (split runs) when the report there is of another
    /// batch. Its last line then names the batch, for --merge-reports to check.
    [[nodiscard]] Status checkAgainst(const BatchPlan& plan);

    void reportIgnored(const std::vector<IgnoredPath>& ignored);
    void onJobFinished(const JobReport& report) override;
    void onNotice(const Text& message) override;

    /// Writes the last line (with `exitCode`), flushes the file to disk and gives it its name.
    [[nodiscard]] Status finish(const BatchSummary& summary, int exitCode);

private:
    ReportWriter(std::filesystem::path file, std::filesystem::path temporary, std::FILE* out,
        const Shard& shard);
    void write(const std::string& line);

    std::filesystem::path m_file;
    std::filesystem::path m_temporary;
    std::FILE* m_out;
    Shard m_shard;
    std::optional<std::uint64_t> m_batch; ///< BatchPlan::batchHash of a split run
    /// What was at the report's path when the run began (nullopt: nothing): the report
    /// replaces that file alone, not one another run put there meanwhile.
    std::optional<FileIdentity> m_found;
    std::mutex m_mutex;
    std::size_t m_ignored = 0;
    std::size_t m_left = 0;
    bool m_failed = false; ///< a write failed: finish() says so
    int m_error = 0;
};

/// Hands a batch's events to the command line's reporter and, with --report, to the report,
/// and counts the jobs left for another run.
class RunObservers : public BatchObserver {
public:
    RunObservers(BatchObserver& reporter, ReportWriter* report)
        : m_reporter(reporter)
        , m_report(report)
    {
    }
    std::size_t leftForRetry() const noexcept { return m_left.load(); }

    void onBatchStarted(std::size_t jobCount) override;
    void onJobStarted(const Job& job) override;
    void onJobFinished(const JobReport& report) override;
    void onNotice(const Text& message) override;
    void onBatchFinished(const BatchSummary& summary) override;

private:
    BatchObserver& m_reporter;
    ReportWriter* m_report;
    std::atomic<std::size_t> m_left { 0 };
};

} // namespace dropsize::cli
