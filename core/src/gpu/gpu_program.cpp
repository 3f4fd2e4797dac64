// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "gpu/gpu_program.h"

#include "resize/resample_steps.h"

namespace dropsize {

Result<kernels::ResizeProgram> makeGpuProgram(const ResizePlan& plan, int channels)
{
    auto steps = planResample(plan, channels);
    if (!steps) {
        return std::move(steps).error();
    }
    return kernels::ResizeProgram { channels, std::move(steps).value(), plan.orientation,
        plan.output };
}

} // namespace dropsize
