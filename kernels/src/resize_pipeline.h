// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The order of a ResizeProgram's kernels and the buffers between them, written once for every
// backend: the CUDA device (cuda_resizer.cu) and the emulation the tests run (emulated_launch.h).
//
// A Backend provides:
//   std::uint8_t* image(Slot slot, std::size_t bytes)      device buffer, reused from job to job
//   template <class T> const T* table(Slot slot, const std::vector<T>& values)   uploaded table
//   GpuResult upload(std::uint8_t* dst, const HostImage& in)
//   template <class Args> void launch(const Args& args, int width, int height)
//   GpuResult download(const HostImage& out, const std::uint8_t* src)
//   GpuResult status()                                       the first error so far

#include "dropsize/kernels/gpu_resizer.h"
#include "kernel_bodies.h"

#include <vector>

namespace dropsize::kernels {

/// The buffers of one job. Each step writes a buffer of its own: a kernel never reads what it
/// writes.
enum class Slot {
    Input,
    Reduced,
    Temp,
    Resampled,
    Oriented,
    TableX,
    TableY,
    WeightsX,
    WeightsY,
    Count
};

inline std::size_t imageBytes(int width, int height, int channels) noexcept
{
    return static_cast<std::size_t>(width) * static_cast<std::size_t>(height)
        * static_cast<std::size_t>(channels);
}

template <class Backend>
GpuResult runProgram(Backend& b, const ResizeProgram& p, const HostImage& in, const HostImage& out)
{
    using device::DeviceImage;
    const int c = p.channels;
    DeviceImage current { b.image(Slot::Input, imageBytes(p.inWidth, p.inHeight, c)), p.inWidth,
        p.inHeight, c };
    if (GpuResult r = b.status(); !r) {
        return r;
    }
    if (GpuResult r = b.upload(current.data, in); !r) {
        return r;
    }
    if (p.resize) {
        if (p.premultiply) {
            b.launch(device::PremultiplyArgs { current, false }, current.width, current.height);
        }
        if (p.reduceX > 1 || p.reduceY > 1) {
            const DeviceImage next { b.image(Slot::Reduced,
                                         imageBytes(p.reducedWidth, p.reducedHeight, c)),
                p.reducedWidth, p.reducedHeight, c };
            device::ReduceArgs args { current, next, p.reduceX, p.reduceY, p.reduceBox[0],
                p.reduceBox[1], p.reduceBox[2], p.reduceBox[3], {} };
            for (int i = 0; i < 4; ++i) {
                args.multipliers[i] = p.reduceMultipliers[i];
            }
            b.launch(args, next.width, next.height);
            current = next;
        }
        const int rw = p.resampledWidth;
        const int rh = p.resampledHeight;
        switch (p.resample) {
        case ResizeProgram::Resample::Copy:
            break;
        case ResizeProgram::Resample::Crop: {
            const DeviceImage next { b.image(Slot::Resampled, imageBytes(rw, rh, c)), rw, rh, c };
            b.launch(device::CopyArgs { current, next, p.cropX, p.cropY }, rw, rh);
            current = next;
            break;
        }
        case ResizeProgram::Resample::Nearest: {
            const DeviceImage next { b.image(Slot::Resampled, imageBytes(rw, rh, c)), rw, rh, c };
            b.launch(device::NearestArgs { current, next, b.table(Slot::TableX, p.nearestX),
                         b.table(Slot::TableY, p.nearestY) },
                rw, rh);
            current = next;
            break;
        }
        case ResizeProgram::Resample::Separable: {
            if (p.horizontal) {
                const DeviceImage temp { b.image(Slot::Temp, imageBytes(rw, p.tempRows, c)), rw,
                    p.tempRows, c };
                b.launch(device::HorizontalArgs { current, temp, p.firstRow,
                             b.table(Slot::TableX, p.kx.bounds),
                             b.table(Slot::WeightsX, p.kx.weights), p.kx.kernelSize },
                    temp.width, temp.height);
                current = temp;
            }
            if (p.vertical) {
                const DeviceImage next { b.image(Slot::Resampled, imageBytes(rw, rh, c)), rw, rh,
                    c };
                b.launch(device::VerticalArgs { current, next, b.table(Slot::TableY, p.ky.bounds),
                             b.table(Slot::WeightsY, p.ky.weights), p.ky.kernelSize },
                    rw, rh);
                current = next;
            }
            break;
        }
        }
        if (p.premultiply) {
            b.launch(device::PremultiplyArgs { current, true }, current.width, current.height);
        }
    }
    if (p.orientation != 1) {
        const DeviceImage next { b.image(Slot::Oriented, imageBytes(p.outWidth, p.outHeight, c)),
            p.outWidth, p.outHeight, c };
        b.launch(device::OrientArgs { current, next, p.orientation }, next.width, next.height);
        current = next;
    }
    if (GpuResult r = b.status(); !r) {
        return r;
    }
    return b.download(out, current.data);
}

} // namespace dropsize::kernels
