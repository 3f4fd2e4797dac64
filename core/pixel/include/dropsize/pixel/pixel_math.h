// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The per-pixel integer arithmetic of the Pillow-exact pipeline. Plain C++ that nvcc compiles
// unchanged, so the CPU path and the CUDA kernels share every rounding decision. Nothing here
// allocates, computes a filter weight or touches floating point: weights and multipliers are made
// once on the host (core's computeCoefficients() and reduceMultiplier()) and only applied here.

#include <cstdint>

#if defined(__CUDACC__)
#define DROPSIZE_HD __host__ __device__ __forceinline__
#else
#define DROPSIZE_HD inline
#endif

namespace dropsize::pixel {

/// Fraction bits of the fixed-point filter weights (Pillow: 32 - 8 - 2).
constexpr int kPrecisionBits = 22;

/// Starting value of every weighted sum: one half, so the final shift rounds.
constexpr std::int32_t kRoundingHalf = std::int32_t { 1 } << (kPrecisionBits - 1);

/// Clamps a fixed-point accumulator to a sample.
DROPSIZE_HD std::uint8_t clip8(std::int32_t acc)
{
    const std::int32_t v = acc >> kPrecisionBits;
    return static_cast<std::uint8_t>(v < 0 ? 0 : (v > 255 ? 255 : v));
}

/// One output sample of a separable pass: `count` taps, `step` bytes apart, weighted by `weights`.
DROPSIZE_HD std::uint8_t convolve(
    const std::uint8_t* src, int step, const std::int32_t* weights, int count)
{
    std::int32_t acc = kRoundingHalf;
    for (int i = 0; i < count; ++i, src += step) {
        acc += static_cast<std::int32_t>(*src) * weights[i];
    }
    return clip8(acc);
}

/// c·a/255 rounded as Pillow premultiplies (RGBA → RGBa).
DROPSIZE_HD std::uint8_t premultiply(std::uint8_t c, std::uint8_t a)
{
    const std::uint32_t t = static_cast<std::uint32_t>(c) * a + 128u;
    return static_cast<std::uint8_t>(((t >> 8) + t) >> 8);
}

/// Inverse of premultiply with Pillow's truncating division (RGBa → RGBA).
DROPSIZE_HD std::uint8_t unpremultiply(std::uint8_t c, std::uint8_t a)
{
    if (a == 0 || a == 255) {
        return c;
    }
    const std::uint32_t v = (255u * c) / a;
    return static_cast<std::uint8_t>(v > 255u ? 255u : v);
}

/// Average of a block of `n` samples summing to `sum`, with the block's multiplier
/// (reduceMultiplier(n), made on the host): ((sum + n/2) · m) >> 24 in 32-bit unsigned arithmetic.
DROPSIZE_HD std::uint8_t blockAverage(std::uint32_t sum, std::uint32_t n, std::uint32_t multiplier)
{
    return static_cast<std::uint8_t>(((sum + n / 2u) * multiplier) >> 24);
}

/// exif_transpose(): the pixel (sx, sy) of a w × h image that lands at (x, y) of the image
/// oriented upright for EXIF orientation 1..8.
DROPSIZE_HD void orientedSource(int orientation, int x, int y, int w, int h, int& sx, int& sy)
{
    sx = x;
    sy = y;
    switch (orientation) {
    case 2: // mirror left-right
        sx = w - 1 - x;
        break;
    case 3: // rotate 180
        sx = w - 1 - x;
        sy = h - 1 - y;
        break;
    case 4: // mirror top-bottom
        sy = h - 1 - y;
        break;
    case 5: // transpose
        sx = y;
        sy = x;
        break;
    case 6: // rotate 90 clockwise
        sx = y;
        sy = h - 1 - x;
        break;
    case 7: // transverse
        sx = w - 1 - y;
        sy = h - 1 - x;
        break;
    case 8: // rotate 90 counter-clockwise
        sx = w - 1 - y;
        sy = x;
        break;
    default:
        break;
    }
}

/// Source index of a nearest-neighbour sample: the position truncated, -1 when negative.
DROPSIZE_HD int nearestIndex(double position)
{
    return position < 0.0 ? -1 : static_cast<int>(position);
}

} // namespace dropsize::pixel
