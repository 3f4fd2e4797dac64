// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/resize_plan.h"
#include "dropsize/core/result.h"
#include "dropsize/pixel/resample_steps.h"
#include "resample_coefficients.h"

namespace dropsize {

/// Plans resize() of `box` of an image of size `in` to `out` with `filter`. Fails for a box
/// outside the image or an empty output.
[[nodiscard]] Result<ResampleSteps> planResample(
    Size in, Size out, Filter filter, const float box[4]);

} // namespace dropsize
