// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/pixel/image_view.h"
#include "dropsize/pixel/resample_tables.h"

#include <vector>

namespace dropsize {

/// How Pillow's resize() turns a box of an image into the output size, decided once on the host
/// (core's planResample()) with every table it needs. The CPU resampler and the GPU program both
/// run these steps, so the two cannot choose differently.
struct ResampleSteps {
    enum class Kind {
        Copy, ///< the box is the whole image at its own size
        Crop, ///< an integral box of exactly the output size: a copy from (cropX, cropY)
        Nearest, ///< Pillow's ImagingScaleAffine: a source index per output column and row
        Separable, ///< a horizontal and/or a vertical fixed-point pass
    };
    Kind kind = Kind::Copy;
    Size in;
    Size out;
    int cropX = 0;
    int cropY = 0;
    std::vector<int> nearestX; ///< Nearest: source column per output column, -1 = black
    std::vector<int> nearestY; ///< Nearest: source row per output row, -1 = black
    bool horizontal = false;
    bool vertical = false;
    ResampleCoefficients kx;
    /// With a horizontal pass, its first bound is relative to firstRow: the horizontal pass
    /// makes only rows [firstRow, firstRow + tempRows) of the input.
    ResampleCoefficients ky;
    int firstRow = 0;
    int tempRows = 0;
};

} // namespace dropsize
