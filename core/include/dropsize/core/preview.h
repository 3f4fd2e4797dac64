// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/cancel_token.h"
#include "dropsize/core/image.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

namespace dropsize {

/// What a batch would write for one input, made without writing anything: its report, as the
/// batch's observer would get it (sizes, notes, skips and errors, each output's planned name),
/// and the bytes of each output it would write.
struct Preview {
    JobReport report;
    ImageFormat inputFormat = ImageFormat::Unknown;
    /// What the outputs are encoded as (the planner's choice, Job::outputFormat).
    ImageFormat outputFormat = ImageFormat::Unknown;
    /// One per output of `report`, in its order: the bytes the batch writes there; empty for an
    /// output it would not write (skipped, failed, or not asked for).
    std::vector<std::vector<std::uint8_t>> encoded;
    /// One per output: true where the file is there already and the batch's policy skips it.
    /// The preview makes such an output all the same, so that it can be seen.
    std::vector<bool> exists;
};

/// Makes what a batch with these options would write for `input`, one image file (or a folder's
/// first image, in the planner's order: `report.input` says which), through the batch's own
/// code: the planner (for the output format, names, sizes and skips) and then the pipeline a
/// CPU worker runs (orientation, metadata, the target file size, the larger-than-input rule),
/// with every write replaced by keeping the bytes. Names, and the outputs found there already,
/// are those of `input` as given: a file of a listed folder, given on its own, is named as a
/// file listed on its own. `onlyOutput`: make that output alone (an index into the sizes); the
/// others are reported skipped, "not previewed". The output folder is not checked and nothing
/// is written or created. Fails (with the planner's reason) when the file is not one the batch
/// would take, and with ErrorCode::Cancelled when `cancel` stops it. It resizes on the CPU, as
/// a CPU worker does; a batch on the GPU is to write the same bytes (tests/gpu/check.sh
/// compares them).
[[nodiscard]] Result<Preview> makePreview(const std::filesystem::path& input,
    const PlanOptions& plan, const BatchOptions& batch, const CancelToken* cancel = nullptr,
    std::optional<std::size_t> onlyOutput = std::nullopt);

/// Decodes an image file for showing it, in display orientation, to fit within
/// maxWidth×maxHeight (never enlarged; 0x0: its full size). A JPEG is scaled by libjpeg on
/// decode where the size allows (the DCT scale of the batch's own plan) unless `shrinkOnLoad`
/// is false. Works on the original and on an output's bytes alike.
[[nodiscard]] Result<Image> decodeForView(std::span<const std::uint8_t> file, int maxWidth,
    int maxHeight, const DecodeLimits& limits = {}, const CancelToken* cancel = nullptr,
    bool shrinkOnLoad = true);

} // namespace dropsize
