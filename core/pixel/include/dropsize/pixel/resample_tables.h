// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dropsize {

/// Fixed-point weights of one separable pass, made once on the host (core's
/// computeCoefficients()) and shared by the CPU passes and the GPU kernels: output index i reads
/// `count(i)` input samples from `first(i)` on, with weights `weights[i * kernelSize ...]`.
struct ResampleCoefficients {
    int outSize = 0;
    int kernelSize = 0;
    std::vector<int> bounds; ///< first, count per output index
    std::vector<std::int32_t> weights; ///< kernelSize per output index, zero padded

    int first(int i) const noexcept { return bounds[2 * static_cast<std::size_t>(i)]; }
    int count(int i) const noexcept { return bounds[2 * static_cast<std::size_t>(i) + 1]; }
    const std::int32_t* weightsAt(int i) const noexcept
    {
        return weights.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(kernelSize);
    }
};

} // namespace dropsize
