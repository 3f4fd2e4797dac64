// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The bodies of every resize kernel: what one GPU thread does for its output pixel. nvcc compiles
// them inside __global__ wrappers (cuda_resizer.cu); the C++ compiler compiles them inside a loop
// over the same grid and block indices (emulated_launch.h), which is how the tests prove, on
// machines without a GPU, that the kernels give the CPU path's bytes. The arithmetic is
// dropsize::pixel's pixel_math.h, shared with the CPU passes.

#include "dropsize/pixel/pixel_math.h"

#include <cstddef>
#include <cstdint>

namespace dropsize::kernels::device {

/// A thread's place in its launch: CUDA's blockIdx, blockDim and threadIdx.
struct LaunchIndex {
    unsigned blockX, blockY;
    unsigned blockDimX, blockDimY;
    unsigned threadX, threadY;

    DROPSIZE_HD int x() const { return static_cast<int>(blockX * blockDimX + threadX); }
    DROPSIZE_HD int y() const { return static_cast<int>(blockY * blockDimY + threadY); }
};

/// A packed image in device memory.
struct DeviceImage {
    std::uint8_t* data;
    int width;
    int height;
    int channels;

    DROPSIZE_HD std::uint8_t* pixel(int x, int y) const
    {
        return data
            + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width)
                  + static_cast<std::size_t>(x))
            * static_cast<std::size_t>(channels);
    }
};

/// Every kernel covers its output image: one thread per output pixel, all channels.
struct PremultiplyArgs {
    DeviceImage image; ///< in place; 2 or 4 channels
    bool inverse; ///< unpremultiply
};

struct ReduceArgs {
    DeviceImage in;
    DeviceImage out;
    int fx, fy;
    int x0, y0, x1, y1;
    std::uint32_t multipliers[4];
};

struct CopyArgs {
    DeviceImage in;
    DeviceImage out;
    int x0, y0;
};

struct NearestArgs {
    DeviceImage in;
    DeviceImage out;
    const int* xs;
    const int* ys;
};

struct HorizontalArgs {
    DeviceImage in;
    DeviceImage out;
    int rowOffset; ///< output row y reads input row y + rowOffset
    const int* bounds;
    const std::int32_t* weights;
    int kernelSize;
};

struct VerticalArgs {
    DeviceImage in;
    DeviceImage out;
    const int* bounds;
    const std::int32_t* weights;
    int kernelSize;
};

struct OrientArgs {
    DeviceImage in;
    DeviceImage out;
    int orientation;
};

DROPSIZE_HD void kernelBody(const LaunchIndex& t, const PremultiplyArgs& a)
{
    const int x = t.x();
    const int y = t.y();
    if (x >= a.image.width || y >= a.image.height) {
        return;
    }
    const int c = a.image.channels;
    std::uint8_t* p = a.image.pixel(x, y);
    const std::uint8_t alpha = p[c - 1];
    for (int ch = 0; ch < c - 1; ++ch) {
        p[ch] = a.inverse ? pixel::unpremultiply(p[ch], alpha) : pixel::premultiply(p[ch], alpha);
    }
}

DROPSIZE_HD void kernelBody(const LaunchIndex& t, const ReduceArgs& a)
{
    const int x = t.x();
    const int y = t.y();
    if (x >= a.out.width || y >= a.out.height) {
        return;
    }
    const int c = a.in.channels;
    // The last row and column blocks average only the pixels that exist (ImagingReduceCorners).
    const int rows = (a.y1 - a.y0 - y * a.fy) < a.fy ? (a.y1 - a.y0 - y * a.fy) : a.fy;
    const int cols = (a.x1 - a.x0 - x * a.fx) < a.fx ? (a.x1 - a.x0 - x * a.fx) : a.fx;
    const std::uint32_t multiplier = a.multipliers[(rows < a.fy ? 2 : 0) + (cols < a.fx ? 1 : 0)];
    const auto n = static_cast<std::uint32_t>(rows * cols);
    std::uint32_t sums[4] = { 0, 0, 0, 0 };
    for (int r = 0; r < rows; ++r) {
        const std::uint8_t* src = a.in.pixel(a.x0 + x * a.fx, a.y0 + y * a.fy + r);
        for (int i = 0; i < cols * c; i += c) {
            for (int ch = 0; ch < c; ++ch) {
                sums[ch] += src[i + ch];
            }
        }
    }
    std::uint8_t* dst = a.out.pixel(x, y);
    for (int ch = 0; ch < c; ++ch) {
        dst[ch] = pixel::blockAverage(sums[ch], n, multiplier);
    }
}

DROPSIZE_HD void kernelBody(const LaunchIndex& t, const CopyArgs& a)
{
    const int x = t.x();
    const int y = t.y();
    if (x >= a.out.width || y >= a.out.height) {
        return;
    }
    const std::uint8_t* src = a.in.pixel(a.x0 + x, a.y0 + y);
    std::uint8_t* dst = a.out.pixel(x, y);
    for (int ch = 0; ch < a.out.channels; ++ch) {
        dst[ch] = src[ch];
    }
}

DROPSIZE_HD void kernelBody(const LaunchIndex& t, const NearestArgs& a)
{
    const int x = t.x();
    const int y = t.y();
    if (x >= a.out.width || y >= a.out.height) {
        return;
    }
    const int xi = a.xs[x];
    const int yi = a.ys[y];
    std::uint8_t* dst = a.out.pixel(x, y);
    for (int ch = 0; ch < a.out.channels; ++ch) {
        dst[ch] = (xi < 0 || yi < 0) ? 0 : a.in.pixel(xi, yi)[ch];
    }
}

DROPSIZE_HD void kernelBody(const LaunchIndex& t, const HorizontalArgs& a)
{
    const int x = t.x();
    const int y = t.y();
    if (x >= a.out.width || y >= a.out.height) {
        return;
    }
    const int c = a.in.channels;
    const int* bounds = a.bounds + 2 * static_cast<std::ptrdiff_t>(x); // first, count
    const std::uint8_t* src = a.in.pixel(bounds[0], y + a.rowOffset);
    const std::int32_t* w = a.weights + static_cast<std::ptrdiff_t>(x) * a.kernelSize;
    std::uint8_t* dst = a.out.pixel(x, y);
    for (int ch = 0; ch < c; ++ch) {
        dst[ch] = pixel::convolve(src + ch, c, w, bounds[1]);
    }
}

DROPSIZE_HD void kernelBody(const LaunchIndex& t, const VerticalArgs& a)
{
    const int x = t.x();
    const int y = t.y();
    if (x >= a.out.width || y >= a.out.height) {
        return;
    }
    const int c = a.in.channels;
    const int rowBytes = a.in.width * c;
    const int* bounds = a.bounds + 2 * static_cast<std::ptrdiff_t>(y); // first, count
    const std::uint8_t* src = a.in.pixel(x, bounds[0]);
    const std::int32_t* w = a.weights + static_cast<std::ptrdiff_t>(y) * a.kernelSize;
    std::uint8_t* dst = a.out.pixel(x, y);
    for (int ch = 0; ch < c; ++ch) {
        dst[ch] = pixel::convolve(src + ch, rowBytes, w, bounds[1]);
    }
}

/// exif_transpose(): output pixel (x, y) comes from the input pixel the orientation maps it to.
DROPSIZE_HD void kernelBody(const LaunchIndex& t, const OrientArgs& a)
{
    const int x = t.x();
    const int y = t.y();
    if (x >= a.out.width || y >= a.out.height) {
        return;
    }
    int sx = 0;
    int sy = 0;
    pixel::orientedSource(a.orientation, x, y, a.in.width, a.in.height, sx, sy);
    const std::uint8_t* src = a.in.pixel(sx, sy);
    std::uint8_t* dst = a.out.pixel(x, y);
    for (int ch = 0; ch < a.out.channels; ++ch) {
        dst[ch] = src[ch];
    }
}

} // namespace dropsize::kernels::device
