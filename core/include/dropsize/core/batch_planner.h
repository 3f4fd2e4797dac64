// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/name_template.h"
#include "dropsize/core/shard.h"
#include "dropsize/core/size_list.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dropsize {

/// Where outputs go and which files are taken.
struct PlanOptions {
    bool recursive = true;
    /// Unset: a folder named outputFolderName inside each input folder (next to a dropped file).
    std::optional<std::filesystem::path> outputFolder;
    std::string outputFolderName = "ResizeImage";
    OutputFormat format = OutputFormat::Keep;
    ExistingPolicy onExisting = ExistingPolicy::Skip;
    /// Refuse output folders that cannot work (a link, a file, not writable, inside an input, ...)
    /// before anything is read. Off only to count inputs, as the window's list does.
    bool checkOutputs = true;
    /// Polled between folder entries: a stop request ends planning with ErrorCode::Cancelled.
    const CancelToken* cancel = nullptr;
    /// The sizes every input is written at, one output each, in this order; empty: one output
    /// at `process.spec`.
    std::vector<OutputSize> sizes;
    /// How outputs are named, relative to their output folder. With several sizes, a pattern
    /// that names no size ({size}, {w}, {h}) is put in a folder per size label ("{size}/…").
    NameTemplate nameTemplate;
    /// The options the run reads and resizes each image with. The planner reads each header
    /// with them when the name needs the output's size ({w}, {h}), and labels the one size of
    /// a batch without `sizes` ({size}) by its spec.
    ProcessOptions process;
    /// Set: the plan keeps only this part's jobs and ignored paths (a file's part is shardOf()
    /// its path relative to its input root: the canonical input folder for a file its walk
    /// found, the file name for a given file or a given path that failed, `listRoot` for a
    /// list's lines). Names are still settled over the whole batch, so that every part names
    /// its outputs as one run of the whole batch would: each part still reads the first bytes
    /// of every input (and, for {w} or {h}, its header), but looks on disk only for its own
    /// outputs. Job ids stay those of the whole batch (unique across the parts). With
    /// ExistingPolicy::Rename plan() refuses it: names would then depend on what the other
    /// parts have already written.
    std::optional<Shard> shard;
    /// Set: the inputs are files named relative to this folder (a manifest: --files-from with
    /// --root; an absolute path inside it is taken too), planned as a walk of the folder would
    /// plan them (their outputs in the mirrored tree below its output folder, the same names,
    /// the same checks, the walk's order of jobs; `recursive` is not read) without listing a
    /// folder. Empty paths are passed over; a path outside the folder or missing is a failing
    /// job (after the others, so that they keep the walk's ids); a path through a folder the
    /// walk would not enter, a folder, or a link out of the folder is ignored; a file named
    /// twice is taken once. plan() fails (InvalidArgument) when the folder cannot be used.
    std::optional<std::filesystem::path> listRoot;
};

/// What a job will do when the batch runs.
enum class JobAction : std::uint8_t {
    Run,
    Skip, ///< the output exists (Skip policy) or would hit an input: `reason` says which
    Fail, ///< the planner found it cannot work (unreadable, not an image, ...): `reason` says why
};

/// One file a job writes: one of BatchPlan::sizes, its name, and whether it will be written.
struct JobOutput {
    using PathString = std::filesystem::path::string_type;

    PathString path;
    std::uint32_t size = 0; ///< index into BatchPlan::sizes (0 when the batch has one size)
    JobAction action = JobAction::Run;
    /// Why it is skipped or fails (a name another output has, say); null otherwise.
    std::shared_ptr<const Error> reason;
    /// The output's size that its name says ({w}, {h}), read at plan time; 0x0 when the name
    /// says none. The run fails the output when the image no longer has it.
    Size named;
    bool runs() const noexcept { return action == JobAction::Run; }
    std::filesystem::path output() const { return path; }
};

/// One input: an image to resize into one output per size, or a file that will be reported as
/// skipped or failed. Paths are kept as plain strings (a std::filesystem::path also keeps a
/// list of its components, which would make a plan of a million files, or of deep folders,
/// many times larger).
struct Job {
    using PathString = std::filesystem::path::string_type;

    /// Its place in the plan: plan.jobs[i].id == i, except in a part of a batch
    /// (PlanOptions::shard), whose jobs keep their ids in the whole batch's plan.
    std::size_t id = 0;
    PathString inputPath;
    /// With PlanOptions::shard: shardHash() of the path its part is chosen by (the part is this
    /// modulo the count), which a report carries so that a merge can tell a report that claims
    /// another part's inputs; 0 without a shard.
    std::uint64_t shardHash = 0;
    /// One per size, in the order of BatchPlan::sizes; empty when the input failed before its
    /// outputs were named.
    std::vector<JobOutput> outputs;
    std::uint64_t inputBytes = 0;
    ImageFormat format = ImageFormat::Unknown;
    /// What the run encodes: the planner decides it (PlanOptions::format) with the output's name.
    ImageFormat outputFormat = ImageFormat::Unknown;
    /// Run when any output is to be written; otherwise Fail when the input or any output fails,
    /// else Skip.
    JobAction action = JobAction::Run;
    std::uint32_t outputRoot = 0; ///< index into BatchPlan::outputRoots
    /// Why it is skipped or fails; shared, so that a job stays small (most have none).
    std::shared_ptr<const Error> reason;
    bool runs() const noexcept { return action == JobAction::Run; }
    std::filesystem::path input() const { return inputPath; }
    /// The first output's name; empty when there is none.
    std::filesystem::path output() const
    {
        return outputs.empty() ? std::filesystem::path() : outputs.front().output();
    }
};

/// A path the planner did not take, and why (not an image, a FIFO, a link out of the tree, ...).
struct IgnoredPath {
    std::filesystem::path path;
    Text reason; ///< the command line prints its english(); the window translates it
};

/// The jobs of one batch and what the walk left out. Every input file is in exactly one of
/// `jobs` and `ignored`.
struct BatchPlan {
    std::vector<Job> jobs;
    std::vector<IgnoredPath> ignored;
    FileIdentitySet inputIdentities; ///< of every job's input: never replaced by an output
    /// The top output folders (one per input folder, or the chosen one): the run marks each it
    /// writes to with kOutputMarkerName.
    std::vector<std::filesystem::path> outputRoots;
    std::vector<std::filesystem::path> outputFolders; ///< every folder an output goes to
    /// PlanOptions::onExisting, which the planner applied to the names and the run applies to
    /// each write.
    ExistingPolicy onExisting = ExistingPolicy::Skip;
    /// PlanOptions::sizes: what each JobOutput::size stands for (empty: the one size is the
    /// run's ProcessOptions::spec).
    std::vector<OutputSize> sizes;
    /// With PlanOptions::shard: the same number in every part of one batch (it is made from the
    /// part hashes of all the batch's jobs, whatever their order), and another for a batch of
    /// other inputs, so that the reports of two batches are not merged as one. 0 without.
    std::uint64_t batchHash = 0;
};

/// Turns files and folders into jobs. Folders are walked in name order (recursively unless told
/// not to). A symbolic link is never followed out of its input folder; inside it, the real path
/// is taken and the link reported as a duplicate (without recursion, a link to a file in a
/// sub-folder is taken). FIFOs, sockets and devices are never opened; a file reached twice is
/// taken once; output folders (the ResizeImage name, marked folders, the chosen output) are
/// never read as input. A file whose name says JPEG or PNG but that cannot be read as one
/// becomes a failing job with the reason. Reads only each file's first bytes; writes nothing.
class BatchPlanner {
public:
    explicit BatchPlanner(PlanOptions options);

    /// Fails (InvalidArgument) when an output folder cannot be used: it is or lies inside an
    /// input folder, contains an input, is a symbolic link or a file, or cannot be written;
    /// when PlanOptions::shard is out of range or comes with ExistingPolicy::Rename; when
    /// PlanOptions::listRoot is not a folder that can be read as input; and (Cancelled) when
    /// stopped.
    [[nodiscard]] Result<BatchPlan> plan(const std::vector<std::filesystem::path>& inputs) const;

private:
    PlanOptions m_options;
};

} // namespace dropsize
