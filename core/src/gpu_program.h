// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/resize_plan.h"
#include "dropsize/core/result.h"
#include "dropsize/kernels/gpu_resizer.h"

namespace dropsize {

/// The GPU's program for one image: the plan's steps with every table made here, on the host, by
/// the same functions CpuResizer uses (planResample(), reduceMultiplier()). `channels` is the
/// decoded image's.
[[nodiscard]] Result<kernels::ResizeProgram> makeGpuProgram(const ResizePlan& plan, int channels);

} // namespace dropsize
