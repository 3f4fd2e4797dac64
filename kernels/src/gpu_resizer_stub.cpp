// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The GPU half of a build without the CUDA toolkit: no device, ever. core sees probe() fail and
// runs every job on the CPU.

#include "dropsize/kernels/gpu_resizer.h"

namespace dropsize::kernels {

namespace {

    GpuResult unavailable() { return { GpuStatus::Unavailable, "this build has no CUDA kernels" }; }

} // namespace

struct GpuResizer::Impl { };

GpuResizer::GpuResizer() = default;
GpuResizer::~GpuResizer() = default;

GpuProbe GpuResizer::probe()
{
    return { GpuStatus::Unavailable, {}, "this build has no CUDA kernels", 0 };
}

GpuResult GpuResizer::open(std::size_t /*memoryBudget*/) { return unavailable(); }

int GpuResizer::slotCount() noexcept { return 0; }

GpuResult GpuResizer::submit(
    int /*slot*/, const ResizeProgram& /*program*/, ConstImageView /*in*/, ImageView /*out*/)
{
    return unavailable();
}

GpuResult GpuResizer::collect(int /*slot*/) { return unavailable(); }

GpuResult GpuResizer::resizeToDevice(
    int /*slot*/, const ResizeProgram& /*program*/, ConstImageView /*in*/, GpuImage& /*out*/)
{
    return unavailable();
}

// Never holds memory here: nothing can make one that does.
GpuImage::~GpuImage() = default;
GpuImage::GpuImage(GpuImage&& /*other*/) noexcept { }
GpuImage& GpuImage::operator=(GpuImage&& /*other*/) noexcept { return *this; }
void GpuImage::release() noexcept { }
GpuResult GpuImage::copyTo(ImageView /*out*/) const { return unavailable(); }

} // namespace dropsize::kernels
