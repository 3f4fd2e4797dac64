// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Pixels as core and kernels both see them: non-owning views and a size. Owning images (Image)
// are core's.

#include <cstddef>
#include <cstdint>

namespace dropsize {

struct Size {
    int width = 0;
    int height = 0;
    // Written out rather than defaulted: nvcc compiles this header as C++17.
    friend constexpr bool operator==(const Size& a, const Size& b) noexcept
    {
        return a.width == b.width && a.height == b.height;
    }
    friend constexpr bool operator!=(const Size& a, const Size& b) noexcept { return !(a == b); }
};

/// A non-owning view of interleaved 8-bit pixels: 1 (grey), 2 (grey+alpha), 3 (RGB) or 4 (RGBA)
/// channels, rows `stride` bytes apart.
struct ImageView {
    std::uint8_t* data = nullptr;
    int width = 0;
    int height = 0;
    int channels = 0;
    std::ptrdiff_t stride = 0;

    std::uint8_t* row(int y) const noexcept
    {
        return data + static_cast<std::ptrdiff_t>(y) * stride;
    }
};

/// Read-only counterpart of ImageView.
struct ConstImageView {
    const std::uint8_t* data = nullptr;
    int width = 0;
    int height = 0;
    int channels = 0;
    std::ptrdiff_t stride = 0;

    ConstImageView() = default;
    ConstImageView(const std::uint8_t* d, int w, int h, int c, std::ptrdiff_t s) noexcept
        : data(d)
        , width(w)
        , height(h)
        , channels(c)
        , stride(s)
    {
    }
    ConstImageView(const ImageView& v) noexcept
        : ConstImageView(v.data, v.width, v.height, v.channels, v.stride)
    {
    }

    const std::uint8_t* row(int y) const noexcept
    {
        return data + static_cast<std::ptrdiff_t>(y) * stride;
    }
};

} // namespace dropsize
