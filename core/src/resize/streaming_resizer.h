// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/image.h"
#include "dropsize/core/resize_plan.h"
#include "dropsize/pixel/resample_steps.h"

#include <cstdint>
#include <vector>

namespace dropsize {

/// Runs a ResizePlan's reduce and resample on decoded rows as they arrive, keeping only a few
/// rows at a time instead of the decoded image: memory is the output plus a window of rows.
/// Same arithmetic, same bytes as CpuResizer (they share the row kernels).
class StreamingResizer {
public:
    /// True for every plan whose resample steps are separable passes (or a copy); the crop and
    /// nearest-neighbour steps go through CpuResizer on a whole image.
    static bool canStream(const ResizePlan& plan) noexcept;

    /// Peak bytes the resizer holds for a plan (window rows and the output).
    static std::uint64_t memoryEstimate(const ResizePlan& plan, int channels) noexcept;

    /// Allocates everything up front; nothing is allocated per row.
    [[nodiscard]] static Result<StreamingResizer> create(const ResizePlan& plan, int channels);

    /// Takes the next `count` decoded rows (top to bottom, each plan.decoded.width pixels);
    /// premultiplies them in place when the plan says so.
    [[nodiscard]] Status pushRows(std::uint8_t* rows, std::ptrdiff_t stride, int count);

    /// The resampled image in stored orientation (still premultiplied when the plan
    /// premultiplies), once every decoded row has been pushed.
    [[nodiscard]] Result<Image> finish();

private:
    StreamingResizer() = default;
    void takeReducedRow(const std::uint8_t* row);

    /// planResample()'s steps, with copying tables for a pass Pillow skips.
    ResampleSteps m_steps;
    int m_channels = 0;
    int m_ringRows = 0;
    Image m_block; ///< rows of the current reduce block
    Image m_reducedRow;
    std::vector<std::uint8_t>
        m_strip; ///< reduced rows waiting for the horizontal pass, interleaved
    Image m_ring; ///< horizontally resampled rows, row i at i % m_ringRows
    Image m_output;
    std::vector<const std::uint8_t*> m_rowPointers;
    std::vector<std::int32_t> m_accumulator;
    int m_nextDecodedRow = 0;
    int m_blockRows = 0;
    int m_nextReducedRow = 0;
    int m_nextOutputRow = 0;
};

} // namespace dropsize
