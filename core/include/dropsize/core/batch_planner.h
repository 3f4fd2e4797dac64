// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image_processor.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dropsize {

/// Where outputs go and which files are taken.
struct PlanOptions {
    bool recursive = true;
    /// Unset: a folder named outputFolderName inside each input folder (next to a dropped file).
    std::optional<std::filesystem::path> outputDir;
    std::string outputFolderName = "ResizeImage";
    OutputFormat format = OutputFormat::Keep;
    ExistingPolicy onExisting = ExistingPolicy::Skip;
};

/// One image to resize.
struct Job {
    std::size_t id = 0;
    std::filesystem::path input;
    std::filesystem::path output;
    std::uint64_t inputBytes = 0;
    ImageFormat format = ImageFormat::Unknown;
    /// Set when the job will not run: the output exists (Skip policy) or it would hit an input.
    std::optional<Error> skipReason;
};

/// A path the planner did not take, and why (not an image, a FIFO, a link out of the tree, ...).
struct IgnoredPath {
    std::filesystem::path path;
    std::string reason;
};

/// The jobs of one batch and what the walk left out.
struct BatchPlan {
    std::vector<Job> jobs;
    std::vector<IgnoredPath> ignored;
    std::vector<Error> problems; ///< inputs that could not be read at all
    FileIdentitySet inputIdentities;
    std::vector<std::filesystem::path> outputDirs; ///< every folder an output goes to
};

/// Turns files and folders into jobs. Folders are walked in name order (recursively unless told
/// not to); a symlink is followed only when its target stays inside the input folder; FIFOs,
/// sockets and devices are never opened; a file reached twice is taken once; output folders are
/// never read as input. Reads only each file's first bytes (to tell its type); writes nothing.
class BatchPlanner {
public:
    explicit BatchPlanner(PlanOptions options);

    /// Fails (InvalidArgument) when the output folder is also an input folder.
    [[nodiscard]] Result<BatchPlan> plan(const std::vector<std::filesystem::path>& inputs) const;

private:
    PlanOptions m_options;
};

} // namespace dropsize
