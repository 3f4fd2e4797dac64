// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/resize_plan.h"
#include "dropsize/core/result.h"
#include "dropsize/pixel/resample_steps.h"

namespace dropsize {

/// The steps of a plan for a decoded image of `channels` channels, tables included. A plan that
/// does not resample gives a Copy of the decoded size. Fails for a reduce or resample box outside
/// the image or an empty output.
[[nodiscard]] Result<ResampleSteps> planResample(const ResizePlan& plan, int channels);

/// Only the resample: resize() of `box` of an image of size `in` to `out` with `filter`, no
/// reduce, no premultiply. Fails for a box outside the image or an empty output.
[[nodiscard]] Result<ResampleSteps> planResample(
    Size in, Size out, Filter filter, const float box[4]);

/// The kind of steps planResample() chooses for that resample, without making its tables.
ResampleSteps::Kind resampleKind(Size in, Size out, Filter filter, const float box[4]) noexcept;

/// The size Pillow's reduce() makes of `box` {x0, y0, x1, y1} of an image of size `in` with
/// factors fx × fy; fails for a factor below 1 or an empty box, or one outside the image.
[[nodiscard]] Result<Size> reducedSize(Size in, int fx, int fy, const int box[4]);

} // namespace dropsize
