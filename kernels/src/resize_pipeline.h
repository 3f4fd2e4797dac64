// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The order of a ResizeProgram's kernels and the buffers between them, written once for every
// backend: the CUDA device (cuda_resizer.cu) and the emulation the tests run (emulated_launch.h).
//
// A Backend provides:
//   std::uint8_t* image(Slot slot, std::size_t bytes)      device buffer, reused from job to job
//   template <class T> const T* table(Slot slot, const std::vector<T>& values)   uploaded table
//   GpuResult upload(std::uint8_t* dst, ConstImageView in)
//   template <class Args> void launch(const Args& args, int width, int height)
//   GpuResult download(ImageView out, const std::uint8_t* src)    (runProgram() only)
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

/// The separable resample of runProgram(): the horizontal pass, then the vertical one, either
/// alone when the other axis keeps its size. `current` becomes the resampled image.
template <class Backend>
GpuResult runSeparable(Backend& b, const ResampleSteps& s, int c, device::DeviceImage& current)
{
    using device::DeviceImage;
    const int rw = s.out.width;
    const int rh = s.out.height;
    // The vertical pass reads rows [firstRow, firstRow + tempRows) of the input: the
    // horizontal pass makes only those, or, without one, they are read in place.
    if (s.horizontal) {
        const DeviceImage temp { b.image(Slot::Temp, imageBytes(rw, s.tempRows, c)), rw, s.tempRows,
            c };
        b.launch(
            device::HorizontalArgs { current, temp, s.firstRow, b.table(Slot::TableX, s.kx.bounds),
                b.table(Slot::WeightsX, s.kx.weights), s.kx.kernelSize },
            temp.width, temp.height);
        current = temp;
    } else {
        if (GpuResult r = b.status(); !r) {
            return r; // no buffer to point into
        }
        current = DeviceImage { current.pixel(0, s.firstRow), current.width, s.tempRows, c };
    }
    if (s.vertical) {
        const DeviceImage next { b.image(Slot::Resampled, imageBytes(rw, rh, c)), rw, rh, c };
        b.launch(device::VerticalArgs { current, next, b.table(Slot::TableY, s.ky.bounds),
                     b.table(Slot::WeightsY, s.ky.weights), s.ky.kernelSize },
            rw, rh);
        current = next;
    }
    return {};
}

/// Every step of `p` on `in`, then `finish(result)` with the device buffer holding the result
/// (packed, p.out × p.channels): what runProgram() downloads, or a caller keeps on the device.
template <class Backend, class Finish>
GpuResult runSteps(Backend& b, const ResizeProgram& p, ConstImageView in, Finish&& finish)
{
    using device::DeviceImage;
    const ResampleSteps& s = p.steps;
    const int c = p.channels;
    DeviceImage current { b.image(Slot::Input, imageBytes(s.source.width, s.source.height, c)),
        s.source.width, s.source.height, c };
    if (GpuResult r = b.status(); !r) {
        return r;
    }
    if (GpuResult r = b.upload(current.data, in); !r) {
        return r;
    }
    if (s.premultiply) {
        b.launch(device::PremultiplyArgs { current, false }, current.width, current.height);
    }
    if (s.reduces()) {
        const DeviceImage next { b.image(Slot::Reduced, imageBytes(s.in.width, s.in.height, c)),
            s.in.width, s.in.height, c };
        device::ReduceArgs args { current, next, s.reduceX, s.reduceY, s.reduceBox[0],
            s.reduceBox[1], s.reduceBox[2], s.reduceBox[3], {} };
        for (int i = 0; i < 4; ++i) {
            args.multipliers[i] = s.reduceMultipliers[i];
        }
        b.launch(args, next.width, next.height);
        current = next;
    }
    const int rw = s.out.width;
    const int rh = s.out.height;
    switch (s.kind) {
    case ResampleSteps::Kind::Copy:
        break;
    case ResampleSteps::Kind::Crop: {
        const DeviceImage next { b.image(Slot::Resampled, imageBytes(rw, rh, c)), rw, rh, c };
        b.launch(device::CopyArgs { current, next, s.cropX, s.cropY }, rw, rh);
        current = next;
        break;
    }
    case ResampleSteps::Kind::Nearest: {
        const DeviceImage next { b.image(Slot::Resampled, imageBytes(rw, rh, c)), rw, rh, c };
        b.launch(device::NearestArgs { current, next, b.table(Slot::TableX, s.nearestX),
                     b.table(Slot::TableY, s.nearestY) },
            rw, rh);
        current = next;
        break;
    }
    case ResampleSteps::Kind::Separable:
        if (GpuResult r = runSeparable(b, s, c, current); !r) {
            return r;
        }
        break;
    }
    if (s.premultiply) {
        b.launch(device::PremultiplyArgs { current, true }, current.width, current.height);
    }
    if (p.orientation != 1) {
        const DeviceImage next { b.image(Slot::Oriented, imageBytes(p.out.width, p.out.height, c)),
            p.out.width, p.out.height, c };
        b.launch(device::OrientArgs { current, next, p.orientation }, next.width, next.height);
        current = next;
    }
    if (GpuResult r = b.status(); !r) {
        return r;
    }
    return finish(static_cast<const std::uint8_t*>(current.data));
}

template <class Backend>
GpuResult runProgram(Backend& b, const ResizeProgram& p, ConstImageView in, ImageView out)
{
    return runSteps(
        b, p, in, [&b, out](const std::uint8_t* result) { return b.download(out, result); });
}

} // namespace dropsize::kernels
