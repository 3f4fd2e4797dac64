// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The GPU half of a build without the CUDA toolkit: no device, ever. core sees probe() fail and
// runs every job on the CPU.

#include "dropsize/kernels/gpu_resizer.h"
#include "resize_pipeline.h"

namespace dropsize::kernels {

struct GpuResizer::Impl { };

GpuResizer::GpuResizer() = default;
GpuResizer::~GpuResizer() = default;

GpuProbe GpuResizer::probe()
{
    return { GpuStatus::Unavailable, {}, "this build has no CUDA kernels", 0 };
}

GpuResult GpuResizer::open(std::size_t /*memoryBudget*/)
{
    return { GpuStatus::Unavailable, "this build has no CUDA kernels" };
}

std::size_t GpuResizer::deviceBytes(const ResizeProgram& program) noexcept
{
    return programBytes(program);
}

GpuResult GpuResizer::run(
    const ResizeProgram& /*program*/, const HostImage& /*in*/, const HostImage& /*out*/)
{
    return { GpuStatus::Unavailable, "this build has no CUDA kernels" };
}

} // namespace dropsize::kernels
