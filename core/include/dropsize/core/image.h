// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/result.h"
#include "dropsize/pixel/image_view.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace dropsize {

/// What a decoder's header says about an image, enough to plan its resize.
struct ImageInfo {
    int width = 0;
    int height = 0;
    int channels = 3; ///< samples per pixel after decoding: 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA
    bool dctScalable = false; ///< JPEG: can decode at 1/2, 1/4 or 1/8 size
    int orientation = 1; ///< EXIF orientation 1..8
};

/// An owning, move-only image with tightly packed rows.
class Image {
public:
    Image() = default;
    Image(Image&&) noexcept = default;
    Image& operator=(Image&&) noexcept = default;
    Image(const Image&) = delete;
    Image& operator=(const Image&) = delete;

    /// Allocates width×height×channels bytes, and `spare` more past the last row (room a decoder
    /// may fill the rows from, in place); fails with OutOfMemory or InvalidArgument, never
    /// throws.
    [[nodiscard]] static Result<Image> allocate(
        int width, int height, int channels, std::size_t spare = 0);

    /// Bytes an image of this size would take (for memory budgets), saturating on overflow.
    static std::size_t byteSize(int width, int height, int channels) noexcept;

    int width() const noexcept { return m_width; }
    int height() const noexcept { return m_height; }
    int channels() const noexcept { return m_channels; }
    std::ptrdiff_t stride() const noexcept { return m_stride; }
    bool empty() const noexcept { return m_data == nullptr; }
    std::uint8_t* data() noexcept { return m_data.get(); }
    const std::uint8_t* data() const noexcept { return m_data.get(); }

    ImageView view() noexcept { return { m_data.get(), m_width, m_height, m_channels, m_stride }; }
    ConstImageView view() const noexcept
    {
        return { m_data.get(), m_width, m_height, m_channels, m_stride };
    }

private:
    std::unique_ptr<std::uint8_t[]> m_data;
    int m_width = 0;
    int m_height = 0;
    int m_channels = 0;
    std::ptrdiff_t m_stride = 0;
};

} // namespace dropsize
