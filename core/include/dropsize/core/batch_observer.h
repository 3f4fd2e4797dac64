// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_planner.h"

#include <string>
#include <vector>

namespace dropsize {

enum class JobStatus { Ok, Skipped, Failed, Cancelled };

/// In JSON output: stable.
template <> struct EnumNames<JobStatus> {
    static constexpr EnumName<JobStatus> names[] = {
        { JobStatus::Ok, "ok" },
        { JobStatus::Skipped, "skipped" },
        { JobStatus::Failed, "failed" },
        { JobStatus::Cancelled, "cancelled" },
    };
};

/// Where an image was resized.
enum class Device { Cpu, Gpu };

/// In JSON output and the window's log: stable.
template <> struct EnumNames<Device> {
    static constexpr EnumName<Device> names[] = {
        { Device::Cpu, "cpu" },
        { Device::Gpu, "gpu" },
    };
};

/// What became of one output of a job (one of its sizes).
struct OutputReport {
    std::uint32_t size = 0; ///< index into BatchPlan::sizes (0 when the batch has one size)
    std::string label; ///< that size's label ("2048"); empty for a batch without a size list
    JobStatus status = JobStatus::Cancelled;
    /// True until the output was written, skipped or failed: only while its job runs.
    bool pending = true;
    std::optional<Error> error; ///< why it was skipped, failed or cancelled
    std::filesystem::path path; ///< the final name when written, else the planned one
    Size outputSize; ///< 0x0 until the header was read
    std::uint64_t bytes = 0; ///< written
    Device device = Device::Cpu; ///< where it was resized
    double seconds = 0; ///< since the job's previous output was done (or the job started)
    Text note; ///< something to know about it: why its size was kept, say
    /// Something that went wrong without costing it: its date could not be set, say.
    Text warning;
    /// The quality a target file size chose (ProcessOptions::maxBytes); 0 when none was sought.
    int quality = 0;
    /// What the larger-than-input rule did (see JobReport::ifBigger).
    IfBigger ifBigger = IfBigger::Keep;
};

/// What became of one job: one input and its outputs. With one output the job's fields are that
/// output's; with several, `status` is the worst of theirs (failed, then cancelled, then ok,
/// then skipped), `error` the first such output's, `output`, `outputSize`, `quality` and
/// `ifBigger` the first written one's (or the first output's), `outputBytes` the sum written,
/// `warning` the first output's that has one and `note` what the header says.
struct JobReport {
    std::size_t id = 0;
    std::uint64_t shardHash = 0; ///< the job's (Job::shardHash)
    JobStatus status = JobStatus::Failed;
    std::optional<Error> error; ///< why it was skipped, failed or cancelled
    std::filesystem::path input;
    std::filesystem::path output; ///< final name (empty when nothing was written)
    std::uint64_t inputBytes = 0;
    std::uint64_t outputBytes = 0;
    Size inputSize;
    Size outputSize;
    /// Every output of the job, in size order; empty when it failed before its outputs were
    /// named (an unreadable file found by the planner).
    std::vector<OutputReport> outputs;
    Device device = Device::Cpu; ///< where it was resized
    Text note; ///< something to know about a result: why its size was kept, say
    /// Something that went wrong without costing the output: its date could not be set, say.
    Text warning;
    /// The quality a target file size chose (ProcessOptions::maxBytes); 0 when none was sought.
    int quality = 0;
    /// What the larger-than-input rule did: Keep when it did nothing (the output was not larger,
    /// or its format differs from the input's), Skip or Copy when it acted.
    IfBigger ifBigger = IfBigger::Keep;
    bool started = true; ///< false for a job a cancel left before it started
    double seconds = 0;
};

/// Totals of one batch. total, ok, skipped, failed and cancelled count inputs (jobs, by their
/// status); the outputs... fields count every output of every job.
struct BatchSummary {
    std::size_t total = 0;
    std::size_t ok = 0;
    std::size_t skipped = 0;
    std::size_t failed = 0;
    std::size_t cancelled = 0;
    std::size_t sizes = 1; ///< outputs per input (BatchPlan::sizes, at least 1)
    std::size_t outputs = 0;
    std::size_t outputsOk = 0;
    std::size_t outputsSkipped = 0;
    std::size_t outputsFailed = 0;
    std::size_t outputsCancelled = 0;
    /// Of the inputs with at least one output written (whatever their other sizes did).
    std::uint64_t inputBytes = 0;
    std::uint64_t outputBytes = 0; ///< of every output written, as they are on disk
    double seconds = 0;
    bool wasCancelled = false;
    std::size_t okOnGpu = 0; ///< of `ok`, the images resized on the GPU
    std::string gpuName; ///< the GPU that took part, empty when none did
};

/// Receives a batch's progress. onBatchStarted() and onBatchFinished() come from the thread that
/// called BatchScheduler::run(); so do onNotice() when the GPU cannot be opened and, once the
/// workers are done, onJobFinished() for the jobs a cancel left before they started. Every other
/// call comes from the scheduler's worker threads, several at once. An implementation locks what
/// it shares and decides itself how to reach its own thread (the window posts queued signals;
/// the command line prints under a mutex).
class BatchObserver {
public:
    virtual ~BatchObserver() = default;
    virtual void onBatchStarted(std::size_t /*jobCount*/) { }
    virtual void onJobStarted(const Job& /*job*/) { }
    virtual void onJobFinished(const JobReport& /*report*/) { }
    /// Something people should know once per batch, in plain words (the GPU could not be used,
    /// or stopped working and the rest ran on the CPU): the command line prints its english(),
    /// the window translates it.
    virtual void onNotice(const Text& /*message*/) { }
    virtual void onBatchFinished(const BatchSummary& /*summary*/) { }
};

} // namespace dropsize
