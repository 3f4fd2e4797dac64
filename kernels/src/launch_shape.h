// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The grid every kernel is launched with: 32 × 8 threads per block, enough blocks to cover the
// output. Shared by the CUDA backend and the emulation so both run the same threads.

namespace dropsize::kernels {

struct LaunchShape {
    unsigned gridX, gridY;
    unsigned blockX, blockY;
};

inline LaunchShape launchShape(int width, int height) noexcept
{
    constexpr unsigned kBlockX = 32;
    constexpr unsigned kBlockY = 8;
    const auto w = static_cast<unsigned>(width > 0 ? width : 0);
    const auto h = static_cast<unsigned>(height > 0 ? height : 0);
    return { (w + kBlockX - 1) / kBlockX, (h + kBlockY - 1) / kBlockY, kBlockX, kBlockY };
}

} // namespace dropsize::kernels
