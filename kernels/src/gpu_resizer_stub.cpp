// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/kernels/gpu_resizer.h"

namespace dropsize::kernels {

struct GpuResizer::Impl { };

GpuResizer::GpuResizer() = default;
GpuResizer::~GpuResizer() = default;

GpuProbe GpuResizer::probe()
{
    return { GpuStatus::Unavailable, {}, "this build has no CUDA kernels" };
}

} // namespace dropsize::kernels
