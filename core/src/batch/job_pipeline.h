// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "batch/memory_budget.h"
#include "dropsize/core/batch_observer.h"
#include "dropsize/core/image_processor.h"
#include "files/platform_files.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace dropsize {

/// Takes the bytes of output `output` of a job in place of its file: what the preview gets,
/// exactly the bytes the write would have put there.
using OutputSink = std::function<void(std::size_t output, std::span<const std::uint8_t> bytes)>;

/// A job between its header and its output: the file (only its first bytes until load()), the
/// decoder opened on it with what its header says, and the memory it holds.
struct PreparedJob {
    platform::FileBytes bytes;
    OpenedImage image; ///< the decoder opened on `bytes`, with its header and plan
    MemoryLease memory; ///< not held until takeMemory() or tryTakeMemory()
    /// The plan of each output of the job (Job::outputs), for its size.
    std::vector<ResizePlan> plans;
    /// Peak bytes of making the outputs still to write, one after another.
    std::uint64_t memoryEstimate = 0;
    /// When the last output was done (or the job started): each output's time runs from it.
    std::chrono::steady_clock::time_point lastDone = std::chrono::steady_clock::now();
};

/// One job's way from input to outputs: read the first bytes → inspect the header and plan each
/// output's size → take its memory → load the rest of the file → for each output: render
/// (decode and resize) → encode → atomic (or direct) write. The outputs of one DCT scale share one
/// decode (each is resized from it in turn); one of a scale of its own streams from its decoder.
/// The decoder opened on the first bytes serves the first decode, so a job of one size parses its
/// header once. A CPU worker calls run(); the GPU worker calls the phases itself, with the
/// device's resize between decode() and complete(). Holds nothing of any one job, so many
/// threads use one pipeline at once; it lives for one BatchScheduler::run(), whose options it
/// is given.
class JobPipeline {
public:
    /// `sizes`, `onExisting` and `inputs` are the plan's (what each output's size stands for,
    /// its policy for taken names, and the inputs that an output never replaces); `sizes`,
    /// `memory`, `cancel` and `sink` outlive the pipeline. With a sink, nothing is written:
    /// each output's bytes go to it instead of their file (whose folder and name are not
    /// checked), and the output counts as written. `directWrite`: every output is written
    /// under its final name, with no temporary file (WriteOptions::direct).
    JobPipeline(const ProcessOptions& options, std::span<const OutputSize> sizes,
        ExistingPolicy onExisting, const FileIdentitySet& inputs, MemoryBudget& memory,
        const CancelToken& cancel, const OutputSink* sink = nullptr, bool directWrite = false);

    /// Every phase on this thread. Never throws: an exception (memory, say) fails this job only.
    JobReport run(const Job& job) const;

    /// Reads the file's first bytes, inspects its header and plans each output; nullopt when
    /// the job ended there (`report` says how). Fills in `report`'s sizes and note.
    std::optional<PreparedJob> inspect(const Job& job, JobReport& report) const;
    /// Waits for the job's memory; false when the batch was cancelled first (`report`).
    bool takeMemory(PreparedJob& prepared, JobReport& report) const;
    /// Takes the job's memory when it is free now; never waits.
    bool tryTakeMemory(PreparedJob& prepared) const;
    /// Reads the rest of the file once its memory is held; false when it failed (`report`).
    bool load(const Job& job, PreparedJob& prepared, JobReport& report) const;
    /// Makes every output still pending on this thread, one after another (see the class);
    /// a cancel leaves the rest cancelled. Ends `report` (finishReport).
    void makeOutputs(const Job& job, PreparedJob& prepared, JobReport& report) const;
    /// Decodes the whole image at the DCT scale of output `output`'s plan, for a resizer that
    /// needs all of it at once (the GPU), or for several outputs that share that scale.
    [[nodiscard]] Result<Image> decode(PreparedJob& prepared, std::size_t output) const;
    /// Whether the input's bytes must outlive the decodes: the larger-than-input rule may copy
    /// them as an output.
    bool keepsInputBytes(const Job& job) const noexcept;
    /// Encodes and writes output `output`'s resized pixels (writeOutput()); fills in its
    /// OutputReport.
    void complete(const Job& job, PreparedJob& prepared, std::size_t output, Image pixels,
        JobReport& report) const;
    /// Writes one output of a job: encodes `pixels` as `format` (at the highest quality within
    /// the byte budget, when there is one), applies the larger-than-input rule (which
    /// copies prepared.bytes when they are still held), and writes it at `target` (atomically, or
    /// directly) under the plan's policy, with the input's date; fills in the OutputReport `output`
    /// of `report`: its status, path, size, bytes, quality and notes.
    void writeOutput(const std::filesystem::path& target, ImageFormat format, PreparedJob& prepared,
        Image pixels, JobReport& report, std::size_t output) const;

    const CancelToken& cancelToken() const noexcept { return m_cancel; }
    std::span<const OutputSize> sizes() const noexcept { return m_sizes; }

private:
    /// Plans each output and checks their memory and the sizes their names say; false when the
    /// job ended (`report`).
    bool planOutputs(const Job& job, PreparedJob& prepared, JobReport& report) const;

    /// One output encoded: its bytes (none when no quality meets the byte budget), the size
    /// it has (or the smallest tried), and why it fails the budget.
    struct EncodedOutput {
        std::vector<std::uint8_t> bytes;
        std::uint64_t size = 0;
        std::optional<Error> tooLarge;
    };
    /// writeOutput()'s steps. Each that ends the output (failed, skipped, cancelled: said in
    /// `report`) returns nullopt. Encodes `pixels`, within the byte budget when one is given.
    std::optional<EncodedOutput> encodeOutput(ImageFormat format, const PreparedJob& prepared,
        Image pixels, JobReport& report, std::size_t output) const;
    /// The bytes to write: the encoded ones, or the input's own when the output is larger than
    /// the input and --if-bigger says copy (or skipped: nullopt).
    std::optional<std::span<const std::uint8_t>> bytesToWrite(ImageFormat format,
        const PreparedJob& prepared, EncodedOutput& encoded, JobReport& report,
        std::size_t output) const;
    /// Hands `bytes` to the sink, or writes them to `target` through the atomic writer.
    void storeOutput(const std::filesystem::path& target, std::span<const std::uint8_t> bytes,
        const PreparedJob& prepared, JobReport& report, std::size_t output) const;

    ImageProcessor m_processor;
    std::span<const OutputSize> m_sizes;
    ExistingPolicy m_onExisting;
    bool m_directWrite;
    const FileIdentitySet& m_inputs;
    MemoryBudget& m_memory;
    const CancelToken& m_cancel;
    const OutputSink* m_sink;
};

/// The outputs still pending, grouped by the DCT scale of their plans (each group shares one
/// decode), groups in the order of their first output.
std::vector<std::vector<std::size_t>> pendingByScale(
    const PreparedJob& prepared, const JobReport& report);

} // namespace dropsize
