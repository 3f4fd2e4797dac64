// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/pixel/image_view.h"
#include "dropsize/pixel/resample_tables.h"

#include <cstdint>
#include <vector>

namespace dropsize {

/// How Pillow's resize() takes a decoded image to the output size: premultiply → reduce →
/// resample (copy, crop, nearest or separable passes) → unpremultiply, decided once on the host
/// by core's planResample() with every table the steps need. The whole-image CPU resizer, the
/// streaming CPU resizer and the GPU program all run these steps and decide nothing themselves,
/// so they cannot choose differently.
struct ResampleSteps {
    enum class Kind {
        Copy, ///< nothing to resample: the (reduced) image's pixels are the output's
        Crop, ///< an integral box of exactly the output size: a copy from (cropX, cropY)
        Nearest, ///< Pillow's ImagingScaleAffine: a source index per output column and row
        Separable, ///< a horizontal and/or a vertical fixed-point pass
    };

    Size source; ///< the image the steps start from
    /// Alpha is premultiplied before the reduce and unpremultiplied after the resample (only
    /// ever set for 2 or 4 channels).
    bool premultiply = false;

    /// Pillow's reduce(): blocks of reduceX × reduceY averaged over reduceBox of the source;
    /// 1 × 1 skips the step.
    int reduceX = 1;
    int reduceY = 1;
    int reduceBox[4] = { 0, 0, 0, 0 }; ///< x0, y0, x1, y1
    /// reduce()'s multipliers for a block of full rows and columns, full rows and the last
    /// columns, the last rows and full columns, the last rows and columns (the last blocks may
    /// be partial, as in ImagingReduceCorners).
    std::uint32_t reduceMultipliers[4] = { 0, 0, 0, 0 };

    Size in; ///< the resample's input: the source after the reduce
    Size out;
    Kind kind = Kind::Copy;
    int cropX = 0;
    int cropY = 0;
    std::vector<int> nearestX; ///< Nearest: source column per output column, -1 = black
    std::vector<int> nearestY; ///< Nearest: source row per output row, -1 = black
    bool horizontal = false; ///< Separable: the passes Pillow runs; the other one is skipped
    bool vertical = false;
    ResampleCoefficients kx;
    /// Its first bounds are relative to firstRow: the vertical pass reads only rows
    /// [firstRow, firstRow + tempRows) of `in`, and the horizontal pass makes only those.
    ResampleCoefficients ky;
    int firstRow = 0; ///< Separable, and Copy (0): the first row of `in` the output is made of
    int tempRows = 0; ///< Separable, and Copy (in.height): how many rows from firstRow

    bool reduces() const noexcept { return reduceX > 1 || reduceY > 1; }
};

} // namespace dropsize
