// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/resize_plan.h"
#include "dropsize/core/result.h"
#include "dropsize/kernels/gpu_resizer.h"

namespace dropsize {

/// The GPU's program for one image: the plan's ResampleSteps (planResample(), every table made on
/// the host by the functions CpuResizer uses), then its orientation and output size. `channels`
/// is the decoded image's.
[[nodiscard]] Result<kernels::ResizeProgram> makeGpuProgram(const ResizePlan& plan, int channels);

} // namespace dropsize
