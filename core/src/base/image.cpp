// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/image.h"

#include <limits>
#include <new>

namespace dropsize {

std::size_t Image::byteSize(int width, int height, int channels) noexcept
{
    if (width <= 0 || height <= 0 || channels <= 0) {
        return 0;
    }
    const auto w = static_cast<std::size_t>(width);
    const auto h = static_cast<std::size_t>(height);
    const auto c = static_cast<std::size_t>(channels);
    const std::size_t max = std::numeric_limits<std::size_t>::max();
    if (w > max / c || w * c > max / h) {
        return max;
    }
    return w * c * h;
}

Result<Image> Image::allocate(int width, int height, int channels, std::size_t spare)
{
    if (width <= 0 || height <= 0 || channels < 1 || channels > 4) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("image size out of range"));
    }
    std::size_t bytes = byteSize(width, height, channels);
    if (spare > std::numeric_limits<std::size_t>::max() - bytes) {
        return Error::of(ErrorCode::OutOfMemory, Text::tr("not enough memory for the image"));
    }
    bytes += spare;
    Image image;
    image.m_data.reset(new (std::nothrow) std::uint8_t[bytes]);
    if (!image.m_data) {
        return Error::of(ErrorCode::OutOfMemory, Text::tr("not enough memory for the image"));
    }
    image.m_width = width;
    image.m_height = height;
    image.m_channels = channels;
    image.m_stride = static_cast<std::ptrdiff_t>(width) * channels;
    return image;
}

} // namespace dropsize
