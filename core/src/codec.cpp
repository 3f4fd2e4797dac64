// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/codec.h"

#include <cstring>
#include <optional>

namespace dropsize {

ImageFormat sniffFormat(std::span<const std::uint8_t> head) noexcept
{
    static constexpr std::uint8_t kPng[8] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
    if (head.size() >= 8 && std::memcmp(head.data(), kPng, 8) == 0) {
        return ImageFormat::Png;
    }
    if (head.size() >= 3 && head[0] == 0xff && head[1] == 0xd8 && head[2] == 0xff) {
        return ImageFormat::Jpeg;
    }
    return ImageFormat::Unknown;
}

const char* formatName(ImageFormat format) noexcept
{
    switch (format) {
    case ImageFormat::Jpeg:
        return "jpeg";
    case ImageFormat::Png:
        return "png";
    case ImageFormat::Unknown:
        break;
    }
    return "unknown";
}

namespace {

    // Where the orientation entry's value sits in a TIFF structure, and its byte order.
    struct OrientationEntry {
        std::size_t valueOffset = 0;
        bool bigEndian = false;
    };

    std::optional<OrientationEntry> findOrientation(std::span<const std::uint8_t> tiff) noexcept
    {
        if (tiff.size() < 8) {
            return std::nullopt;
        }
        bool big = false;
        if (tiff[0] == 'M' && tiff[1] == 'M') {
            big = true;
        } else if (!(tiff[0] == 'I' && tiff[1] == 'I')) {
            return std::nullopt;
        }
        auto u16 = [&](std::size_t at) -> std::uint32_t {
            return big ? (std::uint32_t { tiff[at] } << 8) | tiff[at + 1]
                       : (std::uint32_t { tiff[at + 1] } << 8) | tiff[at];
        };
        auto u32 = [&](std::size_t at) -> std::uint32_t {
            return big ? (u16(at) << 16) | u16(at + 2) : (u16(at + 2) << 16) | u16(at);
        };
        if (u16(2) != 42) {
            return std::nullopt;
        }
        const std::size_t ifd = u32(4);
        if (ifd > tiff.size() - 2) {
            return std::nullopt;
        }
        const std::size_t count = u16(ifd);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t entry = ifd + 2 + 12 * i;
            if (entry + 12 > tiff.size()) {
                break;
            }
            if (u16(entry) == 0x0112 && u16(entry + 2) == 3 /* SHORT */) {
                return OrientationEntry { entry + 8, big };
            }
        }
        return std::nullopt;
    }

} // namespace

int exifOrientation(std::span<const std::uint8_t> exif) noexcept
{
    const auto entry = findOrientation(exif);
    if (!entry) {
        return 1;
    }
    const std::size_t at = entry->valueOffset;
    const int value
        = entry->bigEndian ? (exif[at] << 8) | exif[at + 1] : (exif[at + 1] << 8) | exif[at];
    return (value >= 1 && value <= 8) ? value : 1;
}

bool resetExifOrientation(std::span<std::uint8_t> exif) noexcept
{
    const auto entry = findOrientation(exif);
    if (!entry) {
        return false;
    }
    const std::size_t at = entry->valueOffset;
    exif[at] = entry->bigEndian ? 0 : 1;
    exif[at + 1] = entry->bigEndian ? 1 : 0;
    return true;
}

} // namespace dropsize
