// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/image_processor.h"
#include "memory_budget.h"
#include "platform_files.h"

#include <filesystem>
#include <optional>

namespace dropsize {

/// A job between its header and its output: the file (only its first bytes until load()), the
/// decoder opened on it with what its header says, and the memory it holds.
struct PreparedJob {
    platform::FileBytes bytes;
    OpenedImage image; ///< the decoder opened on `bytes`, with its header and plan
    MemoryLease memory; ///< not held until takeMemory() or tryTakeMemory()
};

/// One job's way from input to output: read the first bytes → inspect the header → take its
/// memory → load the rest of the file → render (decode and resize) → encode → atomic write. One
/// decoder, opened on the first bytes, serves the job throughout, so its header is parsed once.
/// A CPU worker calls run(); the GPU worker calls the phases itself, with the device's resize
/// between decode() and complete(). Holds nothing of any one job, so many threads use one
/// pipeline at once; it lives for one BatchScheduler::run(), whose options it is given.
class JobPipeline {
public:
    /// `onExisting` and `inputs` are the plan's (its policy for taken names, and the inputs that
    /// an output never replaces); `memory` and `cancel` outlive the pipeline.
    JobPipeline(const ProcessOptions& options, ExistingPolicy onExisting,
        const FileIdentitySet& inputs, MemoryBudget& memory, const CancelToken& cancel);

    /// Every phase on this thread. Never throws: an exception (memory, say) fails this job only.
    JobReport run(const Job& job) const;

    /// Reads the file's first bytes and inspects its header; nullopt when the job ended there
    /// (`report` says how). Fills in `report`'s sizes and note.
    std::optional<PreparedJob> inspect(const Job& job, JobReport& report) const;
    /// Waits for the job's memory; false when the batch was cancelled first (`report`).
    bool takeMemory(PreparedJob& prepared, JobReport& report) const;
    /// Takes the job's memory when it is free now; never waits.
    bool tryTakeMemory(PreparedJob& prepared) const;
    /// Reads the rest of the file once its memory is held; false when it failed (`report`).
    bool load(const Job& job, PreparedJob& prepared, JobReport& report) const;
    /// Decodes and resizes on this thread, with the decoder that read the header.
    [[nodiscard]] Result<Image> render(PreparedJob& prepared) const;
    /// Decodes the whole image, for a resizer that needs all of it at once (the GPU).
    [[nodiscard]] Result<Image> decode(PreparedJob& prepared) const;
    /// Encodes and writes the resized pixels as the job's output (writeOutput()); fills in
    /// `report`.
    void complete(const Job& job, PreparedJob& prepared, Image pixels, JobReport& report) const;
    /// Writes one output of a job: encodes `pixels` as `format` (at the highest quality within
    /// the target file size, when there is one), applies the larger-than-input rule (which
    /// copies prepared.bytes when they are still held), and writes it atomically at `target`
    /// under the plan's policy, with the input's date; fills in `report`'s status, output,
    /// sizes, quality and notes.
    void writeOutput(const std::filesystem::path& target, ImageFormat format, PreparedJob& prepared,
        Image pixels, JobReport& report) const;

    const CancelToken& cancelToken() const noexcept { return m_cancel; }

    /// Reads an input as inspect() does, with the same checks and limits, and without memory.
    [[nodiscard]] static Result<FilePreview> preview(
        const std::filesystem::path& input, const ProcessOptions& options);

private:
    ImageProcessor m_processor;
    ExistingPolicy m_onExisting;
    const FileIdentitySet& m_inputs;
    MemoryBudget& m_memory;
    const CancelToken& m_cancel;
};

/// A job's report before it runs: a job planned as skipped or failed is final here.
JobReport startReport(const Job& job);
/// Ends `report` with `error`: cancelled for ErrorCode::Cancelled, failed otherwise; the error
/// names the input when it names no file.
void failReport(JobReport& report, Error error);

} // namespace dropsize
